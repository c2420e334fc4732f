"""The home page's device finder writes its words in the page's language, from the catalogue.

Its words are render/messages/<language>.yaml's js.finder.* keys, emitted as JSON in a
<template> as other page scripts' words are: a Chinese home page answers in Chinese whichever
way the box is used (one device, several, none), and the English home page keeps its words.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest
from tests.conftest import BuiltSite

if TYPE_CHECKING:
    from playwright.sync_api import Page

pytestmark = pytest.mark.browser

_ENGLISH = ("Found", "Devices whose names", "No device has", "Filter the catalog", "more")


def _answer(page: Page, typed: str) -> str:
    """Type into the finder, submit, and return the text it writes once a link shows."""
    box = page.locator("form.xpuref-finder input")
    box.fill(typed)
    box.press("Enter")
    page.locator(".xpuref-finder-result a").first.wait_for(timeout=5000)
    return page.locator(".xpuref-finder-result").inner_text()


def test_the_chinese_finder_answers_in_chinese(built_site: BuiltSite, page: Page) -> None:
    """One device, a partial name matching many, and no match: every word is Chinese."""
    page.goto(built_site.url + "zh/")
    words = page.evaluate(
        "() => JSON.parse(document.getElementById('xpuref-finder-text')"
        ".content.querySelector('script').textContent)"
    )
    assert words["found"] == "找到："
    page.wait_for_function("() => window.xpurefPage !== undefined")
    page.locator("form.xpuref-finder[data-lookup-state='ready']").wait_for(state="attached")
    one = _answer(page, "NVIDIA H100 80GB HBM3")
    assert one.startswith("找到："), one
    several = _answer(page, "RTX")
    assert several.startswith("名称中含有它的设备："), several
    assert "，另有" in several and "台" in several, several  # more than eight RTX cards
    assert "在设备目录中筛选“RTX”" in several, several
    none = _answer(page, "no such chip zz9")
    assert none.startswith("没有设备叫这个名字。"), none
    for answer in (one, several, none):
        assert not any(word in answer for word in _ENGLISH), answer


def test_the_english_finder_keeps_its_words(built_site: BuiltSite, page: Page) -> None:
    """The English home page's finder writes its English words from the en catalogue."""
    page.goto(built_site.url)
    page.locator("form.xpuref-finder[data-lookup-state='ready']").wait_for(state="attached")
    assert _answer(page, "NVIDIA H100 80GB HBM3").startswith("Found: ")
    several = _answer(page, "RTX")
    assert several.startswith("Devices whose names contain it: "), several
    assert "Filter the catalog for “RTX”" in several
