"""Hostile URL state and typed searches leave every page working; links open where tiers say."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING
from urllib.parse import quote

import pytest
from tests.conftest import REAL_DATA, BuiltSite, checked_page

from xpuref.data.loader import load_model
from xpuref.data.problems import Problem
from xpuref.data.publishers import PublishersFile, Registry

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

pytestmark = pytest.mark.browser

#: Names every plain object inherits: state read with a lookup on {} finds them.
INHERITED = [
    "__proto__",
    "constructor",
    "toString",
    "hasOwnProperty",
    "valueOf",
    "__defineGetter__",
    "isPrototypeOf",
]
VISIBLE = "#xpuref-catalog tbody tr:not([hidden])"
CHART = "#xpuref-roofline-explorer"


@pytest.mark.parametrize("name", INHERITED)
def test_catalog_survives_inherited_sort_names(
    built_site: BuiltSite, page: Page, name: str
) -> None:
    """`devices/?sort=<inherited name>` leaves the catalog listing and filtering (no error)."""
    page.goto(f"{built_site.url}devices/?sort={quote(name)}&order=desc&rate={quote(name)}")
    page.locator(VISIBLE).first.wait_for()
    total = page.locator(VISIBLE).count()
    assert total > 100
    page.locator(".xpuref-filter-text").fill("H100")
    page.wait_for_function(f"() => document.querySelectorAll('{VISIBLE}').length < {total}")
    assert 0 < page.locator(VISIBLE).count() < total


@pytest.mark.parametrize("name", INHERITED)
def test_chart_view_of_inherited_name_draws_the_default(
    built_site: BuiltSite, page: Page, name: str
) -> None:
    """A chart view or filter named after an inherited property falls back to the default."""
    key = quote(name)
    page.goto(
        f"{built_site.url}charts/roofline/?roofline-explorer.view={key}"
        f"&roofline-explorer.vendor={key}"
    )
    page.locator(f"{CHART}[data-drawn]").wait_for(timeout=20000)
    default = page.locator(f"{CHART} select[data-chart-variant]").input_value()
    assert page.locator(CHART).get_attribute("data-drawn") == default
    assert default and default != name
    assert page.locator(f"{CHART} select[data-chart-filter='vendor']").input_value() == ""
    assert page.locator(f"{CHART} .main-svg").count() > 0


def test_compare_ignores_inherited_ids(built_site: BuiltSite, page: Page) -> None:
    """Compare with inherited names among the ids shows the real device and names the rest."""
    ids = ",".join([*INHERITED, "nvidia-h100-sxm5-80gb"])
    page.goto(f"{built_site.url}compare/?ids={quote(ids, safe=',')}")
    page.wait_for_function("() => document.body.innerText.includes('H100 SXM5')", timeout=20000)


#: Queries that once crashed or froze the search worker (edit distance, boost, wildcards, fields).
HOSTILE_QUERIES = [
    "h100~1000",
    "h100~50",
    "h100^1000",
    "h100^1000*",
    "h*1*0*0*s*x*m*5*8*0*g*b",
    "*" * 40,
    "title:h100",
    "nosuchfield:h100",
    "a100~9 h100~9 b200~9 mi300x~9 910b~9 tpu~9 gaudi~9 l40s~9 a800~9 h800~9",
    "h100" * 60,
]


def _open_search(page: Page) -> None:
    """Open the search box and wait until the worker has built its index."""
    page.locator("label.md-search__icon, .md-search__input").first.click()
    page.wait_for_function(
        "() => !/Initializing/.test(document.querySelector('.md-search-result__meta').textContent)",
        timeout=30000,
    )


def _search_survives(page: Page, query: str) -> float:
    """Type a hostile query, then a plain one; return seconds until the plain one has results."""
    box = page.locator("input.md-search__input")
    box.fill(query)
    box.press("End")
    page.wait_for_timeout(300)
    start = time.monotonic()
    box.fill("")
    box.press("End")
    page.wait_for_function("() => !document.querySelector('.md-search-result__item')")
    box.fill("H100 SXM5")
    box.press("End")  # one search for the whole query, as the last key typed would start
    page.wait_for_function(
        """() => Array.from(document.querySelectorAll('.md-search-result__item > a'))
            .some(a => a.href.includes('nvidia-h100-sxm5'))""",
        timeout=20000,
    )
    return time.monotonic() - start


@pytest.fixture(scope="module")
def search_page(built_site: BuiltSite, browser: Browser) -> Iterator[Page]:
    """One served page whose search worker takes every hostile query in turn."""
    for page in checked_page(browser, search=True):
        page.goto(built_site.url)
        _open_search(page)
        yield page


@pytest.mark.parametrize("query", HOSTILE_QUERIES)
def test_hostile_search_online(search_page: Page, query: str) -> None:
    """Online, the worker answers the next query after a hostile one (no crash, no freeze)."""
    _search_survives(search_page, query)


@pytest.fixture(scope="module")
def offline_search_page(offline_bundle: Path, browser: Browser) -> Iterator[Page]:
    """The offline bundle's home page, whose search (the iframe worker shim) takes them in turn."""
    for page in checked_page(browser, search=True):
        page.goto((offline_bundle / "index.html").as_uri())
        _open_search(page)
        yield page


@pytest.mark.parametrize("query", ["h100~1000", "h100^1000*", "h*1*0*0*s*x*m", "title:h100"])
def test_hostile_search_offline(offline_search_page: Page, query: str) -> None:
    """In the offline bundle too (the iframe worker shim) the next query is answered."""
    _search_survives(offline_search_page, query)


#: Typed queries and what the rewrite hands lunr: operators dropped, words and length capped.
REWRITES = [
    ("h100~1000", "h100 "),
    ("h100^1000", "h100 "),
    ("h*100", "h 100"),
    ("title:h100", "title h100"),
    ("a b c d e f g h i j", "a b c d e f g h  "),
]


def test_query_reaching_lunr_is_bounded(built_site: BuiltSite, page: Page) -> None:
    """The rewrite drops typed operators and caps words and length before lunr sees a query
    (the page's own function, on one loaded page)."""
    page.goto(built_site.url)
    sent = page.evaluate("ts => ts.map(t => window.xpurefSearchQuery(t))", [t for t, _ in REWRITES])
    assert dict(zip([t for t, _ in REWRITES], sent, strict=True)) == dict(REWRITES)
    assert len(page.evaluate("t => window.xpurefSearchQuery(t)", "x" * 5000)) <= 80


def _registry() -> Registry:
    """The real publisher registry."""
    problems: list[Problem] = []
    loaded = load_model(PublishersFile, REAL_DATA / "publishers.yaml", REAL_DATA, problems)
    assert loaded is not None, problems
    return Registry(tuple(loaded[0].publishers))


def test_every_published_source_opens_on_its_publishers_host(
    built_site: BuiltSite, page: Page
) -> None:
    """Chromium's URL parser puts every source of devices.json on the host its tier is for."""
    data = json.loads((built_site.root / "data" / "devices.json").read_text())
    records = data["devices"] + data["systems"]
    sources = [s for d in records for s in d["sources"]]
    sources += [s["cites"] for s in sources if s.get("cites") and s["cites"].get("url")]
    urls = sorted({s["url"] for s in sources})
    assert len(urls) > 200
    page.goto(built_site.url)
    parsed = page.evaluate(
        "urls => urls.map(u => { const x = new URL(u); "
        "return [u, x.href, x.hostname, x.pathname]; })",
        urls,
    )
    registry = _registry()
    for url, href, host, path in parsed:
        pub = registry.lookup(url)
        if pub is None:
            continue  # a cited document's address (named, not read) need not be registered
        site_host = pub.site.split("/", 1)[0]
        bare = host.removeprefix("www.")
        assert bare == site_host or bare.endswith("." + site_host), (url, host, pub.site)
        assert registry.lookup(f"https://{host}{path}") == pub, (url, href)
    for record in records:
        for source in record["sources"]:
            pub = registry.lookup(source["url"])
            assert pub is not None and source["publisher"] == pub.name, source["url"]
            assert source["tier"] in {pub.tier, "reference"}, source["url"]
