"""The architectures and data-quality tables in Chinese: headers and data text translated."""

from __future__ import annotations

import re

from tests.conftest import REAL_DATA, real_dataset

from xpuref.data.version import data_version
from xpuref.devtools.chinese_share import chinese_share
from xpuref.render.knowledge import derived_html, gaps_html, source_summary
from xpuref.render.pagecontext import PageContext
from xpuref.render.pages import architecture_table


def _quality(edition: str) -> PageContext:
    """A data-quality page context of one edition ("" or "zh/")."""
    ds = real_dataset()
    return PageContext(
        ds, data_version(REAL_DATA), edition + "data-quality/", True, edition=edition
    )


def test_the_chinese_architectures_table_translates_headers_and_introduced_items() -> None:
    ds = real_dataset()
    english = str(architecture_table(ds))
    chinese = str(architecture_table(ds, "zh"))
    assert "<th>What it introduced</th>" in english
    assert "<th>引入的特性</th>" in chinese
    assert "PCIe 4.0 host interface" in english
    assert "PCIe 4.0 host interface" not in chinese
    assert re.search(r'<span translate="no">PCIe 4.0</span> 主机接口', chinese)
    assert "<td>摩尔线程未公开</td>" in chinese
    share, letters = chinese_share(f"<article>{chinese}</article>")
    assert letters > 1000 and share >= 0.9


def test_the_chinese_data_quality_tables_translate_headers_reasons_and_notes() -> None:
    english, chinese = _quality(""), _quality("zh/")
    gaps_en, gaps_zh = (
        str(gaps_html(english.catalog, english)),
        str(gaps_html(chinese.catalog, chinese)),
    )
    assert "<th>Why</th>" in gaps_en and "<th>原因</th>" in gaps_zh
    derived_zh = str(derived_html(chinese.catalog, chinese))
    assert "<th>公式（代入厂商给出的输入）</th>" in derived_zh
    assert "Cambricon quotes the X8" not in derived_zh
    assert "寒武纪给出的" in derived_zh
    summary_en, summary_zh = str(source_summary(english)), str(source_summary(chinese))
    assert summary_en.startswith("coverage: ")
    assert summary_zh.startswith("覆盖范围：共 ")
    for html in (gaps_zh, derived_zh, summary_zh):
        share, letters = chinese_share(f"<article>{html}</article>")
        assert letters > 100 and share >= 0.9, (share, letters)
