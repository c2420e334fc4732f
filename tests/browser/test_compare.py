"""The compare page: devices from the address, the picker, the catalog and device pages; options
in the address; best values marked; each cell can show its sources."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any
from urllib.parse import parse_qs, urlparse

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


def _ids_in_url(page: Page) -> list[str]:
    """The ids the address names."""
    return parse_qs(urlparse(page.url).query).get("ids", [""])[0].split(",")


def test_url_round_trip_and_best_marked(built_site: BuiltSite, page: Page) -> None:
    """Loading ?ids= shows those devices; the largest memory is marked best."""
    ids = _three(built_site)
    records = _devices(built_site)
    page.goto(f"{built_site.url}compare/?ids={','.join(ids)}")
    page.locator(".xpuref-compare-table:not([hidden])").wait_for()
    assert _headers(page) == ids
    chips = page.locator(".xpuref-compare-chosen li").evaluate_all(
        "items => items.map(i => i.dataset.device)"
    )
    assert chips == ids
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


def test_more_than_four_with_options_restored(built_site: BuiltSite, page: Page) -> None:
    """Six devices, "only rows that differ" and sources, all from a shared address and a reload."""
    records = _devices(built_site)
    ids = [H100, *[i for i in records if i != H100 and records[i]["memory_gb"]][:5]]
    page.goto(f"{built_site.url}compare/?ids={','.join(ids)}&diff=1&sources=1")
    page.locator(".xpuref-compare-table:not([hidden])").wait_for()
    for _ in range(2):
        assert _headers(page) == ids
        assert page.locator("input[data-compare-differences]").is_checked()
        assert page.locator("input[data-compare-sources]").is_checked()
        assert page.locator("tr.xpuref-same").count() == 0
        assert page.locator("tr.xpuref-differs").count() > 0
        # The H100's memory cell names the pages that back its capacity.
        cell = page.locator("tr[data-row='memory_gb'] td").nth(0)
        links = cell.locator(".xpuref-cell-sources a").evaluate_all(
            "as => as.map(a => a.getAttribute('href'))"
        )
        backing = {
            s["url"]
            for s in records[H100]["sources"]
            if {"memory", "memory.capacity"} & set(s["fields"])
        }
        assert links and set(links) == backing
        derived = page.locator("tr[data-row='tpp'] td").nth(0)
        assert "computed" in derived.inner_text()
        page.reload()
        page.locator(".xpuref-compare-table:not([hidden])").wait_for()
    page.uncheck("input[data-compare-sources]")
    assert page.locator(".xpuref-cell-sources").count() == 0
    assert "sources=1" not in page.url and "diff=1" in page.url


def test_searchable_picker_adds_and_removes(built_site: BuiltSite, page: Page) -> None:
    """Typing part of a name and pressing Enter adds that device; × removes it."""
    records = _devices(built_site)
    page.goto(f"{built_site.url}compare/")
    assert page.locator(".xpuref-compare-table").is_hidden()
    search = page.locator(".xpuref-compare-search")
    search.fill(records[H100]["name"])
    search.press("Enter")
    search.fill("gaudi 3 oam")
    search.press("Enter")
    page.locator(".xpuref-compare-table:not([hidden])").wait_for()
    assert _headers(page) == [H100, "intel-gaudi3-oam-128gb"]
    assert _ids_in_url(page) == [H100, "intel-gaudi3-oam-128gb"]
    search.fill("nvidia")
    page.locator(".xpuref-compare-add").click()
    assert "devices match" in page.locator(".xpuref-compare-message").inner_text()
    page.locator(f".xpuref-compare-chosen li[data-device='{H100}'] button").click()
    assert _ids_in_url(page) == ["intel-gaudi3-oam-128gb"]
    assert page.locator(".xpuref-compare-table").is_hidden()


def test_add_from_catalog(built_site: BuiltSite, page: Page) -> None:
    """Rows ticked in the catalog open together on the compare page."""
    ids = _three(built_site)[:2]
    page.goto(f"{built_site.url}devices/")
    for ident in ids:
        page.check(f"input[data-compare-pick][value='{ident}']")
    assert page.locator(".xpuref-compare-n").inner_text() == "2"
    page.locator(".xpuref-compare-go").click()
    page.wait_for_url("**/compare/?ids=*")
    page.locator(".xpuref-compare-table:not([hidden])").wait_for()
    assert _headers(page) == ids


def test_add_from_device_page(built_site: BuiltSite, page: Page) -> None:
    """A device page's "Add to compare" adds it to the devices chosen before."""
    first, second, third = _three(built_site)
    page.goto(f"{built_site.url}compare/?ids={first},{second}")
    page.locator(".xpuref-compare-table:not([hidden])").wait_for()
    page.goto(f"{built_site.url}devices/{third}/")
    page.locator("a.xpuref-add-compare").click()
    page.wait_for_url("**/compare/?ids=*")
    page.locator(".xpuref-compare-table:not([hidden])").wait_for()
    assert _headers(page) == [first, second, third]


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
