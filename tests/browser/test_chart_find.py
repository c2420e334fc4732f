"""Every device chart has a "find a device" box that rings the typed device, kept in the URL."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest
from tests.conftest import BuiltSite

if TYPE_CHECKING:
    from playwright.sync_api import Page

pytestmark = pytest.mark.browser

PAGES = [
    "charts/trends/",
    "charts/efficiency/",
    "charts/roofline/",
    "charts/export-map/",
    "charts/timeline/",
]


@pytest.mark.parametrize("path", PAGES)
def test_typing_a_device_rings_it_on_every_device_chart(
    built_site: BuiltSite, page: Page, path: str
) -> None:
    """Each chart that plots devices gets the box; typing "H100" marks at least one point."""
    page.goto(built_site.url + path)
    charts = page.locator(".xpuref-chart[data-xpuref-chart]")
    assert charts.count() >= 1
    boxes = page.locator(".xpuref-chart input[data-chart-find]")
    assert boxes.count() >= 1
    for i in range(boxes.count()):
        box = boxes.nth(i)
        box.scroll_into_view_if_needed()
        box.fill("H100")
        chart = box.locator("xpath=ancestor::*[@data-xpuref-chart][1]")
        chart.locator(".xpuref-chart-find-note").filter(has_text="found").wait_for(timeout=20000)
        assert int(chart.get_attribute("data-found") or "0") >= 1
        traces = chart.locator(".xpuref-plot").evaluate("p => p.data.map(t => t.name)")
        assert "Found: H100" in traces
    assert ".find=H100" in page.url
    page.reload()
    assert page.locator(".xpuref-chart input[data-chart-find]").first.input_value() == "H100"
