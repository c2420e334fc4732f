"""The find box on charts beyond the catalog's scatter plots, and charts read on a phone.

A device page's roofline takes a typed device (what nvidia-smi prints works) and draws that
device's roofs over the page's own, loading the shared finder data only when the box is used;
the other device charts ring the SKU a driver string names; at 390 px the trends chart's
axis titles sit above their panels, clear of each other, of the x axis title and the legend,
and a device roofline's legend moves below its x axis title.
One page per chart.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pytest
from tests.conftest import PHONE_WIDTH, BuiltSite, real_dataset

if TYPE_CHECKING:
    from playwright.sync_api import Page

pytestmark = pytest.mark.browser

H100 = "nvidia-h100-sxm5-80gb"
DRIVER = "NVIDIA H100 80GB HBM3"  # what nvidia-smi prints for the H100 SXM5


def _found_traces(page: Page, chart: str) -> list[dict[str, Any]]:
    """The traces the find box added to a chart, with their points."""
    found: list[dict[str, Any]] = page.locator(f"#{chart} .xpuref-plot").evaluate(
        """p => p.data.filter(t => (t.name || '').startsWith('Found: '))
            .map(t => ({name: t.name, x: Array.from(t.x), y: Array.from(t.y)}))"""
    )
    return found


def test_device_roofline_draws_a_typed_device_over_its_own(
    built_site: BuiltSite, page: Page
) -> None:
    """On the A100 page, nvidia-smi's H100 string resolves to the H100 SXM5, whose BF16 roof
    (its catalog rate, flat after its ridge point) is drawn dashed; the link keeps it."""
    h100 = real_dataset().devices[H100]
    rate = h100.peak_dense["bf16_matrix"]
    page.goto(built_site.url + "devices/nvidia-a100-sxm4-80gb/")
    chart = page.locator("#xpuref-device-roofline")
    chart.scroll_into_view_if_needed()
    page.locator("#xpuref-device-roofline[data-drawn]").wait_for(state="attached")
    assert page.evaluate("typeof window.xpurefFind") == "undefined", "loaded only when used"
    box = chart.locator("input[data-chart-find]")
    box.fill(DRIVER)
    chart.locator(".xpuref-chart-find-note").filter(has_text="1 found").wait_for(timeout=20000)
    assert chart.get_attribute("data-resolved") == H100
    assert f"is {h100.name}" in chart.locator(".xpuref-chart-find-note").inner_text()
    roofs = {t["name"]: t for t in _found_traces(page, "xpuref-device-roofline")}
    bf16 = roofs[f"Found: {h100.name} · BF16 matrix"]
    assert bf16["y"][1:] == [rate, rate]
    bandwidth = h100.memory.bandwidth_gbs
    assert bandwidth is not None
    assert bf16["x"][1] == pytest.approx(rate * 1000 / bandwidth)  # the ridge point
    # The page's own device is found without a second line.
    box.fill("A100 SXM4 80GB")
    chart.locator(".xpuref-chart-find-note").filter(has_text="A100").wait_for()
    assert _found_traces(page, "xpuref-device-roofline") == []
    assert chart.get_attribute("data-found") == "1"
    box.fill(DRIVER)
    chart.locator(".xpuref-chart-find-note").filter(has_text="1 found").wait_for()
    assert "device-roofline.find=" in page.url
    page.reload()
    page.locator("#xpuref-device-roofline").scroll_into_view_if_needed()
    page.locator("#xpuref-device-roofline[data-resolved]").wait_for(state="attached")
    assert page.locator("#xpuref-device-roofline input[data-chart-find]").input_value() == DRIVER
    assert _found_traces(page, "xpuref-device-roofline")


@pytest.mark.parametrize(
    ("path", "chart"),
    [
        ("charts/trends/", "xpuref-trends"),
        ("charts/efficiency/", "xpuref-efficiency"),
        ("charts/timeline/", "xpuref-timeline"),
    ],
)
def test_a_driver_string_rings_its_device(
    built_site: BuiltSite, page: Page, path: str, chart: str
) -> None:
    """nvidia-smi's name for the H100 rings it (or, on the timeline, its generation)."""
    page.goto(built_site.url + path)
    box = page.locator(f"#{chart}")
    box.scroll_into_view_if_needed()
    page.locator(f"#{chart}[data-drawn]").wait_for(state="attached")
    box.locator("input[data-chart-find]").fill(DRIVER)
    box.locator(".xpuref-chart-find-note").filter(has_text="found").wait_for(timeout=20000)
    assert int(box.get_attribute("data-found") or "0") >= 1
    labels = [t["name"] for t in _found_traces(page, chart)]
    assert labels, "a ring is drawn"
    if path != "charts/timeline/":
        assert box.get_attribute("data-resolved") == H100


def _boxes(page: Page, selector: str) -> list[dict[str, float]]:
    """Bounding boxes of the chart's SVG elements matching ``selector``."""
    found: list[dict[str, float]] = page.locator(selector).evaluate_all(
        """els => els.map(e => { const r = e.getBoundingClientRect();
            return {top: r.top, bottom: r.bottom, left: r.left, right: r.right}; })
            .filter(r => r.bottom > r.top)"""
    )
    return found


def _apart(a: dict[str, float], b: dict[str, float]) -> bool:
    """Whether two boxes do not overlap."""
    return (
        a["bottom"] <= b["top"]
        or b["bottom"] <= a["top"]
        or a["right"] <= b["left"]
        or b["right"] <= a["left"]
    )


def test_trends_titles_clear_each_other_on_a_phone(built_site: BuiltSite, phone_page: Page) -> None:
    """At 390 px each panel's title is one line above it, and no title, the x axis title or
    the legend overlaps another; the chart stays within the screen."""
    page = phone_page
    page.goto(built_site.url + "charts/trends/")
    page.locator("#xpuref-trends").scroll_into_view_if_needed()
    page.locator("#xpuref-trends[data-drawn]").wait_for(state="attached")
    plot = "#xpuref-trends .xpuref-plot"
    titles = _boxes(page, f"{plot} .annotation")
    texts = page.locator(f"{plot} .annotation").evaluate_all("els => els.map(e => e.textContent)")
    assert any("Memory capacity" in t for t in texts), texts
    assert len(titles) == 3
    assert page.locator(f"{plot} .g-ytitle text").count() == 0, "no rotated titles"
    xtitle = _boxes(page, f"{plot} .g-xtitle text")
    legend = _boxes(page, f"{plot} .legend")
    shown = [*titles, *xtitle, *legend]
    assert len(xtitle) == 1 and len(legend) == 1
    for i, one in enumerate(shown):
        for other in shown[i + 1 :]:
            assert _apart(one, other), (one, other)
    assert legend[0]["top"] >= xtitle[0]["bottom"]
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE_WIDTH
    # A device page's roofline: its vertical legend moves below, under the x axis title.
    page.goto(built_site.url + "devices/nvidia-a100-sxm4-80gb/")
    page.locator("#xpuref-device-roofline").scroll_into_view_if_needed()
    page.locator("#xpuref-device-roofline[data-drawn]").wait_for(state="attached")
    plot = "#xpuref-device-roofline .xpuref-plot"
    xtitle = _boxes(page, f"{plot} .g-xtitle text")
    legend = _boxes(page, f"{plot} .legend")
    assert len(_boxes(page, f"{plot} .annotation")) == 1
    assert legend[0]["top"] >= xtitle[0]["bottom"]
    assert xtitle[0]["right"] <= PHONE_WIDTH and xtitle[0]["left"] >= 0
