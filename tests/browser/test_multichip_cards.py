"""Cards of several chips: the catalog filters on the card total and shows it beside per chip."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING

import pytest
from tests.conftest import BuiltSite

if TYPE_CHECKING:
    from playwright.sync_api import Page

pytestmark = pytest.mark.browser

CARDS = {
    "huawei-atlas-300i-duo-96gb": (96, 48),
    "cambricon-mlu370-x8-pcie-48gb": (48, 24),
    "huawei-ascend-910c": (128, 64),
}


@pytest.mark.parametrize("device", sorted(CARDS))
def test_card_total_filter_and_both_figures(built_site: BuiltSite, page: Page, device: str) -> None:
    """A '>= card total' filter keeps the card; its cell shows the total and the per-chip figure."""
    total, per_chip = CARDS[device]
    page.goto(f"{built_site.url}devices/?mem_min={total}")
    row = page.locator(f"tr[data-id='{device}']")
    assert row.is_visible()
    text = row.locator("td").nth(5).inner_text()
    assert text.startswith(str(total)) and f"2 × {per_chip} per chip" in text
    page.goto(f"{built_site.url}devices/{device}/")
    body = page.locator("#memory-capacity").inner_text()
    assert f"{total} GB in all" in body and f"{per_chip} GB per chip" in body


def test_devices_json_has_the_card_total(built_site: BuiltSite) -> None:
    """devices.json carries memory_bytes_total beside the per-chip memory_bytes."""
    records = {
        d["id"]: d
        for d in json.loads((built_site.root / "data/devices.json").read_text())["devices"]
    }
    for device, (total, per_chip) in CARDS.items():
        record = records[device]
        assert record["memory_bytes"] == per_chip * 2**30
        assert record["memory_bytes_total"] == total * 2**30
        assert record["memory_gb_total"] == total
    h100 = records["nvidia-h100-sxm5-80gb"]
    assert h100["memory_bytes_total"] == h100["memory_bytes"]
