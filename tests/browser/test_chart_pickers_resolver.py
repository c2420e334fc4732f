"""The roofline and export-map charts find a device by what its driver prints, as pickers do."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pytest
from tests.browser.test_pickers_resolver import DRIVER_STRINGS
from tests.conftest import BuiltSite

from xpuref.data.dataset import Dataset, load_dataset
from xpuref.data.paths import data_dir
from xpuref.views.lookup import lookup_name

if TYPE_CHECKING:
    from playwright.sync_api import Locator, Page

pytestmark = pytest.mark.browser

#: The chart pages that pick a device, the chart on each, and how many of the driver strings'
#: devices it places at least (the export map places only devices with a stated die area).
CHARTS = {
    "charts/roofline/": ("xpuref-roofline-explorer", 5),
    "charts/export-map/": ("xpuref-export-map", 1),
}


@pytest.fixture(scope="module")
def catalog() -> Dataset:
    """The real catalog the site was built from."""
    return load_dataset(data_dir())


def _find(chart: Locator, text: str, resolved: bool = True) -> dict[str, Any]:
    """Type a name into the chart's find box; return what the drawn chart shows for it.

    The note under the box changes once the chart is drawn again: it quotes a name the
    resolver knows; for plain words the chart's found count leaves zero.
    """
    chart.locator("input[data-chart-find]").fill(text)
    if resolved:
        chart.locator(".xpuref-chart-find-note").filter(has_text=f"“{text}”").wait_for()
    else:
        chart.locator("xpath=self::*[@data-found and @data-found != '0']").wait_for(
            state="attached"
        )
    result: dict[str, Any] = chart.locator(".xpuref-plot").evaluate(
        """p => ({
            found: p.data.filter(t => (t.name || '').startsWith('Found: '))
              .map(t => t.x.map((x, i) => [x, t.y[i]])).flat(),
            points: Object.fromEntries(p.data.filter(t => Array.isArray(t.ids))
              .flatMap(t => t.ids.map((id, i) => [id, [t.x[i], t.y[i]]])))
        })"""
    )
    result["resolved"] = (chart.get_attribute("data-resolved") or "").split()
    result["note"] = chart.locator(".xpuref-chart-find-note").inner_text()
    return result


@pytest.mark.parametrize("path", sorted(CHARTS))
def test_driver_strings_find_their_sku_on_the_chart(
    built_site: BuiltSite, page: Page, path: str, catalog: Dataset
) -> None:
    """Each vendor's driver string resolves to the SKU `xpuref lookup` gives and rings its point."""
    chart_id, placed = CHARTS[path]
    page.goto(built_site.url + path)
    chart = page.locator(f"#{chart_id}")
    chart.scroll_into_view_if_needed()
    page.locator(f"#{chart_id}[data-drawn]").wait_for(state="attached")
    ringed = 0
    for text, expected in DRIVER_STRINGS.items():
        assert lookup_name(text, catalog).id == expected
        shown = _find(chart, text)
        assert shown["resolved"] == [expected], text
        assert catalog.devices[expected].name in shown["note"], text
        if expected in shown["points"]:
            assert shown["points"][expected] in shown["found"], text
            ringed += 1
        elif not shown["found"]:  # not drawn: the note says so, and the map lists it aside
            assert "none on this chart" in shown["note"], text
            if "export" in path:
                assert (
                    chart.locator(f".xpuref-not-placed li[data-device='{expected}']").count() == 1
                )
    # The H100 (nvidia-smi's name, not the catalog's) is on both charts and is ringed alone.
    shown = _find(chart, "NVIDIA H100 80GB HBM3")
    assert shown["found"] == [shown["points"]["nvidia-h100-sxm5-80gb"]]
    assert "is NVIDIA H100 SXM5 80GB" in shown["note"]
    assert ringed >= placed


def test_words_that_name_no_device_still_search_labels(built_site: BuiltSite, page: Page) -> None:
    """Text the resolver does not know falls back to matching words in the points' labels."""
    page.goto(built_site.url + "charts/roofline/")
    chart = page.locator("#xpuref-roofline-explorer")
    chart.scroll_into_view_if_needed()
    page.locator("#xpuref-roofline-explorer[data-drawn]").wait_for(state="attached")
    shown = _find(chart, "sxm5", resolved=False)
    assert shown["resolved"] == []
    assert len(shown["found"]) >= 2
