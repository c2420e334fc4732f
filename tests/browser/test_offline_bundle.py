"""The offline bundle from file://: every page renders with zero network requests; search works."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from tests.conftest import empty_search_index, real_dataset
from tests.sampling import all_pages, crawl_pages, kind_sample, page_kind

if TYPE_CHECKING:
    from playwright.sync_api import Page, Route

pytestmark = pytest.mark.browser


#: Any address on the network (a bundle page must name none).
_NETWORK = re.compile(r"^https?://")


def _block_network(page: Page, *, search: bool = False) -> list[str]:
    """Abort and record every http(s) request the page makes; unless the test searches, the
    bundle's search index is answered without documents (tests/conftest.py). Each route names
    only what it handles, so the bundle's own files load without a stop in the test process."""
    requested: list[str] = []

    def refuse(route: Route) -> None:
        requested.append(route.request.url)
        route.abort()

    page.route(_NETWORK, refuse)
    if not search:
        page.route("file://**/search/search_index.js", empty_search_index)
    return requested


_RESOURCE = re.compile(r'<(?:script|img|iframe|source|link)\b[^>]*?\b(?:src|href)="([^"]*)"', re.I)


def test_no_page_names_a_network_resource(offline_bundle: Path) -> None:
    """Every page of the bundle loads its scripts, styles, images and frames from the bundle."""
    pages = [offline_bundle / p for p in all_pages(offline_bundle)]
    assert len(pages) > 100
    remote = {
        f"{html.relative_to(offline_bundle)}: {url}"
        for html in pages
        for url in _RESOURCE.findall(html.read_text(encoding="utf-8"))
        if url.startswith(("http:", "https:", "//"))
    }
    assert not remote, sorted(remote)[:10]


def test_every_kind_of_page_renders_offline(offline_bundle: Path, page: Page) -> None:
    """From file://, one page of each kind (section and depth, tests/sampling.py) renders its
    article without a network request or a script error. Pages of one kind sit at the same
    depth and load the same scripts, styles and data files (every page's own addresses are read
    in test_no_page_names_a_network_resource)."""
    requested = _block_network(page)
    # the English edition; its Chinese twins are sampled by kind in test_offline_chinese.py
    every = crawl_pages(offline_bundle, real_dataset(), editions=("",))
    pages = kind_sample(offline_bundle, every)
    assert len(every) > 50 and {page_kind(p) for p in pages} == {page_kind(p) for p in every}
    assert len(pages) >= 15
    for relative in pages:
        html = offline_bundle / relative
        page.goto(html.as_uri())
        assert page.locator("article").count() == 1, html
    assert requested == []
    # The two routes still catch what they name: the index came without documents, and a
    # network request is refused and recorded.
    assert page.evaluate("__index.docs.length") == 0
    assert page.evaluate("fetch('http://127.0.0.1:9/probe').then(() => 'ok', () => 'refused')") == (
        "refused"
    )
    assert requested == ["http://127.0.0.1:9/probe"]


def test_offline_navigation_and_device_link(offline_bundle: Path, page: Page) -> None:
    """From the home page, the nav reaches the catalog and a catalog link opens a device."""
    requested = _block_network(page)
    page.goto((offline_bundle / "index.html").as_uri())
    page.locator("nav.md-nav--primary a", has_text="Devices").first.click()
    page.wait_for_url("**/devices/index.html")
    first = page.locator("#xpuref-catalog tbody tr a").first
    name = first.inner_text()
    first.click()
    page.wait_for_load_state()
    assert page.url.endswith(".html")
    assert page.locator("h1").first.inner_text() == name
    assert requested == []


def test_bundle_carries_data_and_version(offline_bundle: Path) -> None:
    """The bundle holds devices.json and .csv and a page naming its data version."""
    body = json.loads((offline_bundle / "data/devices.json").read_text())
    assert (offline_bundle / "data/devices.csv").read_text().startswith("id,name,")
    html = (offline_bundle / "downloads.html").read_text()
    assert body["data_version"] in html


@pytest.mark.search
def test_offline_search_finds_devices_and_glossary_terms(offline_bundle: Path, page: Page) -> None:
    """Search works from file:// (inlined index, vendored worker shim): on one page, whose
    theme indexes the bundle once, it finds a device by name and glossary terms by their English
    or Chinese name."""
    requested = _block_network(page, search=True)
    devices = json.loads((offline_bundle / "data/devices.json").read_text())["devices"]
    target = next(d for d in devices if d["id"] == "nvidia-h100-sxm5-80gb")
    page.goto((offline_bundle / "index.html").as_uri())
    page.locator("label.md-search__icon, .md-search__input").first.click()
    box = page.locator("input.md-search__input")
    queries = [
        ("H100", page.locator(".md-search-result__item", has_text=target["name"])),
        (
            "systolic",
            page.locator('.md-search-result a[href*="glossary.html"][href$="#systolic-array"]'),
        ),
        ("显存", page.locator('.md-search-result a[href*="glossary.html"][href$="#hbm"]')),
    ]
    for query, hit in queries:
        box.fill("")  # an empty box empties the result list, so a hit below is this query's
        page.locator(".md-search-result__item").first.wait_for(state="detached")
        box.press_sequentially(query, delay=50)
        box.press("End")  # characters typed without a key (CJK) fire no keyup; a real IME does
        hit.first.wait_for(timeout=15000)
    assert requested == []


def test_offline_404_page_loads_its_assets(offline_bundle: Path, page: Page) -> None:
    """The bundle's 404 page, opened from file://, finds its stylesheets, scripts and links."""
    failed: list[str] = []
    page.on("requestfailed", lambda r: failed.append(r.url))
    html = (offline_bundle / "404.html").read_text()
    assert 'href="/assets/' not in html and 'src="/assets/' not in html
    page.goto((offline_bundle / "404.html").as_uri())
    page.wait_for_load_state("load")
    # With two editions the theme's language switch asks for sitemap.xml, which a browser never
    # fetches from file://; the switch's own links still go to the twin (test_offline_chinese).
    assert [u for u in failed if not u.endswith("/sitemap.xml")] == []
    header = page.locator(".md-header").evaluate("h => getComputedStyle(h).position")
    assert header in {"sticky", "fixed"}, "Material's stylesheet applies"
    home = page.locator("a.md-header__button.md-logo").get_attribute("href")
    assert home == "index.html"
    page.locator("nav.md-nav--primary a", has_text="Devices").first.click()
    page.wait_for_url("**/devices/index.html")
    assert page.locator("#xpuref-catalog").count() == 1
