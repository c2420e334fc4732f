"""Compare stays readable with sources shown: short source markers, each group headed once."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest
from tests.conftest import BuiltSite

if TYPE_CHECKING:
    from playwright.sync_api import Page

pytestmark = pytest.mark.browser

FOUR = [
    "nvidia-h100-sxm5-80gb",
    "amd-instinct-mi300x-oam-192gb",
    "huawei-ascend-910b2",
    "google-tpu-v5p",
]


def _table_height(page: Page, url: str) -> float:
    """The compare table's full height (not its scroll box's) once drawn."""
    page.goto(url)
    table = page.locator(".xpuref-compare-table:not([hidden])")
    table.wait_for()
    return float(table.evaluate("t => t.getBoundingClientRect().height"))


def test_four_devices_with_sources_are_at_most_twice_as_tall(
    built_site: BuiltSite, page: Page
) -> None:
    """Sources fold into one line per cell; the full titles open with a click."""
    base = f"{built_site.url}compare/?ids={','.join(FOUR)}"
    plain = _table_height(page, base)
    sourced = _table_height(page, base + "&sources=1")
    assert sourced <= 2 * plain, (sourced, plain)
    folded = page.locator("details.xpuref-cell-sources").first
    link = folded.locator("a").first
    assert not link.is_visible()
    folded.locator("summary").click()
    assert link.is_visible() and len(link.inner_text()) > 10


def test_each_group_heads_the_table_once(built_site: BuiltSite, page: Page) -> None:
    """ "Power and die" and every other group appear as one block."""
    page.goto(f"{built_site.url}compare/?ids={','.join(FOUR)}")
    page.locator(".xpuref-compare-table:not([hidden])").wait_for()
    groups = page.locator("tr.xpuref-compare-group th").all_inner_texts()
    assert "Power and die" in groups
    assert len(groups) == len(set(groups)), groups
