"""The Chinese edition outside device and system pages: how Chinese each page reads.

Every page of every type (xpuref.devtools.chinese_share's kinds: calculators, guides, charts, the
home page and "other", which is the catalog, compare, systems index, glossary, downloads, export
and data-quality pages and the rest) reads at least 90 % Chinese, the issue's bar. The English
edition keeps its words, and the scripts of a Chinese page write Chinese.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from tests.browser.calcforms import open_calculators, set_fields
from tests.conftest import BuiltSite

from xpuref.devtools.chinese_share import page_kind, site_shares

if TYPE_CHECKING:
    from playwright.sync_api import Page

pytestmark = pytest.mark.site

_HAN = re.compile(r"[\u4e00-\u9fff]")

#: The issue's bar: every page of the Chinese edition reads at least 90 % Chinese (letters
#: outside figures, code, names and sources). The means are the measured ones rounded down
#: (lowest page per kind 0.923-0.926 when set; device and system pages: test_editions.py).
LOWEST = 0.90
MEANS = {"calculators": 0.93, "guides": 0.94, "charts": 0.94, "home": 0.90, "other": 0.93}


#: Words the English pages keep (generated text moved into en.yaml unchanged).
ENGLISH_ANCHORS = {
    "devices/index.html": ["Clear filters", "Tick rows to compare them side by side.", "Vendor"],
    "compare/index.html": ["Only rows that differ", "Show sources"],
    "systems/index.html": ["Scale-up domain (devices)", "Totals are derived from the member"],
    "glossary/index.html": ["Related: ", "The general-purpose processor", "Compute units inside"],
    "downloads/index.html": ["To cite the site:", "published under"],
    "calculators/llm/index.html": ["Tensor-parallel devices", "Decode limited by"],
    "calculators/export/index.html": ["Class under the October 2023 rule", "Die area"],
    "guides/interconnects/index.html": ["PCI Express generations", "Encoding and signalling"],
}


def test_every_page_of_each_kind_stays_above_its_floor(built_site: BuiltSite) -> None:
    """Every calculator, guide, chart and other page reads at least 90 % Chinese, and each
    kind keeps its mean."""
    shares = site_shares(built_site.root)
    low = {page: round(s, 3) for page, s in shares.items() if s < LOWEST}
    assert not low, low
    for kind, mean in MEANS.items():
        found = {page: s for page, s in shares.items() if page_kind(page) == kind}
        assert found, kind
        assert sum(found.values()) / len(found) >= mean, (kind, sorted(found.items()))


def test_the_english_pages_keep_their_words(built_site: BuiltSite) -> None:
    """The English edition shows the same generated words as before the catalogues."""
    for page, words in ENGLISH_ANCHORS.items():
        html = (built_site.root / page).read_text(encoding="utf-8")
        for word in words:
            assert word in html, (page, word)
    chinese = (built_site.root / "zh" / "devices" / "index.html").read_text(encoding="utf-8")
    assert "清除筛选" in chinese and "Clear filters" not in chinese


def _script_words(path: Path, element: str) -> dict[str, str]:
    """The JSON of words the build put in a page for its scripts."""
    html = path.read_text(encoding="utf-8")
    found = re.search(rf'<script type="application/json" id="{element}-json">(.*?)</script>', html)
    assert found, (path, element)
    words: dict[str, str] = json.loads(found.group(1))
    return words


def test_page_scripts_get_the_words_of_their_edition(built_site: BuiltSite) -> None:
    """The zh calculator, catalog and compare pages carry Chinese words for their scripts."""
    root = built_site.root
    for page, element in (
        ("calculators/flops/index.html", "xpuref-calc-text"),
        ("devices/index.html", "xpuref-catalog-text"),
        ("compare/index.html", "xpuref-compare-text"),
    ):
        english, chinese = (
            _script_words(root / page, element),
            _script_words(root / "zh" / page, element),
        )
        assert english.keys() == chinese.keys()
        # Every entry with words in English has Chinese words (placeholders and units aside).
        worded = [k for k, v in english.items() if re.search("[a-z]{3}", re.sub(r"{\w+}", "", v))]
        untranslated = [chinese[k] for k in worded if not _HAN.search(chinese[k])]
        assert not untranslated, (page, untranslated)
    words = _script_words(root / "zh/calculators/flops/index.html", "xpuref-calc-text")
    assert words["fix_fields"] == "请修正标出的输入项后查看结果。"


@pytest.mark.browser
def test_a_chinese_calculator_writes_chinese(built_site: BuiltSite, page: Page) -> None:
    """In Chromium, a zh calculator explains bad input and writes its results in Chinese."""
    open_calculators(page, built_site.url + "zh/calculators/flops/")
    form = page.locator('form[data-calc="conv2d"]')
    set_fields(form, c_out="2.5")
    error = form.locator('[name="c_out"]').locator("xpath=..").locator(".xpuref-field-error")
    assert error.inner_text() == "必须是整数。"
    assert form.locator(".xpuref-calc-error").inner_text() == "请修正标出的输入项后查看结果。"
    set_fields(form, c_out="64")
    assert form.get_attribute("data-state") == "ok"
    macs = form.locator('[data-out="macs"]').inner_text()
    assert "亿" in macs, macs
