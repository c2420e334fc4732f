"""The export-controls page's rules and class table read in Chinese on the Chinese edition."""

from __future__ import annotations

from tests.conftest import REAL_DATA, real_dataset

from xpuref.data.version import data_version
from xpuref.devtools.chinese_share import chinese_share
from xpuref.render.knowledge import condition_text, export_classes_html, export_rules_html
from xpuref.render.messages import messages
from xpuref.render.pagecontext import PageContext


def _zh() -> PageContext:
    """The Chinese export-controls page of the real data."""
    ds = real_dataset()
    return PageContext(ds, data_version(REAL_DATA), "zh/export-controls/", True, edition="zh/")


def test_rules_read_in_chinese_with_the_thresholds_unchanged() -> None:
    """Labels, statuses, summaries and conditions are Chinese; figures and ids stay."""
    ctx = _zh()
    notes = ctx.catalog.knowledge.export_notes
    html = str(export_rules_html(ctx.catalog.rule_dicts(), notes, ctx))
    assert "<strong>规则编号：</strong> <code>us-2023-10</code>" in html
    assert "现行有效" in html and "已撤销" in html
    assert "Rule id:" not in html and "In words" not in html
    name = '<span translate="no">{}</span>'
    tpp, unit = name.format("TPP"), name.format("GB/s")
    assert f"{tpp} ≥ 4,800 且 输入/输出带宽（{unit}） ≥ 600" in html
    assert "不受管制（<code>note-2-to-3A090</code>）" in html
    share, letters = chinese_share(f"<article>{html}</article>")
    assert letters > 2000 and share > 0.9, share


def test_condition_words_come_from_the_catalogue() -> None:
    """The same condition reads in English by default and in Chinese from the zh catalogue."""
    node = {"all_of": [{"metric": "designed_for_datacenter", "equals": False}]}
    assert condition_text(node) == "designed or marketed for datacenters is false"
    assert condition_text(node, t=messages("zh")) == "为数据中心设计或销售：否"


def test_class_table_reads_in_chinese() -> None:
    """Device names, markets, classes, reasons and published statements are Chinese."""
    html = str(export_classes_html(real_dataset(), _zh()))
    assert "<th>设备</th><th>厂商</th><th>市场</th>" in html
    assert "不受管制" in html and "本站计算结果为" in html
    assert "computed" not in html and "Licence requirement" not in html
    share, letters = chinese_share(f"<article>{html}</article>")
    assert letters > 5000 and share > 0.9, share
