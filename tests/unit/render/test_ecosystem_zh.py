"""The ecosystem map reads in Chinese on the Chinese edition; names stay as written."""

from __future__ import annotations

from tests.conftest import REAL_DATA, real_dataset

from xpuref.data.version import data_version
from xpuref.devtools.chinese_share import chinese_share
from xpuref.render.knowledge import ecosystem_html
from xpuref.render.pagecontext import PageContext


def test_cells_and_notes_are_chinese_and_names_are_marked() -> None:
    """Descriptive cells are translated; a bare name is kept and marked as one."""
    ds = real_dataset()
    ctx = PageContext(ds, data_version(REAL_DATA), "zh/ecosystem/", True, edition="zh/")
    html = str(ecosystem_html(ds.knowledge, ctx))
    assert '<td>流式多处理器（<span translate="no">SM</span>）</td>' in html
    assert '<td><span translate="no">npu-smi</span></td>' in html
    assert "Streaming multiprocessor" not in html
    share, letters = chinese_share(f"<article>{html}</article>")
    assert letters > 2000 and share > 0.9, share


def test_english_cells_stay_as_written() -> None:
    """Without a Chinese page the cells are the data's English, unmarked."""
    html = str(ecosystem_html(real_dataset().knowledge))
    assert "<td>Streaming multiprocessor (SM)</td>" in html
    assert 'translate="no"' not in html
