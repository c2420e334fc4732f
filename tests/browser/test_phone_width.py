"""At a phone's width (390 px) no page of the built site is wider than the screen."""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from tests.conftest import PHONE_WIDTH, BuiltSite, real_dataset
from tests.sampling import Article, crawl_pages, plain_cover, read_article, styled

if TYPE_CHECKING:
    from playwright.sync_api import Page

pytestmark = pytest.mark.browser

WIDTH = PHONE_WIDTH


@cache
def _opened(root: Path, edition: str) -> tuple[list[str], list[str]]:
    """The pages of one edition the crawl opens at a phone's width, and the plain pages it
    reads instead (tests/sampling.py ``plain_cover``), as site paths. A Chinese plain page is
    read when every kind of element it holds is opened in either edition: its words differ
    from its English twin's, and words do not widen a page. So is a Chinese page with a widget
    or an inline style whose English twin the crawl opens, when it has no form control (whose
    labels and options are words set on one line) and no inline style its twin lacks: the
    twin runs the same scripts and styles on the same kinds of element."""
    english = [f"{p}index.html" for p in _opened(root, "")[0]] if edition else []

    def twin_opened(path: str, article: Article) -> bool:
        """A Chinese page whose only difference from an opened English twin is its words."""
        twin = path.removeprefix(edition)
        if not edition or twin not in english or article.controls:
            return False
        if not styled(article):
            return True
        return article.styles <= read_article((root / twin).read_text("utf-8")).styles

    sample = crawl_pages(root, real_dataset(), editions=(edition,), vendor_shapes=())
    opened, articles = plain_cover(
        root,
        english + sample,
        keep=lambda p: p in english or (not edition and p.startswith("devices/")),
        plain=twin_opened,
    )
    opened = [p for p in opened if p.startswith(edition)]
    read = [p for p in sample if p not in opened]
    seen = set().union(*(articles[p].kinds for p in opened + english))
    for path in read:  # a page left out holds no kind of element the crawl did not open
        assert sorted(articles[path].kinds - seen) == [], path
    return [p.removesuffix("index.html") for p in opened], read


@pytest.mark.parametrize("edition", ["", "zh/"], ids=["en", "zh"])
def test_no_page_wider_than_a_phone(built_site: BuiltSite, phone_page: Page, edition: str) -> None:
    """At 390 px no page of either edition is wider than the viewport. The crawl opens every
    page with a widget or an inline style, one device page per record shape less the vendor
    (the largest; a vendor changes only words), and of the plain written pages enough that
    every kind of element they hold is opened once (in either edition, for a Chinese page). The
    theme breaks long words in an article (``overflow-wrap: break-word``) and gives tables a
    scrolling box, so what can make a plain page too wide is a kind of element, not its words.
    A Chinese page whose English twin is opened is read instead unless it holds a form control
    or an inline style the twin lacks (``_opened``). One test per edition, so a failure names
    its edition."""
    page = phone_page  # fails the test on any script error
    too_wide: dict[str, tuple[int, list[str]]] = {}
    pages, read = _opened(built_site.root, edition)
    if edition:  # the widget pages (form controls) and kinds no English page holds
        assert len(pages) >= 10 and len(read) > 30
        assert {"zh/calculators/llm/", "zh/devices/", "zh/compare/"} <= set(pages)
    else:
        assert len(pages) > 30 and len(read) >= 5
        assert len([p for p in pages if p.startswith("devices/")]) > 5
    for path in pages:
        page.goto(built_site.url + path, wait_until="domcontentloaded")
        # Chart pages are measured once drawn; device pages draw their roofline only when
        # scrolled to, and it takes its box's width, so their layout is the same either way.
        if path.removeprefix("zh/").startswith("charts/") and page.locator(".xpuref-chart").count():
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
    assert not too_wide, too_wide


def test_wide_tables_scroll_in_their_own_box(built_site: BuiltSite, phone_page: Page) -> None:
    """On a phone the catalog scrolls inside its box and its first column stays in view."""
    page = phone_page
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
