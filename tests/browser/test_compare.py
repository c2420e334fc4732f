"""The compare page: devices chosen through the address round-trip, best values are marked."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

import pytest
from tests.conftest import BuiltSite

if TYPE_CHECKING:
    from playwright.sync_api import Page

pytestmark = pytest.mark.browser

H100 = "nvidia-h100-sxm5-80gb"


def _devices(site: BuiltSite) -> dict[str, dict[str, Any]]:
    """Published records by id."""
    data = json.loads((site.root / "data/devices.json").read_text())
    return {d["id"]: d for d in data["devices"]}


def _three(site: BuiltSite) -> list[str]:
    """Three devices with memory sizes, H100 first, the other two with different sizes."""
    records = _devices(site)
    others = [
        i
        for i, d in records.items()
        if i != H100 and d["memory_gb"] and d["memory_gb"] != records[H100]["memory_gb"]
    ]
    return [H100, others[0], others[-1]]


def _headers(page: Page) -> list[str | None]:
    """Device ids of the table's columns, in order."""
    return [
        h.get_attribute("data-device")
        for h in page.locator(".xpuref-compare-table thead th[data-device]").all()
    ]


def test_url_round_trip_and_best_marked(built_site: BuiltSite, page: Page) -> None:
    """Loading ?ids= shows those devices; the largest memory is marked best."""
    ids = _three(built_site)
    records = _devices(built_site)
    page.goto(f"{built_site.url}compare/?ids={','.join(ids)}")
    page.locator(".xpuref-compare-table:not([hidden])").wait_for()
    assert _headers(page) == ids
    values = [page.locator(f"select[data-compare-slot='{i}']").input_value() for i in range(4)]
    assert values == [*ids, ""]
    row = page.locator("tr[data-row='memory_gb']")
    best = row.locator("td[data-best]")
    biggest = max(records[i]["memory_gb"] for i in ids)
    winners = [i for i in ids if records[i]["memory_gb"] == biggest]
    assert best.count() == len(winners)
    cells = row.locator("td")
    for index, ident in enumerate(ids):
        text = cells.nth(index).inner_text().replace("★", "").replace(",", "").strip()
        assert float(text) == pytest.approx(records[ident]["memory_gb"])
        assert (cells.nth(index).get_attribute("data-best") == "1") == (ident in winners)
    assert page.locator(".xpuref-compare-message").is_hidden()


def test_choice_goes_into_url_and_back(built_site: BuiltSite, page: Page) -> None:
    """Picking devices writes ?ids=; opening that address gives the same table."""
    ids = _three(built_site)[:2]
    page.goto(f"{built_site.url}compare/")
    assert page.locator(".xpuref-compare-table").is_hidden()
    page.select_option("select[data-compare-slot='0']", ids[0])
    page.select_option("select[data-compare-slot='1']", ids[1])
    page.wait_for_url(f"**/compare/?ids={ids[0]},{ids[1]}")
    first = page.locator(".xpuref-compare-table").inner_text()
    page.goto(page.url)
    page.locator(".xpuref-compare-table:not([hidden])").wait_for()
    assert _headers(page) == ids
    assert page.locator(".xpuref-compare-table").inner_text() == first
    page.check("input[data-compare-differences]")
    assert page.locator("tr.xpuref-same").count() == 0
    assert page.locator("tr.xpuref-differs").count() > 0


def test_unknown_ids_are_reported_as_text(built_site: BuiltSite, page: Page) -> None:
    """Ids that are not in the catalog are named in a message, never inserted as HTML."""
    dialogs: list[str] = []
    page.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
    bad = "<img src=x onerror=alert(1)>"
    other = _three(built_site)[1]
    page.goto(f"{built_site.url}compare/?ids={H100},{bad},{other}")
    message = page.locator(".xpuref-compare-message")
    message.wait_for()
    assert bad in message.inner_text()
    assert message.locator("img").count() == 0
    assert _headers(page) == [H100, other]
    page.wait_for_timeout(200)
    assert dialogs == []
