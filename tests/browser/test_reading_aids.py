"""Reading aids on a phone: wide tables say they scroll, and the glossary has contents and names
the guides it links by their titles."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

import pytest
from playwright.sync_api import expect
from tests.conftest import PHONE, BuiltSite

if TYPE_CHECKING:
    from playwright.sync_api import Page

pytestmark = pytest.mark.browser


def test_a_wide_table_on_a_phone_says_it_scrolls(built_site: BuiltSite, page: Page) -> None:
    """At 390 px the catalog's table is wider than its box: a cue sits above it and a shadow
    marks the hidden side until the reader scrolls to the end; a narrow table gets no cue."""
    page.set_viewport_size(PHONE["viewport"])
    page.goto(built_site.url + "devices/")
    box = page.locator(".xpuref-scroll:has(table.xpuref-catalog)")
    box.wait_for()
    page.wait_for_function(
        "() => document.querySelector('.xpuref-scroll.xpuref-scrolls') !== null", timeout=10000
    )
    cue = page.locator(".xpuref-scroll-cue").first
    assert "sideways" in cue.inner_text()
    assert "xpuref-more-right" in (box.get_attribute("class") or "")
    box.evaluate("b => { b.scrollLeft = b.scrollWidth; b.dispatchEvent(new Event('scroll')); }")
    expect(box).not_to_have_class(re.compile(r"\bxpuref-more-right\b"))
    page.set_viewport_size({"width": 1440, "height": 900})
    page.goto(built_site.url + "calculators/flops/")
    page.wait_for_load_state("load")
    page.wait_for_timeout(300)
    for table_box in page.locator(".xpuref-scroll").all():
        wide = table_box.evaluate("b => b.scrollWidth > b.clientWidth + 2")
        assert wide == ("xpuref-scrolls" in (table_box.get_attribute("class") or ""))


def test_the_scroll_cue_speaks_the_editions_language(built_site: BuiltSite, page: Page) -> None:
    """The Chinese catalog's cue and its scroll box's name are Chinese (the edition's words)."""
    page.set_viewport_size(PHONE["viewport"])
    page.goto(built_site.url + "zh/devices/")
    cue = page.locator(".xpuref-scroll-cue").first
    cue.wait_for(timeout=10000)
    assert "滑动" in cue.inner_text() and "sideways" not in cue.inner_text()
    labels = page.locator(".xpuref-scroll").evaluate_all(
        "boxes => boxes.map(b => b.getAttribute('aria-label'))"
    )
    assert labels and "Table" not in labels


def test_glossary_has_contents_and_names_guides(built_site: BuiltSite, page: Page) -> None:
    """The glossary opens with a contents list of every topic and term, and no link shows a
    source path (guides/x.md) where the page's title belongs."""
    page.goto(built_site.url + "glossary/")
    toc = page.locator("nav.xpuref-glossary-toc")
    topics = page.locator(".xpuref-glossary h2").count()
    assert topics >= 5
    assert toc.locator("li").count() == topics
    assert (
        toc.locator("a[href*='#']").count() >= topics + page.locator(".xpuref-glossary h3").count()
    )
    shown = page.locator(".xpuref-glossary a").evaluate_all("as => as.map(a => a.textContent)")
    assert [t for t in shown if re.search(r"\.md\b", t)] == []
    guides = page.locator(".xpuref-see a[href*='guides/']")
    assert guides.count() >= 20
    texts = guides.evaluate_all("as => as.map(a => a.textContent)")
    assert all(t.strip() and "/" not in t for t in texts), texts
