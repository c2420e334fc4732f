"""Searching the Chinese edition puts the page a reader means first, online and offline.

Each query names what a Chinese-speaking engineer types; the right pages are the ones that
answer it: the device for a device name (its memory-bandwidth row is on that page), the
glossary entry for a term, the vendor's section of the architectures page for a vendor, the
calculator for a sum. One page per edition and place (served, file://) is shared by the rows.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from tests.browser.test_search import ASCEND_910B, _check, _open_search, _typed_hits
from tests.conftest import BuiltSite, checked_page

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

pytestmark = [pytest.mark.browser, pytest.mark.search]

#: Query, then the pages (paths below zh/, without suffix) any one of which is right first.
QUERIES = [
    (
        "英伟达 H100",
        (
            "devices/nvidia-h100-sxm5-80gb",
            "devices/nvidia-h100-pcie-80gb",
            "devices/nvidia-h100-nvl-94gb",
        ),
    ),
    ("昇腾910B3 显存带宽", ("devices/huawei-ascend-910b3",)),
    ("昇腾910B", ASCEND_910B),
    ("H100 SXM5", ("devices/nvidia-h100-sxm5-80gb",)),
    ("张量核心", ("glossary#tensor-core",)),
    ("寒武纪", ("architectures#cambricon",)),
    ("稀疏", ("glossary#structured-sparsity", "guides/spec-sheet-traps#1-sparse-headline-rates")),
    ("出口管制", ("export-controls", "calculators/export")),
    ("推理显存", ("calculators/memory#inference", "calculators/llm")),
    ("UALink", ("glossary#ualink",)),
    ("LPDDR5X", ("glossary#lpddr5x",)),
    ("晶圆级集成", ("glossary#wafer-scale",)),
]


@pytest.fixture(scope="module")
def online_zh(built_site: BuiltSite, browser: Browser) -> Iterator[tuple[Page, str]]:
    """The served Chinese home page with its own search index built, shared by the rows."""
    base = built_site.url + "zh/"
    for page in checked_page(browser, search=True):
        page.goto(base)
        _open_search(page)
        yield page, base


@pytest.fixture(scope="module")
def offline_zh(offline_bundle: Path, browser: Browser) -> Iterator[tuple[Page, str]]:
    """The bundle's Chinese home page from file://, its inlined index built, shared likewise."""
    for page in checked_page(browser, search=True):
        page.goto((offline_bundle / "zh" / "index.html").as_uri())
        _open_search(page)
        yield page, (offline_bundle / "zh").as_uri() + "/"


def _chinese_hits(page: Page, query: str, base: str) -> list[str]:
    """The first results for the query, each checked to be a page of the Chinese edition."""
    hits = _typed_hits(page, query, base)
    links = page.locator(".md-search-result__item > a").evaluate_all("as => as.map(a => a.href)")
    assert links and all(str(h).startswith(base) for h in links), links
    return hits


@pytest.mark.parametrize(("query", "right"), QUERIES)
def test_chinese_search_online(
    online_zh: tuple[Page, str], query: str, right: tuple[str, ...]
) -> None:
    """On the served Chinese edition the right page is the first result."""
    _check(_chinese_hits(online_zh[0], query, online_zh[1]), right)


@pytest.mark.parametrize(("query", "right"), QUERIES)
def test_chinese_search_offline(
    offline_zh: tuple[Page, str], query: str, right: tuple[str, ...]
) -> None:
    """From file:// in the offline bundle's Chinese edition the right page is first too."""
    _check(_chinese_hits(offline_zh[0], query, offline_zh[1]), right)


def test_the_highlight_carries_the_chinese_words(online_zh: tuple[Page, str]) -> None:
    """A result's link highlights the typed Chinese word on the page it opens (?h=)."""
    page, base = online_zh
    _typed_hits(page, "张量核心", base)
    first = page.locator(".md-search-result__item > a").first
    first.click()
    page.wait_for_load_state()
    marks = page.locator("article mark").all_inner_texts()
    page.goto(base)  # the shared page goes back to where the other rows expect it
    _open_search(page)
    assert any("张量核心" in m for m in marks), marks
