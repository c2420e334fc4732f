"""At a phone's width (390 px) no page of the built site is wider than the screen."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest
from tests.conftest import BuiltSite, real_dataset
from tests.sampling import crawl_pages

if TYPE_CHECKING:
    from playwright.sync_api import Browser

pytestmark = pytest.mark.browser

WIDTH = 390


@pytest.mark.parametrize("edition", ["", "zh/"], ids=["en", "zh"])
def test_no_page_wider_than_a_phone(built_site: BuiltSite, browser: Browser, edition: str) -> None:
    """At 390 px no page of either edition is wider than the viewport: every page made from its
    own source, and one device page per record shape (tests/sampling.py). A Chinese device page
    shows the same record as its English twin, with labels that may break at any character, so
    that edition opens one per shape less the vendor. One test per edition, so two workers can
    share the crawl."""
    context = browser.new_context(viewport={"width": WIDTH, "height": 844}, is_mobile=True)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    too_wide: dict[str, tuple[int, list[str]]] = {}
    sample = crawl_pages(built_site.root, real_dataset(), editions=(edition,), vendor_shapes=("",))
    pages = [p.removesuffix("index.html") for p in sample]
    assert len(pages) > 60
    assert len([p for p in pages if p.startswith(edition + "devices/")]) > (5 if edition else 20)
    try:
        for path in pages:
            page.goto(built_site.url + path, wait_until="domcontentloaded")
            # Chart pages are measured once drawn; device pages draw their roofline only when
            # scrolled to, and it takes its box's width, so their layout is the same either way.
            if (
                path.removeprefix("zh/").startswith("charts/")
                and page.locator(".xpuref-chart").count()
            ):
                page.locator(".xpuref-chart").first.scroll_into_view_if_needed()
                page.locator(".xpuref-chart[data-drawn]").first.wait_for(timeout=20000)
                page.evaluate("window.scrollTo(0, 0)")
            width = page.evaluate("document.documentElement.scrollWidth")
            if width > WIDTH:
                culprits = page.evaluate(
                    """w => Array.from(document.querySelectorAll('body *'))
                        .filter(e => e.getBoundingClientRect().right > w + 1)
                        .slice(0, 3).map(e => e.tagName + '.' + e.className)""",
                    WIDTH,
                )
                too_wide[path] = (width, culprits)
    finally:
        context.close()
    assert not too_wide, too_wide
    assert not errors, errors


def test_wide_tables_scroll_in_their_own_box(built_site: BuiltSite, browser: Browser) -> None:
    """On a phone the catalog scrolls inside its box and its first column stays in view."""
    context = browser.new_context(viewport={"width": WIDTH, "height": 844}, is_mobile=True)
    page = context.new_page()
    try:
        page.goto(built_site.url + "devices/")
        box = page.locator(".xpuref-catalog-scroll")
        assert box.evaluate("b => b.scrollWidth > b.clientWidth")
        first = page.locator("#xpuref-catalog tbody tr td:first-child").first
        before = first.bounding_box()
        box.evaluate("b => { b.scrollLeft = 300; }")
        after = first.bounding_box()
        assert before and after and abs(before["x"] - after["x"]) <= 1.5, "first column is sticky"
        page.goto(built_site.url + "devices/nvidia-h100-sxm5-80gb/")
        spec = page.locator("table.xpuref-spec").first
        assert spec.evaluate("t => t.parentElement.classList.contains('xpuref-scroll')")
        assert page.evaluate("document.documentElement.scrollWidth") <= WIDTH
    finally:
        context.close()
