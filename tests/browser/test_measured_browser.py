"""Measured beside peak in the browser: device page, catalog column and filter, compare, and the
roofline and MFU calculators' achieved figures."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any
from urllib.parse import parse_qs, urlparse

import pytest
from tests.browser.calcforms import open_calculators, outputs, set_fields
from tests.conftest import PHONE, PHONE_WIDTH, BuiltSite

if TYPE_CHECKING:
    from playwright.sync_api import Page

pytestmark = pytest.mark.browser

H100 = "nvidia-h100-sxm5-80gb"
MI300X = "amd-instinct-mi300x-oam-192gb"
VISIBLE = "#xpuref-catalog tbody tr:not([hidden])"


def _devices(site: BuiltSite) -> dict[str, dict[str, Any]]:
    """The published device records by id."""
    records = json.loads((site.root / "data/devices.json").read_text())["devices"]
    return {d["id"]: d for d in records}


def test_device_page_shows_measured_beside_peak(built_site: BuiltSite, page: Page) -> None:
    """The H100 page lists each measurement with the peak, the share, conditions and the quote."""
    page.goto(f"{built_site.url}devices/{H100}/")
    row = page.locator("tr#measured-mamf-h100-sxm-bf16")
    row.wait_for()
    cells = row.locator("td")
    assert cells.nth(0).inner_text().startswith("794.5")
    assert "989.5" in cells.nth(1).inner_text()
    assert cells.nth(2).inner_text() == "80.3 %"
    assert "2048×2048×13312" in cells.nth(3).inner_text()
    assert "torch 2.7.0+cu126" in cells.nth(3).inner_text()
    link = cells.nth(4).locator("a")
    assert "github.com/stas00/ml-engineering" in (link.get_attribute("href") or "")
    assert "794.5" in cells.nth(4).inner_text()  # the quoted table row
    shown = page.locator("table.xpuref-measured tbody tr").count()
    assert shown == len(_devices(built_site)[H100]["measured"])


def test_catalog_achieved_column_filter_and_reload(built_site: BuiltSite, page: Page) -> None:
    """The achieved BF16 GEMM range keeps exactly the devices measured at or above it."""
    records = _devices(built_site)
    page.goto(built_site.url + "devices/")
    head = page.locator("#xpuref-catalog th[data-key='achieved']")
    assert "Achieved BF16 GEMM" in head.inner_text()
    page.locator("input[name='achieved_min']").fill("700")
    page.locator("input[name='achieved_min']").dispatch_event("input")
    expected = {i for i, d in records.items() if (d["achieved_bf16_gemm_tflops"] or 0) >= 700}
    assert {H100, "nvidia-b200-sxm-180gb"} <= expected
    page.wait_for_function(
        f"() => document.querySelectorAll('{VISIBLE}').length === {len(expected)}"
    )

    def visible() -> set[str]:
        return set(page.locator(VISIBLE).evaluate_all("rows => rows.map(r => r.dataset.id)"))

    assert visible() == expected
    assert parse_qs(urlparse(page.url).query)["achieved_min"] == ["700"]
    page.reload()
    page.wait_for_function(
        f"() => document.querySelectorAll('{VISIBLE}').length === {len(expected)}"
    )
    assert visible() == expected
    cell = page.locator(f"#xpuref-catalog tr[data-id='{H100}'] td").nth(9)
    assert cell.get_attribute("data-sort") == repr(records[H100]["achieved_bf16_gemm_tflops"])


def test_compare_shows_achieved_and_share(built_site: BuiltSite, page: Page) -> None:
    """Compare lists the achieved BF16 GEMM and its share of the dense peak; the higher wins."""
    page.goto(f"{built_site.url}compare/?ids={H100},{MI300X}")
    page.locator(".xpuref-compare-table:not([hidden])").wait_for()
    row = page.locator("tr[data-row='achieved_bf16_gemm'] td")
    texts = [row.nth(i).inner_text().replace("★", "").strip() for i in range(2)]
    assert texts == ["797.51", "668.4"]
    assert row.nth(0).get_attribute("data-best") == "1"
    share = page.locator("tr[data-row='achieved_bf16_share'] td")
    assert share.nth(1).inner_text().replace("★", "").strip() == "51.1"


def test_roofline_draws_the_achieved_ceiling(built_site: BuiltSite, page: Page) -> None:
    """With the H100 at BF16 the form shows the achieved ceiling and the plot draws it."""
    open_calculators(page, built_site.url + "calculators/roofline/")
    form = page.locator("#calc-roofline-gemm")
    set_fields(form, device=H100, precision="bf16_matrix", m=8192, n=8192, k=8192)
    page.wait_for_function(
        "() => document.querySelector('#calc-roofline-gemm [data-out=achieved]').dataset.value"
    )
    found = outputs(form)
    assert float(found["achieved"]) == pytest.approx(797.51e12)
    assert float(found["achieved_attainable"]) == pytest.approx(797.51e12)
    assert form.locator("svg path.roof-achieved").count() == 1
    assert "achieved (measured)" in (form.locator("svg text.achieved-label").text_content() or "")
    set_fields(form, device="")  # typed numbers: no device, no achieved ceiling
    page.wait_for_function(
        "() => !document.querySelector('#calc-roofline-gemm [data-out=achieved]').dataset.value"
    )
    assert form.locator("svg path.roof-achieved").count() == 0


def test_mfu_against_peak_and_achieved(built_site: BuiltSite, page: Page) -> None:
    """MFU against the achieved rate is MFU x peak / achieved for the chosen device."""
    open_calculators(page, built_site.url + "calculators/mfu/")
    form = page.locator("#calc-mfu")
    set_fields(form, device=H100, precision="bf16_matrix", tokens_per_s=30000, devices=8)
    page.wait_for_function(
        "() => document.querySelector('#calc-mfu [data-out=mfu_achieved]').dataset.value"
    )
    found = outputs(form)
    peak = float(form.locator("[name='peak_tflops']").input_value())
    assert float(found["achieved_tflops"]) == pytest.approx(797.51e12)
    assert float(found["mfu_achieved"]) == pytest.approx(
        float(found["mfu"]) * peak / 797.51, rel=1e-9
    )
    assert float(found["mfu_achieved"]) > float(found["mfu"])


def test_measured_table_fits_a_phone(built_site: BuiltSite, page: Page) -> None:
    """At 390 px the measured table scrolls inside its own box; the page is no wider."""
    page.set_viewport_size(PHONE["viewport"])
    page.goto(f"{built_site.url}devices/{H100}/")
    table = page.locator("table.xpuref-measured")
    assert table.evaluate("t => t.parentElement.classList.contains('xpuref-scroll')")
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE_WIDTH
