"""Finding things: a search hit opens at its term, and a shared catalog link opens the catalog."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

import pytest
from playwright.sync_api import expect
from tests.browser.test_search import _first_hits
from tests.conftest import BuiltSite

if TYPE_CHECKING:
    from playwright.sync_api import Page, Route

pytestmark = pytest.mark.browser


@pytest.mark.search  # the only test here that searches: the others' tabs skip the site's index
@pytest.mark.parametrize(("query", "term"), [("张量核心", "tensor-core"), ("高带宽内存", "hbm")])
def test_a_chinese_query_opens_the_glossary_at_its_term(
    built_site: BuiltSite, page: Page, query: str, term: str
) -> None:
    """Clicking the glossary hit of a Chinese query scrolls to the term, not the page top."""
    page.goto(built_site.url)
    hits = _first_hits(page, query, built_site.url)
    assert f"glossary#{term}" in hits, hits
    page.locator(f".md-search-result__item > a[href*='#{term}']").first.click()
    page.wait_for_url(f"**/glossary/**#{term}")
    page.wait_for_function(
        "id => { const el = document.getElementById(id); if (!el) return false;"
        " const r = el.getBoundingClientRect();"
        " return r.top >= -2 && r.top < window.innerHeight / 2; }",
        arg=term,
        timeout=5000,
    )
    assert page.evaluate("() => window.scrollY") > 300


@pytest.mark.parametrize("param", ["q", "find"])
def test_a_catalog_link_with_a_text_filter_opens_the_filtered_catalog(
    built_site: BuiltSite, page: Page, param: str
) -> None:
    """`/devices/?q=h100` (an old link) and `?find=h100` filter the catalog; no search overlay."""
    page.goto(f"{built_site.url}devices/?{param}=h100")
    page.wait_for_function(
        "() => document.querySelector('.xpuref-filter-text').value === 'h100'", timeout=5000
    )
    page.wait_for_timeout(800)  # the theme mounts its search on load; give it the chance
    assert not page.evaluate("() => document.getElementById('__search').checked")
    assert not page.locator(".md-search__output").is_visible()
    shown = page.eval_on_selector_all(
        "#xpuref-catalog tbody tr", "rs => rs.filter(r => !r.hidden).map(r => r.dataset.search)"
    )
    total = page.locator("#xpuref-catalog tbody tr").count()
    assert 0 < len(shown) < total
    assert all("h100" in s.lower() for s in shown), shown
    assert "find=h100" in page.url and "q=" not in page.url.split("?")[1]


@pytest.mark.parametrize(
    ("typed", "device"),
    [
        ("NVIDIA H100 80GB HBM3", "nvidia-h100-sxm5-80gb"),  # what nvidia-smi prints
        ("NVIDIA A100-SXM4-80GB", "nvidia-a100-sxm4-80gb"),
        ("Ascend910B2", "huawei-ascend-910b2"),  # what npu-smi prints
    ],
)
def test_the_home_page_finds_a_device_from_a_driver_string(
    built_site: BuiltSite, page: Page, typed: str, device: str
) -> None:
    """The home page's finder resolves a driver string like `xpuref lookup` and opens the page."""
    page.goto(built_site.url)
    box = page.locator("form.xpuref-finder input")
    page.locator("form.xpuref-finder[data-lookup-state='ready']").wait_for(state="attached")
    box.fill(typed)
    box.press("Enter")
    found = page.locator(".xpuref-finder-result a").first
    found.wait_for(timeout=5000)
    assert found.get_attribute("href", timeout=1000).rstrip("/").endswith(f"devices/{device}")
    found.click()
    page.wait_for_url(f"**/devices/{device}/")
    # instant navigation swaps the content after the address changes: wait for the heading
    expect(page.locator("h1").first).to_have_text(re.compile(r"^(NVIDIA|Huawei)"))


def test_a_name_typed_before_the_lookup_file_arrives_is_answered_when_it_does(
    built_site: BuiltSite, page: Page
) -> None:
    """A reader who presses Enter while data/lookup.json is still on its way is not left with
    only the catalog filter: the finder answers again once the file is in."""
    held: list[Route] = []
    page.route("**/data/lookup.json", lambda route: held.append(route))
    page.goto(built_site.url)
    box = page.locator("form.xpuref-finder input")
    box.fill("NVIDIA H100 80GB HBM3")
    box.press("Enter")
    result = page.locator(".xpuref-finder-result")
    expect(result).to_contain_text("Filter the catalog")
    assert "Found" not in result.inner_text() and len(held) == 1
    held[0].continue_()
    expect(result).to_contain_text("Found: ")
    href = result.locator("a").first.get_attribute("href") or ""
    assert href.rstrip("/").endswith("devices/nvidia-h100-sxm5-80gb"), href
    page.unroute("**/data/lookup.json")


def test_the_home_page_leads_to_the_main_tools(built_site: BuiltSite, page: Page) -> None:
    """Compare, calculators, glossary and downloads are one click from the home page."""
    page.goto(built_site.url)
    paths = page.locator("article a").evaluate_all("as => as.map(a => new URL(a.href).pathname)")
    for target in ("compare/", "calculators/", "glossary/", "downloads/", "devices/"):
        assert f"/{target}" in paths, (target, paths)


def test_the_chinese_home_page_finds_a_device_in_its_own_words(
    built_site: BuiltSite, page: Page
) -> None:
    """On zh/ the finder reads the one published lookup file, answers in Chinese and links the
    Chinese device page."""
    page.goto(built_site.url + "zh/")
    box = page.locator("form.xpuref-finder input")
    page.locator("form.xpuref-finder[data-lookup-state='ready']").wait_for(state="attached")
    box.fill("NVIDIA H100 80GB HBM3")
    box.press("Enter")
    found = page.locator(".xpuref-finder-result a").first
    found.wait_for(timeout=5000)
    expect(page.locator(".xpuref-finder-result")).to_contain_text("找到：")
    href = found.get_attribute("href", timeout=1000) or ""
    assert href.rstrip("/").endswith("devices/nvidia-h100-sxm5-80gb"), href
    assert not href.startswith("../"), "the Chinese device page, not the English one"
