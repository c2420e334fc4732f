"""The reference tables of data/tables/ in Chinese: text cells from the text catalogue."""

from __future__ import annotations

import re

from tests.conftest import real_dataset

from xpuref.render.tables import render_table, table_html


def test_chinese_table_cells_are_translated_and_names_kept() -> None:
    """A phrase cell reads Chinese, a name cell is marked as a name, numbers stay as they are."""
    ds = real_dataset()
    english = str(render_table(ds.tables["memory_hierarchy"]))
    chinese = str(table_html(ds, "zh", "memory_hierarchy"))
    assert "<td>Hard disk access</td>" in english
    assert "Hard disk access" not in chinese
    assert "<td>机械硬盘访问</td>" in chinese
    assert re.search(r'<span translate="no">V100/A100/H100</span> 性能模型', chinese)
    numbers = str(table_html(ds, "zh", "numeric_formats"))
    assert '<td><span translate="no">FP8 E4M3</span></td>' in numbers
    assert "65,504" in numbers


def test_every_text_cell_of_a_data_table_has_its_chinese() -> None:
    """No text cell of a data_table table shows English words in the Chinese edition."""
    ds = real_dataset()
    for table_id in ("dtype_bytes", "memory_hierarchy", "numeric_formats", "storage"):
        html = str(table_html(ds, "zh", table_id))
        cells = re.findall(r"<td[^>]*>(.*?)</td>", html)
        for cell in cells:
            bare = re.sub(r'<span translate="no">[^<]*</span>|<[^>]+>', "", cell)
            assert not re.search(r"[a-z]{4,}", bare), (table_id, cell)
