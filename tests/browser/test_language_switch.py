"""The language switch lands on the same page in the other edition, also after instant navigation,
and the Chinese edition's device page is in Chinese. (That the Chinese edition searches its own
pages and finds devices by their Chinese names is tests/browser/test_search_chinese.py.)

Every page's twin, hreflang links and switch targets are checked over the whole built site in
tests/site/test_editions.py; here a reader clicks, on one page of each type.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest
from tests.browser.instant import open_for_instant_navigation
from tests.conftest import BuiltSite

if TYPE_CHECKING:
    from playwright.sync_api import Page

pytestmark = pytest.mark.browser

PAGES = [
    "",
    "guides/storage/",
    "devices/",
    "devices/nvidia-h100-sxm5-80gb/",
    "systems/nvidia-dgx-h100/",
    "calculators/llm/",
    "charts/trends/",
    "export-controls/",
]


def _switch(page: Page, lang: str) -> None:
    """Open the header's language list and pick a language, as a reader does."""
    page.locator(".md-header .md-select").first.hover()
    page.locator(f".md-header a.md-select__link[hreflang='{lang}']").click()


@pytest.mark.parametrize("path", PAGES)
def test_the_switch_lands_on_the_twin_and_back(
    built_site: BuiltSite, page: Page, path: str
) -> None:
    """English page -> its Chinese twin (interface in Chinese) -> the English page again."""
    page.goto(built_site.url + path)
    _switch(page, "zh")
    page.wait_for_url(built_site.url + "zh/" + path)
    assert page.locator("html").get_attribute("lang") == "zh"
    assert page.locator("input.md-search__input").get_attribute("placeholder") == "搜索"
    assert page.locator("article h1").count() == 1
    _switch(page, "en")
    page.wait_for_url(built_site.url + path)
    assert page.locator("html").get_attribute("lang") == "en"
    assert page.locator("article h1").count() == 1


def test_the_switch_follows_instant_navigation(built_site: BuiltSite, page: Page) -> None:
    """After moving to another page without a reload, the switch goes to that page's twin."""
    open_for_instant_navigation(page, built_site.url)
    page.evaluate("() => { window.__xpurefSamePage = true; }")
    page.locator(".md-nav__link[href$='glossary/']").first.click()
    page.wait_for_url(built_site.url + "glossary/")
    assert page.evaluate("() => window.__xpurefSamePage === true")  # no reload happened
    _switch(page, "zh")
    page.wait_for_url(built_site.url + "zh/glossary/")
    assert page.locator("h1").first.inner_text()


def test_the_device_page_of_the_chinese_edition_is_in_chinese(
    built_site: BuiltSite, page: Page
) -> None:
    """Title, headings and column heads in Chinese; the figures as in English."""
    page.goto(built_site.url + "zh/devices/nvidia-h100-sxm5-80gb/")
    assert page.locator("h1").first.inner_text().startswith("英伟达 H100 SXM5 80GB")
    headings = page.locator("article h2").all_inner_texts()
    assert any(h.startswith("规格") for h in headings)
    assert "3,350" in page.locator("tr#memory-bandwidth").inner_text()
