"""Copy-link and cite buttons put the right text on the clipboard."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest
from tests.conftest import BuiltSite

if TYPE_CHECKING:
    from playwright.sync_api import Browser

pytestmark = pytest.mark.browser


def test_cite_and_copy_link(built_site: BuiltSite, browser: Browser) -> None:
    """Cite copies value, unit, device, source and version; link copies the row address."""
    context = browser.new_context(permissions=["clipboard-read", "clipboard-write"])
    page = context.new_page()
    try:
        page.goto(built_site.url + "devices/nvidia-h100-sxm5-80gb/")
        row = page.locator("tr#bf16-matrix")
        row.hover()
        row.locator("button.xpuref-cite").click()
        text = page.evaluate("navigator.clipboard.readText()")
        assert text.startswith("NVIDIA H100 SXM5 80GB, BF16 matrix, dense: **989.5 TFLOPS**")
        assert f"({built_site.url}devices/nvidia-h100-sxm5-80gb/#bf16-matrix)" in text
        assert "data version " in text
        assert "; source: [" in text
        row.locator("button.xpuref-copylink").click()
        link = page.evaluate("navigator.clipboard.readText()")
        assert link == f"{built_site.url}devices/nvidia-h100-sxm5-80gb/#bf16-matrix"
    finally:
        context.close()
