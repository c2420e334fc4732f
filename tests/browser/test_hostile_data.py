"""A device whose text fields carry script payloads: every built page shows them and runs none."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING

import pytest
from tests.conftest import BuiltSite

if TYPE_CHECKING:
    from playwright.sync_api import Page

pytestmark = pytest.mark.browser


def _visit(page: Page, url: str, dialogs: list[str], *, hover: bool) -> None:
    """Open a page, hover over its table rows where it shows the device, check no payload ran."""
    page.goto(url)
    page.wait_for_load_state("load")
    for row in page.locator("table tr").all()[:60] if hover else []:
        row.hover()
    assert page.evaluate("typeof window.__pwned") == "undefined", url
    assert dialogs == [], url


@pytest.mark.parametrize("edition", ["", "zh/"], ids=["en", "zh"])
def test_no_payload_runs_on_any_page(hostile_site: BuiltSite, page: Page, edition: str) -> None:
    """Crawl every page of one edition of the hostile build in Chromium: no payload executes.

    Rows are hovered (tooltips, highlights) on the pages that carry the hostile device."""
    dialogs: list[str] = []
    page.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
    pages = [
        html
        for html in sorted(hostile_site.root.rglob("*.html"))
        if html.relative_to(hostile_site.root).as_posix().startswith("zh/") == (edition == "zh/")
    ]
    assert any("nvidia-evil-card" in str(p) for p in pages)
    for html in pages:
        rel = html.relative_to(hostile_site.root).as_posix()
        shows = "nvidia-evil-card" in html.read_text(encoding="utf-8")
        _visit(page, hostile_site.url + rel, dialogs, hover=shows)


def test_payloads_show_as_text(hostile_site: BuiltSite, page: Page) -> None:
    """The device page shows the hostile name literally, as text."""
    record = json.loads((hostile_site.root / "data/devices.json").read_text())["devices"][0]
    page.goto(hostile_site.url + "devices/nvidia-evil-card/")
    assert page.locator("h1").first.inner_text() == record["name"]
    assert "<script>window.__pwned='notes'</script>" in page.locator(".xpuref-notes").inner_text()
    link = page.locator("#source-evil-source a").first
    assert link.get_attribute("href") == record["sources"][0]["url"]


@pytest.mark.search
def test_search_results_do_not_run_payloads(hostile_site: BuiltSite, page: Page) -> None:
    """Searching for the hostile device lists it without running its payloads."""
    dialogs: list[str] = []
    page.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
    page.goto(hostile_site.url)
    page.locator("label.md-search__icon, .md-search__input").first.click()
    page.locator("input.md-search__input").press_sequentially("Evil", delay=50)
    page.locator(".md-search-result__item").first.wait_for(timeout=15000)
    page.wait_for_timeout(300)
    assert page.evaluate("typeof window.__pwned") == "undefined"
    assert dialogs == []


def test_catalog_filter_with_hostile_text(hostile_site: BuiltSite, page: Page) -> None:
    """Typing markup into the catalog filter is treated as text."""
    page.goto(hostile_site.url + "devices/")
    page.fill(".xpuref-filter-text", "<script>")
    assert page.locator("#xpuref-catalog tbody tr:not([hidden])").count() == 1
    assert page.evaluate("typeof window.__pwned") == "undefined"
