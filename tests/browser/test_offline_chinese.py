"""The Chinese edition of the offline bundle from file://: pages render, the switch works both ways.

The bundle carries both editions (English at its root, Chinese under zh/) with no network at
all; its Chinese search is tested with the online one in tests/browser/test_search_chinese.py.
Every page is crawled in English by tests/browser/test_offline_bundle.py; here one page of
each kind in Chinese.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from tests.browser.test_offline_bundle import _block_network
from tests.conftest import checked_page

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

pytestmark = pytest.mark.browser

#: One Chinese page of each kind, with a word its article shows in Chinese.
KINDS = [
    ("index.html", "深度学习硬件"),
    ("devices/index.html", "设备"),
    ("devices/nvidia-h100-sxm5-80gb.html", "规格"),
    ("devices/huawei-ascend-910b2.html", "昇腾"),
    ("systems.html", "系统"),
    ("systems/nvidia-dgx-h100.html", "系统"),
    ("architectures.html", "架构"),
    ("compare.html", "对比"),
    ("charts/roofline.html", "屋顶线"),
    ("calculators/llm.html", "推理"),
    ("calculators/export.html", "出口管制"),
    ("guides/storage.html", "存储"),
    ("glossary.html", "术语"),
    ("export-controls.html", "出口管制"),
    ("downloads.html", "下载"),
]


@pytest.fixture(scope="module")
def offline_page(browser: Browser) -> Iterator[tuple[Page, list[str]]]:
    """One page, failing on script errors, that records every network request it makes."""
    for page in checked_page(browser):
        yield page, _block_network(page)


@pytest.mark.parametrize(("path", "word"), KINDS)
def test_chinese_pages_render_offline(
    offline_bundle: Path, offline_page: tuple[Page, list[str]], path: str, word: str
) -> None:
    """Each kind of Chinese page opens from the file with its styles, in Chinese, offline."""
    page, requested = offline_page
    page.goto((offline_bundle / "zh" / path).as_uri())
    assert page.locator("html").get_attribute("lang") == "zh"
    assert page.locator("article").count() == 1
    assert word in page.locator("article").inner_text()
    assert page.locator("input.md-search__input").get_attribute("placeholder") == "搜索"
    header = page.locator(".md-header").evaluate("h => getComputedStyle(h).position")
    assert header in {"sticky", "fixed"}, "Material's stylesheet applies"
    assert requested == []


def test_a_chinese_chart_draws_offline(
    offline_bundle: Path, offline_page: tuple[Page, list[str]]
) -> None:
    """The vendored plotly draws a chart of the Chinese edition from the file."""
    page, requested = offline_page
    page.goto((offline_bundle / "zh/charts/trends.html").as_uri())
    chart = page.locator(".xpuref-chart").first
    chart.scroll_into_view_if_needed()
    page.locator(".xpuref-chart[data-drawn]").first.wait_for(timeout=20000)
    assert requested == []


def test_the_chinese_catalog_opens_chinese_device_pages_offline(
    offline_bundle: Path, offline_page: tuple[Page, list[str]]
) -> None:
    """A catalog row's link in zh/ opens that device's Chinese page."""
    page, requested = offline_page
    page.goto((offline_bundle / "zh/devices/index.html").as_uri())
    first = page.locator("#xpuref-catalog tbody tr a").first
    target = first.evaluate("a => a.href")
    first.click()
    page.wait_for_load_state()
    assert page.url == target and target.startswith((offline_bundle / "zh/devices").as_uri())
    assert page.locator("html").get_attribute("lang") == "zh"
    assert page.locator("h1").first.inner_text()
    assert requested == []


@pytest.mark.parametrize(
    "path", ["index.html", "devices/nvidia-h100-sxm5-80gb.html", "guides/storage.html"]
)
def test_the_switch_lands_on_the_twin_offline(
    offline_bundle: Path, offline_page: tuple[Page, list[str]], path: str
) -> None:
    """From file://, English page -> its Chinese twin -> the English page again."""
    page, requested = offline_page
    page.goto((offline_bundle / path).as_uri())
    for lang, target in (("zh", offline_bundle / "zh" / path), ("en", offline_bundle / path)):
        page.locator(".md-header .md-select").first.hover()
        page.locator(f".md-header a.md-select__link[hreflang='{lang}']").click()
        page.wait_for_url(target.as_uri())
        assert page.locator("html").get_attribute("lang") == lang
        assert page.locator("article").count() == 1
    assert requested == []
