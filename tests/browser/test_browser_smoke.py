"""Browser smoke tests: the catalog filters and sorts, and a device page shows its spec rows."""

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
    # Instant navigation changes the address before it swaps the content: wait for the title.
    expect(page.locator("h1").first).to_have_text(str(device["name"]))
    row = page.locator("tr#fp16-matrix")
    assert row.count() == 1
    value = float(row.locator(".xpuref-value").inner_text().replace(",", ""))
    assert value == pytest.approx(device["peak_dense"]["fp16_matrix"])  # type: ignore[index]


def test_catalog_sorts_by_bandwidth(built_site: BuiltSite, page: Page) -> None:
    """Clicking the bandwidth heading sorts rows by bandwidth, missing values last."""
    page.goto(built_site.url + "devices/")
    page.locator("#xpuref-catalog th", has_text="Bandwidth").click()
    cells = page.locator("#xpuref-catalog tbody tr td:nth-child(6)").evaluate_all(
        "cells => cells.map(c => c.getAttribute('data-sort'))"
    )
    numbers = [float(c) for c in cells if c]
    assert numbers == sorted(numbers)
    assert all(c for c in cells[: len(numbers)])
    page.locator("#xpuref-catalog th", has_text="Bandwidth").click()
    cells = page.locator("#xpuref-catalog tbody tr td:nth-child(6)").evaluate_all(
        "cells => cells.map(c => c.getAttribute('data-sort'))"
    )
    numbers = [float(c) for c in cells if c]
    assert numbers == sorted(numbers, reverse=True)


def test_vendor_filter(built_site: BuiltSite, page: Page) -> None:
    """Choosing a vendor shows only that vendor's rows."""
    page.goto(built_site.url + "devices/")
    page.select_option("select[data-column='vendor']", "nvidia")
    vendors = page.locator(
        "#xpuref-catalog tbody tr:not([hidden]) td:nth-child(2)"
    ).all_inner_texts()
    assert vendors and set(vendors) == {"nvidia"}


def test_deep_link_to_spec_row(built_site: BuiltSite, page: Page) -> None:
    """A link to #memory-bandwidth lands on that row."""
    device = _first_device(built_site)
    page.goto(f"{built_site.url}devices/{device['id']}/#memory-bandwidth")
    row = page.locator("tr#memory-bandwidth")
    assert row.is_visible()
    shown = float(row.locator(".xpuref-value").inner_text().replace(",", ""))
    assert shown == pytest.approx(device["memory_bandwidth_gbs"])  # type: ignore[arg-type]
