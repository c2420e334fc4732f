"""Browser smoke tests: the catalog filters, and a device page shows its spec rows."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING

import pytest
from playwright.sync_api import expect
from tests.conftest import BuiltSite

if TYPE_CHECKING:
    from playwright.sync_api import Page

pytestmark = pytest.mark.browser


def _first_device(site: BuiltSite) -> dict[str, object]:
    """A device with a BF16 or FP16 matrix rate from the published JSON."""
    devices = json.loads((site.root / "data/devices.json").read_text())["devices"]
    for device in devices:
        if device["peak_dense"]["fp16_matrix"] and device["memory_bandwidth_gbs"]:
            return dict(device)
    raise AssertionError("no device with an fp16 matrix rate")


def test_catalog_filter_and_open_device(built_site: BuiltSite, page: Page) -> None:
    """Type a name into the filter, see the row narrow, click through to the device."""
    device = _first_device(built_site)
    page.goto(built_site.url + "devices/")
    rows = page.locator("#xpuref-catalog tbody tr")
    total = rows.count()
    assert total >= 1
    assert page.locator(".xpuref-count").inner_text() == f"{total} devices"
    page.fill(".xpuref-filter-text", str(device["id"]))
    visible = page.locator("#xpuref-catalog tbody tr:not([hidden])")
    assert visible.count() == 1
    assert page.locator(".xpuref-count").inner_text() == "1 device"
    visible.locator("a").click()
    page.wait_for_url(f"**/devices/{device['id']}/")
    # Instant navigation changes the address before it swaps the content: wait for the title
    # (its visible text: the heading also holds hidden alias words for search).
    expect(page.locator("h1").first).to_have_text(str(device["name"]), use_inner_text=True)
    row = page.locator("tr#fp16-matrix")
    assert row.count() == 1
    value = float(row.locator(".xpuref-value").inner_text().replace(",", ""))
    assert value == pytest.approx(device["peak_dense"]["fp16_matrix"])  # type: ignore[index]


def test_vendor_facet(built_site: BuiltSite, page: Page) -> None:
    """Ticking a vendor shows only that vendor's rows."""
    page.goto(built_site.url + "devices/")
    page.locator("details[data-facet='vendor'] summary").click()
    page.check("input[name='vendor'][value='nvidia']")
    vendors = page.locator("#xpuref-catalog tbody tr:not([hidden])").evaluate_all(
        "rows => rows.map(r => r.dataset.vendor)"
    )
    assert vendors and set(vendors) == {"nvidia"}


def test_deep_link_to_spec_row(built_site: BuiltSite, page: Page) -> None:
    """A link to #memory-bandwidth lands on that row."""
    device = _first_device(built_site)
    page.goto(f"{built_site.url}devices/{device['id']}/#memory-bandwidth")
    row = page.locator("tr#memory-bandwidth")
    assert row.is_visible()
    shown = float(row.locator(".xpuref-value").inner_text().replace(",", ""))
    assert shown == pytest.approx(device["memory_bandwidth_gbs"])  # type: ignore[arg-type]
