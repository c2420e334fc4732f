"""A device whose text fields carry script payloads: every built page shows them and runs none."""

from __future__ import annotations

import json
import re
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from tests.conftest import BuiltSite

if TYPE_CHECKING:
    from playwright.sync_api import Page

pytestmark = pytest.mark.browser


def _visit(page: Page, url: str, dialogs: list[str], *, hover: bool) -> int:
    """Open a page, hover over the table rows that show the device, check no payload ran;
    return how many rows were hovered.

    Only those rows hold the device's text, so only their tooltips and highlights could show a
    payload."""
    page.goto(url)
    page.wait_for_load_state("load")
    rows = page.locator("table tr").filter(has=page.locator("a[href*='nvidia-evil-card']"))
    rows = rows.or_(page.locator("table tr").filter(has_text="__pwned"))
    hovered = rows.all()[:60] if hover else []
    for row in hovered:
        row.hover()
    assert page.evaluate("typeof window.__pwned") == "undefined", url
    assert dialogs == [], url
    return len(hovered)


#: Every payload in the hostile record sets this global when it runs.
MARKER = "__pwned"
#: Local scripts and data a page names (src, href or a data- attribute), by address.
_REFERENCE = re.compile(r'(?:src|href|data-[a-z-]+)="([^"#?]+\.(?:js|json))"')


@cache
def _text(path: Path) -> str:
    """A built file's text ('' when it is not there)."""
    return path.read_text(encoding="utf-8") if path.is_file() else ""


def carries_payload(root: Path, html: Path) -> bool:
    """Whether a page holds a payload, in its own HTML or in a local script or data file it
    names. The search index, which every page's theme fetches, only shows text once a reader
    searches (test_search_results_do_not_run_payloads)."""
    own = _text(html)
    if MARKER in own:
        return True
    for address in _REFERENCE.findall(own):
        if address.startswith(("http:", "https:", "//")) or "search_index" in address:
            continue
        target = (root / address.lstrip("/")) if address.startswith("/") else html.parent / address
        if MARKER in _text(target.resolve()):
            return True
    return False


def test_payload_pages_are_found(hostile_site: BuiltSite) -> None:
    """The device's page, the catalog, the timeline chart and the home page (its finder's word
    list) carry payloads; a guide page does not."""
    root = hostile_site.root
    for rel in ("devices/nvidia-evil-card/index.html", "devices/index.html",
                "charts/timeline/index.html", "index.html", "zh/index.html"):  # fmt: skip
        assert carries_payload(root, root / rel), rel
    assert not carries_payload(root, root / "guides/interconnects/index.html")


@pytest.mark.parametrize("edition", ["", "zh/"], ids=["en", "zh"])
def test_no_payload_runs_on_any_page(hostile_site: BuiltSite, page: Page, edition: str) -> None:
    """Crawl every page of one edition of the hostile build that carries a payload in Chromium:
    no payload executes. A page whose HTML and local scripts and data hold no payload has
    nothing that could run; those are only read.

    Rows are hovered (tooltips, highlights) on the pages that show the hostile device."""
    dialogs: list[str] = []
    page.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
    root = hostile_site.root
    pages = [
        html
        for html in sorted(root.rglob("*.html"))
        if html.relative_to(root).as_posix().startswith("zh/") == (edition == "zh/")
    ]
    carrying = [html for html in pages if carries_payload(root, html)]
    assert any("nvidia-evil-card" in str(p) for p in carrying)
    assert 15 < len(carrying) < len(pages)
    hovered = 0
    for html in carrying:
        rel = html.relative_to(root).as_posix()
        shows = "nvidia-evil-card" in _text(html)
        hovered += _visit(page, hostile_site.url + rel, dialogs, hover=shows)
    assert hovered >= 5  # the catalog, compare, systems and chart tables list the device


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
