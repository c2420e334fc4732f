"""Charts in Chromium: light and dark, after instant navigation, offline, and only where needed."""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest
from tests.browser.instant import open_for_instant_navigation
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
    open_for_instant_navigation(page, built_site.url)
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
    assert any(u.endswith("assets/js/xpuref.js") for u in requested)  # charts.js within


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


def _marker_styles(page: Page, chart: str, *, raw: bool = False) -> dict[str, tuple[str, str]]:
    """Device id -> (colour, symbol) of every device point the chart draws.

    The symbol is the vendor's shape; with ``raw`` it keeps plotly's "-open" suffix, which
    marks parts not made for data centers.
    """
    found: dict[str, list[str]] = page.evaluate(
        """chart => {
          const out = {};
          for (const t of document.querySelector(chart + ' .js-plotly-plot').data) {
            if (!t.ids) continue;
            t.ids.forEach((id, i) => {
              const s = Array.isArray(t.marker.symbol) ? t.marker.symbol[i] : t.marker.symbol;
              out[id] = [t.marker.color, s || 'circle'];
            });
          }
          return out;
        }""",
        chart,
    )
    return {
        k: (v[0].lower(), v[1] if raw else v[1].removesuffix("-open")) for k, v in found.items()
    }


def test_vendor_colours_are_the_same_on_every_chart_and_the_catalog(
    built_site: BuiltSite, page: Page
) -> None:
    """One colour and shape per vendor on every chart (open when not for data centers).

    The catalog's swatch shows the same colour.
    """
    vendor_of = {d["id"]: d["vendor"] for d in _devices(built_site)}
    market_of = {d["id"]: d["market"] for d in _devices(built_site)}
    styles: dict[str, set[tuple[str, str]]] = {}
    for name, chart in (
        ("trends", "#xpuref-trends"),
        ("efficiency", "#xpuref-efficiency"),
        ("roofline", "#xpuref-roofline-explorer"),
    ):
        page.goto(f"{built_site.url}charts/{name}/")
        _wait_drawn(page)
        for device, style in _marker_styles(page, chart).items():
            styles.setdefault(vendor_of[device], set()).add(style)
        for device, (_, symbol) in _marker_styles(page, chart, raw=True).items():
            assert symbol.endswith("-open") == (market_of[device] != "datacenter"), device
    assert len(styles) >= 15
    assert all(len(found) == 1 for found in styles.values()), styles
    pairs = [next(iter(found)) for found in styles.values()]
    assert len(set(pairs)) == len(pairs), "two vendors share a colour and a shape"
    page.goto(f"{built_site.url}devices/")
    swatches: dict[str, str] = page.evaluate(
        """() => Object.fromEntries([...document.querySelectorAll('tr[data-vendor]')].map(r => {
          const c = getComputedStyle(r.querySelector('.xpuref-swatch')).backgroundColor;
          const [red, green, blue] = c.match(/\\d+/g).map(Number);
          return [r.dataset.vendor, '#' + [red, green, blue].map(
            v => v.toString(16).padStart(2, '0')).join('')];
        }))"""
    )
    for vendor, found in styles.items():
        assert swatches[vendor] == next(iter(found))[0], vendor


def test_timeline_labels_do_not_overlap_at_desktop_width(built_site: BuiltSite, page: Page) -> None:
    """At 1440 px every generation keeps a label, none touching another, in a chart under 960 px."""
    page.set_viewport_size({"width": 1440, "height": 900})
    page.goto(f"{built_site.url}charts/timeline/")
    _wait_drawn(page)
    boxes: list[list[float]] = page.evaluate(
        """() => [...document.querySelectorAll('#xpuref-timeline .textpoint text')].map(t => {
          const r = t.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; })"""
    )
    assert len(boxes) >= 70
    for i, a in enumerate(boxes):
        for b in boxes[i + 1 :]:
            assert a[2] <= b[0] or b[2] <= a[0] or a[3] <= b[1] or b[3] <= a[1], (a, b)
    height = page.locator("#xpuref-timeline .xpuref-plot").evaluate(
        "p => p.getBoundingClientRect().height"
    )
    assert height < 960


def _empty_filters(page: Page, chart: str) -> dict[str, str]:
    """Filter values (one per filter) that together leave the default view with no device."""
    found: dict[str, str] | None = page.evaluate(
        """chart => {
          const box = document.querySelector(chart);
          const data = JSON.parse(document.getElementById(box.dataset.xpurefChart)
            .content.querySelector('script').textContent);
          const ids = data.variants[data.default].data.flatMap(t => t.ids || []);
          const selects = [...box.querySelectorAll('select[data-chart-filter]')];
          const options = selects.map(s => [...s.options].map(o => o.value).filter(Boolean));
          const [a, b] = options;
          const [ka, kb] = selects.map(s => s.dataset.chartFilter);
          for (const x of a) for (const y of b) {
            const hit = ids.some(id => data.tags[id][ka] === x && data.tags[id][kb] === y);
            if (!hit) return {[ka]: x, [kb]: y};
          }
          return null;
        }""",
        chart,
    )
    assert found, "every filter pair matches a device"
    return found


def test_an_empty_filter_says_so(built_site: BuiltSite, page: Page) -> None:
    """Filters that match no device show a message instead of a silent empty plot."""
    page.goto(f"{built_site.url}charts/roofline/")
    _wait_drawn(page)
    chart = "#xpuref-roofline-explorer"
    message = page.locator(f"{chart} .xpuref-chart-empty")
    assert message.is_hidden()
    for name, value in _empty_filters(page, chart).items():
        page.select_option(f"{chart} select[data-chart-filter='{name}']", value)
    page.wait_for_function(f"() => document.querySelector('{chart}').dataset.empty === '1'")
    assert message.is_visible() and "No device matches" in message.inner_text()
    page.select_option(f"{chart} select[data-chart-filter='vendor']", "")
    page.wait_for_function(f"() => !document.querySelector('{chart}').dataset.empty")
    assert message.is_hidden()


def test_chart_state_lives_in_the_url(built_site: BuiltSite, page: Page) -> None:
    """Variant and filters go to the address, and a reload (or a shared link) restores them."""
    chart = "#xpuref-roofline-explorer"
    page.goto(f"{built_site.url}charts/roofline/")
    _wait_drawn(page)
    page.select_option(f"{chart} select[data-chart-variant]", "fp8_matrix")
    page.select_option(f"{chart} select[data-chart-filter='vendor']", "nvidia")
    page.wait_for_function("() => location.search.includes('vendor=nvidia')")
    assert "roofline-explorer.view=fp8_matrix" in page.url
    page.reload()
    page.wait_for_function(
        f"() => document.querySelector('{chart}').dataset.drawn === 'fp8_matrix'"
    )
    assert page.locator(f"{chart} select[data-chart-variant]").input_value() == "fp8_matrix"
    assert page.locator(f"{chart} select[data-chart-filter='vendor']").input_value() == "nvidia"
    vendors = {d["id"]: d["vendor"] for d in _devices(built_site)}
    shown = _marker_styles(page, chart)
    assert shown and {vendors[i] for i in shown} == {"nvidia"}
