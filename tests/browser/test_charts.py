"""Charts in Chromium: light and dark, after instant navigation, offline, and only where needed."""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest
from tests.conftest import BuiltSite

if TYPE_CHECKING:
    from playwright.sync_api import Page

pytestmark = pytest.mark.browser

CHART_PAGES = ["roofline", "trends", "efficiency", "export-map", "timeline"]
TRACES = ".xpuref-chart[data-drawn] .js-plotly-plot .scatterlayer .trace"


def _expected_traces(page: Page) -> int:
    """Trace count of the first chart's default variant, read from the page's own JSON."""
    count: int = page.evaluate(
        """() => {
          const box = document.querySelector('.xpuref-chart');
          const holder = document.getElementById(box.dataset.xpurefChart);
          const data = JSON.parse(holder.content.querySelector('script').textContent);
          return data.variants[data.default].data.length;
        }"""
    )
    return count


def _wait_drawn(page: Page) -> None:
    """Wait until a chart has drawn its traces."""
    page.locator(".xpuref-chart[data-drawn]").first.wait_for(timeout=20000)
    page.locator(TRACES).first.wait_for(state="attached", timeout=20000)


def _devices(site: BuiltSite) -> list[dict[str, Any]]:
    """The published device records."""
    data = json.loads((site.root / "data/devices.json").read_text())
    return list(data["devices"])


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("name", CHART_PAGES)
def test_chart_page_draws(built_site: BuiltSite, page: Page, name: str, scheme: str) -> None:
    """Each chart page draws every trace of its figure, in the light and the dark palette."""
    page.emulate_media(color_scheme=scheme)  # type: ignore[arg-type]
    page.goto(f"{built_site.url}charts/{name}/")
    _wait_drawn(page)
    assert page.locator(TRACES).count() == _expected_traces(page)
    body_scheme = page.locator("body").get_attribute("data-md-color-scheme")
    assert body_scheme == ("slate" if scheme == "dark" else "default")
    assert page.locator(".xpuref-chart").get_attribute("data-scheme") == body_scheme
    assert page.locator(".xpuref-dense-note").first.is_visible()
    assert "Dense rates; sparse not counted." in page.locator(".xpuref-dense-note").inner_text()
    assert page.locator(".xpuref-chart-data table tbody tr").count() > 0


def test_palette_toggle_redraws_in_new_colours(built_site: BuiltSite, page: Page) -> None:
    """Switching the palette redraws the chart with the dark theme's text colour."""
    page.emulate_media(color_scheme="light")
    page.goto(f"{built_site.url}charts/roofline/")
    _wait_drawn(page)
    tick = ".xpuref-chart .xtick text"
    before = page.locator(tick).first.evaluate("t => getComputedStyle(t).fill")
    page.locator("label.md-header__button[for^='__palette']:visible").first.click()
    page.wait_for_function(
        "() => document.querySelector('.xpuref-chart').dataset.scheme === 'slate'"
    )
    after = page.locator(tick).first.evaluate("t => getComputedStyle(t).fill")
    assert before != after
    assert page.locator(TRACES).count() == _expected_traces(page)


def test_instant_navigation_draws_chart(built_site: BuiltSite, page: Page) -> None:
    """From the home page, a nav click (instant navigation, no reload) reaches a drawn chart."""
    page.goto(built_site.url)
    page.evaluate("() => { window.__sameDocument = true; }")
    page.locator("nav.md-nav--primary a[href$='charts/roofline/']").first.click()
    page.wait_for_url("**/charts/roofline/")
    _wait_drawn(page)
    assert page.evaluate("() => window.__sameDocument === true"), "page was reloaded"
    assert page.locator(TRACES).count() == _expected_traces(page)
    # And on to another chart page, still without a reload.
    page.locator("nav.md-nav--primary a[href$='charts/trends/']").first.click()
    page.wait_for_url("**/charts/trends/")
    page.wait_for_function("() => !!document.querySelector('#xpuref-trends[data-drawn]')")
    assert page.evaluate("() => window.__sameDocument === true")
    assert page.locator(TRACES).count() == _expected_traces(page)


def test_filters_and_precision_redraw(built_site: BuiltSite, page: Page) -> None:
    """The vendor filter keeps only that vendor's points; the precision select swaps variants."""
    nvidia = {
        d["id"]
        for d in _devices(built_site)
        if d["vendor"] == "nvidia" and d["memory_bandwidth_gbs"] and d["peak_dense"]["fp8_matrix"]
    }
    page.goto(f"{built_site.url}charts/roofline/")
    _wait_drawn(page)
    page.select_option("#xpuref-roofline-explorer select[data-chart-variant]", "fp8_matrix")
    page.wait_for_function(
        "() => document.querySelector('#xpuref-roofline-explorer').dataset.drawn === 'fp8_matrix'"
    )
    page.select_option("#xpuref-roofline-explorer select[data-chart-filter='vendor']", "nvidia")
    page.wait_for_function(
        "n => document.querySelector('#xpuref-roofline-explorer .js-plotly-plot')"
        ".data.filter(t => t.ids).reduce((s, t) => s + t.ids.length, 0) === n",
        arg=len(nvidia),
    )
    shown = page.evaluate(
        "() => document.querySelector('#xpuref-roofline-explorer .js-plotly-plot')"
        ".data.filter(t => t.ids && t.ids.length).flatMap(t => t.ids)"
    )
    assert set(shown) == nvidia
    points = page.locator("#xpuref-roofline-explorer .scatterlayer .trace .points path").count()
    assert points == len(nvidia)


def test_pages_without_charts_load_no_plotly(built_site: BuiltSite, page: Page) -> None:
    """Home, catalog, math and a device page without a bandwidth request no plotly at all."""
    requested: list[str] = []
    page.on("request", lambda r: requested.append(r.url))
    plain = next(d for d in _devices(built_site) if not d["memory_bandwidth_gbs"])
    for path in ("", "devices/", "math/", f"devices/{plain['id']}/", "compare/"):
        page.goto(built_site.url + path)
        page.wait_for_load_state("load")
        page.wait_for_timeout(300)
        assert page.evaluate("() => typeof window.Plotly") == "undefined", path
    assert [u for u in requested if "plotly" in u] == []
    assert any(u.endswith("assets/js/charts.js") for u in requested)


def test_device_page_roofline_draws(built_site: BuiltSite, page: Page) -> None:
    """A device page draws one roofline line per precision it lists, once scrolled to."""
    device = next(
        d
        for d in _devices(built_site)
        if d["id"] == "nvidia-h100-sxm5-80gb"
        or (d["memory_bandwidth_gbs"] and d["peak_dense"]["fp16_matrix"])
    )
    rates = [k for k, v in device["peak_dense"].items() if v is not None]
    page.goto(f"{built_site.url}devices/{device['id']}/")
    page.locator("#xpuref-device-roofline .xpuref-plot").scroll_into_view_if_needed()
    _wait_drawn(page)
    assert page.locator(TRACES).count() == len(rates)
    table = page.locator("#xpuref-device-roofline table tbody tr")
    assert table.count() == len(rates)


def test_offline_chart_page(offline_bundle: Path, page: Page) -> None:
    """From file:// the bundle draws a chart with its local plotly and no network at all."""
    remote: list[str] = []
    page.on("request", lambda r: remote.append(r.url) if r.url.startswith("http") else None)
    page.goto((offline_bundle / "charts" / "export-map.html").as_uri())
    _wait_drawn(page)
    assert page.locator(TRACES).count() == _expected_traces(page)
    page.select_option("#xpuref-export-map select[data-chart-variant]", "us-2022-10")
    page.wait_for_function(
        "() => document.querySelector('#xpuref-export-map').dataset.drawn === 'us-2022-10'"
    )
    assert page.locator(TRACES).count() > 1
    assert remote == []


def test_hover_shows_hostile_name_as_text(hostile_site: BuiltSite, page: Page) -> None:
    """A device name full of markup shows literally in the hover label and runs nothing."""
    record = _devices(hostile_site)[0]
    page.goto(f"{hostile_site.url}charts/roofline/")
    _wait_drawn(page)
    page.locator(".scatterlayer .trace .points path").first.hover(force=True)
    label = page.locator(".hoverlayer .hovertext")
    label.first.wait_for(state="attached")
    text = label.first.text_content() or ""
    assert text.startswith(record["name"])
    assert page.evaluate("typeof window.__pwned") == "undefined"
