"""Chart boxes and what charts.js writes take their words from the page's catalogue (issue #34)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from tests.conftest import real_dataset

from xpuref.data.version import DataVersion
from xpuref.render.charts import device_section
from xpuref.render.macros import page_macros
from xpuref.render.messages import Messages
from xpuref.render.pagecontext import PageContext, Published
from xpuref.render.pages import device_page

_HAN = re.compile(r"[\u4e00-\u9fff]")
_CHARTS_JS = Path(__file__).parents[3] / "site_overrides" / "assets" / "js" / "charts.js"
#: A key charts.js asks for: say(box, "key", ...) or text("key", ...).
_ASKED = re.compile(r'\b(?:say\(box, |text\()"(\w+)"')


def _ctx(url: str, edition: str = "") -> PageContext:
    """A page context for a page of the English edition or of ``edition`` ("zh/")."""
    return PageContext(
        real_dataset(), DataVersion("t", "2026-11-28", 0), edition + url, True, "", edition
    )


def _script_words(html: str, chart_id: str) -> dict[str, str]:
    """The js.chart.* words the build put in the chart's <template>."""
    element = f'<script type="application/json" id="{chart_id}-text-json">'
    match = re.search(re.escape(element) + "(.*?)</script>", html)
    assert match, chart_id
    words: dict[str, str] = json.loads(match.group(1))
    return words


def test_every_word_charts_js_asks_for_is_in_both_catalogues() -> None:
    """No chart shows a bare key: each js.chart.* key the script asks for exists in en and zh."""
    asked = set(_ASKED.findall(_CHARTS_JS.read_text(encoding="utf-8")))
    assert {"find", "find_placeholder", "found_trace", "none_here", "peak"} <= asked
    for language in ("en", "zh"):
        assert asked <= set(Messages(language).prefixed("js.chart.")), language


@pytest.mark.parametrize("macro", ["roofline_chart", "export_map_chart"])
def test_zh_chart_box_and_script_words_come_from_the_zh_catalogue(macro: str) -> None:
    """The zh chart's notes, table summary and finder words are the zh catalogue's; en unchanged."""
    zh = str(page_macros(_ctx("charts/", "zh/"))[macro]())
    en = str(page_macros(_ctx("charts/"))[macro]())
    chart_id = re.search(r'data-xpuref-chart="([\w-]+)-figure"', zh)
    assert chart_id
    assert _script_words(zh, chart_id.group(1)) == Messages("zh").prefixed("js.chart.")
    assert _script_words(en, chart_id.group(1)) == Messages("en").prefixed("js.chart.")
    assert _HAN.search(Messages("zh")("js.chart.find"))
    assert Messages("zh")("chart.dense") in zh and "Dense rates; sparse not counted." not in zh
    assert "图表背后的数据" in zh and "Data behind this chart" not in zh
    assert "Dense rates; sparse not counted." in en and "Data behind this chart (" in en
    assert Messages("en")("js.chart.find") == "Find a device "


def test_zh_device_roofline_note_is_chinese() -> None:
    """The roofline under a zh device page explains its lines in Chinese."""
    device = real_dataset().devices["nvidia-h100-sxm5-80gb"]
    zh = str(device_section(device, real_dataset(), "zh"))
    en = str(device_section(device, real_dataset()))
    assert Messages("zh")("chart.note.device_roofline") in zh
    assert "Each line is min(peak, intensity × memory bandwidth)" in en
    assert "Each line is" not in zh


def _compare_rows(html: str) -> list[dict[str, str]]:
    """The rows of the compare data the build put in the page."""
    element = '<script type="application/json" id="xpuref-compare-data-json">'
    match = re.search(re.escape(element) + "(.*?)</script>", html, re.S)
    assert match
    rows: list[dict[str, str]] = json.loads(match.group(1))["rows"]
    return rows


def test_zh_compare_rows_are_named_from_the_zh_catalogue() -> None:
    """Every zh compare row and group reads in Chinese (or is a name: TPP); English is unchanged."""
    zh = _compare_rows(str(page_macros(_ctx("compare/", "zh/"))["compare_tool"]()))
    en = _compare_rows(str(page_macros(_ctx("compare/"))["compare_tool"]()))
    assert [r["id"] for r in zh] == [r["id"] for r in en]
    by_id = {r["id"]: r for r in zh}
    assert by_id["vendor_name"]["label"] == Messages("zh")("compare.row.vendor_name")
    assert by_id["memory_bandwidth_gbs"]["label"] == Messages("zh")("field.memory.bandwidth_gbs")
    assert by_id["sparse_bf16_matrix"]["label"] == "BF16 矩阵算力（含稀疏）"
    assert by_id["peak_bf16_matrix"]["group"] == "稠密峰值"
    untranslated = [r["id"] for r in zh if not _HAN.search(r["label"] + r["group"])]
    assert untranslated == [], untranslated
    labels = {r["id"]: r["label"] for r in en}
    assert labels["sparse_bf16_matrix"] == "BF16 matrix, with sparsity"
    assert labels["vendor_name"] == "Vendor" and en[0]["group"] == "Basics"


def test_add_to_compare_note_words_are_on_the_device_page() -> None:
    """The device page carries the js.add_compare.* words compare.js writes beside its button."""
    asked = set(
        re.findall(r'"(with_(?:one|many))"', (_CHARTS_JS.parent / "compare.js").read_text())
    )
    assert asked == {"with_one", "with_many"}
    for language in ("en", "zh"):
        assert asked <= set(Messages(language).prefixed("js.add_compare."))
    assert _HAN.search(Messages("zh")("js.add_compare.with_many"))


def test_zh_device_page_carries_the_zh_add_to_compare_words() -> None:
    """The zh device page's <template> holds the zh note; the English page the English one."""
    device = real_dataset().devices["nvidia-h100-sxm5-80gb"]
    version = DataVersion("t", "2026-11-28", 0)
    zh = device_page(device, real_dataset(), version, Published(language="zh"))
    en = device_page(device, real_dataset(), version)
    assert _script_words(zh, "xpuref-add-compare") == Messages("zh").prefixed("js.add_compare.")
    assert _script_words(en, "xpuref-add-compare")["with_one"] == "with the 1 device already chosen"


def test_zh_chart_titles_and_filters_come_from_the_zh_catalogue() -> None:
    """Filter labels, market options and the chart's title read in Chinese; English as built."""
    zh = str(page_macros(_ctx("charts/", "zh/"))["roofline_chart"]())
    en = str(page_macros(_ctx("charts/"))["roofline_chart"]())
    zh_t = Messages("zh")
    for key in ("chart.filter.vendor", "chart.filter.market", "chart.variant.precision"):
        assert f'aria-label="{zh_t(key)}"' in zh, key
    assert zh_t("catalog.market.datacenter") in zh
    assert zh_t("chart.title.roofline-explorer") in zh
    assert 'aria-label="Vendor"' in en and 'aria-label="Precision"' in en
    assert "Chart: Dense peak against memory bandwidth (its numbers" in en
    device = real_dataset().devices["nvidia-h100-sxm5-80gb"]
    assert "NVIDIA H100 SXM5 80GB 的屋顶线" in str(device_section(device, real_dataset(), "zh"))


def test_zh_precision_choices_name_the_rate_and_count_in_chinese() -> None:
    """The precision select reads "BF16 矩阵算力（N 台设备）" on zh; English keeps "(N devices)"."""
    zh = str(page_macros(_ctx("charts/", "zh/"))["roofline_chart"]())
    en = str(page_macros(_ctx("charts/"))["roofline_chart"]())
    zh_count = re.search(r'<option value="bf16_matrix">BF16 矩阵算力（(\d+) 台设备）</option>', zh)
    en_count = re.search(r'<option value="bf16_matrix">BF16 matrix \((\d+) devices\)</option>', en)
    assert zh_count and en_count and zh_count.group(1) == en_count.group(1)
    assert '<option value="half_matrix">BF16/FP16 矩阵算力（' in zh
