"""Copy-link and cite buttons: served pages link to their own address, local files say so."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from tests.conftest import BuiltSite

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

pytestmark = pytest.mark.browser

H100 = "nvidia-h100-sxm5-80gb"


def _other_origin(site: BuiltSite) -> str:
    """The same server under another name than the one the site was built for."""
    return site.url.replace("127.0.0.1", "localhost")


def _click(page: Page, row_id: str, which: str) -> str:
    """Click a row's link or cite button and return what it copied."""
    row = page.locator(f"tr#{row_id}")
    row.hover()
    button = row.locator(f"button.xpuref-{which}")
    button.click()
    page.wait_for_function(
        "b => b.hasAttribute('data-copied')", arg=button.element_handle(), timeout=5000
    )
    return str(button.get_attribute("data-copied"))


def test_cite_and_copy_link(built_site: BuiltSite, browser: Browser) -> None:
    """Cite copies value, unit, device, source and version; link copies the row address."""
    context = browser.new_context(permissions=["clipboard-read", "clipboard-write"])
    page = context.new_page()
    try:
        page.goto(built_site.url + f"devices/{H100}/")
        row = page.locator("tr#bf16-matrix")
        row.hover()
        row.locator("button.xpuref-cite").click()
        text = page.evaluate("navigator.clipboard.readText()")
        value = row.get_attribute("data-value")
        assert text.startswith(f"NVIDIA H100 SXM5 80GB, BF16 matrix, dense: **{value} TFLOPS**")
        assert f"({built_site.url}devices/{H100}/#bf16-matrix)" in text
        assert "data version " in text
        assert "; source: [" in text
        row.locator("button.xpuref-copylink").click()
        link = page.evaluate("navigator.clipboard.readText()")
        assert link == f"{built_site.url}devices/{H100}/#bf16-matrix"
    finally:
        context.close()


def test_served_link_uses_the_page_origin_and_opens_the_row(
    built_site: BuiltSite, browser: Browser
) -> None:
    """Served under another host name than the build's, the link and cite name that host."""
    origin = _other_origin(built_site)
    context = browser.new_context(permissions=["clipboard-read", "clipboard-write"])
    page = context.new_page()
    try:
        page.goto(origin + f"devices/{H100}/?from=test")
        link = _click(page, "memory-bandwidth", "copylink")
        assert link == f"{origin}devices/{H100}/#memory-bandwidth"
        assert page.evaluate("navigator.clipboard.readText()") == link
        cite = _click(page, "memory-bandwidth", "cite")
        assert f"([xpuref]({origin}devices/{H100}/#memory-bandwidth)" in cite
        assert built_site.url not in cite
        # The copied link opens the same row on the served site.
        fresh = context.new_page()
        fresh.goto(link)
        target = fresh.locator("tr:target")
        assert target.count() == 1
        assert target.get_attribute("id") == "memory-bandwidth"
        assert target.is_visible()
        top = fresh.evaluate(
            "() => document.querySelector('tr:target').getBoundingClientRect().top"
        )
        assert 0 <= top < 720
    finally:
        context.close()


def test_local_file_link_says_it_is_local(offline_bundle: Path, page: Page) -> None:
    """From file:// without a public address, the link is the local file's and the page says so."""
    page.goto((offline_bundle / "devices" / f"{H100}.html").as_uri())
    link = _click(page, "bf16-matrix", "copylink")
    assert link.startswith("file://") and link.endswith(f"devices/{H100}.html#bf16-matrix")
    status = page.locator("#xpuref-copy-status")
    assert "local file" in status.inner_text()
    assert "opens only on this computer" in status.inner_text()
    cite = _click(page, "bf16-matrix", "cite")
    assert "[xpuref, local copy](file://" in cite


def test_local_file_with_public_address_cites_it(built_site: BuiltSite, page: Page) -> None:
    """A page read from a file of a build given XPUREF_SITE_URL links to that public address."""
    page.goto((built_site.root / "devices" / H100 / "index.html").as_uri())
    link = _click(page, "bf16-matrix", "copylink")
    assert link == f"{built_site.url}devices/{H100}/#bf16-matrix"
    assert "local copy" in page.locator("#xpuref-copy-status").inner_text()
    cite = _click(page, "bf16-matrix", "cite")
    assert f"([xpuref]({built_site.url}devices/{H100}/#bf16-matrix)" in cite


def test_downloads_page_states_licence_version_and_citation(
    built_site: BuiltSite, page: Page
) -> None:
    """The downloads page names the data licence, this build's data version and how to cite it."""
    import json

    data = json.loads((built_site.root / "data/devices.json").read_text())
    page.goto(f"{built_site.url}downloads/")
    block = page.locator(".xpuref-cite-block")
    licence = block.locator("a[rel=license]")
    assert licence.inner_text() == "CC BY 4.0"
    assert licence.get_attribute("href") == "https://creativecommons.org/licenses/by/4.0/"
    assert data["license"] == "CC-BY-4.0"
    text = block.inner_text()
    assert f"data version {data['data_version']}" in text
    citation = block.locator("pre").first.inner_text()
    assert data["data_version"] in citation and data["data_date"] in citation
    assert built_site.url in citation  # the public address the site was built for
    bibtex = block.locator("pre").nth(1).inner_text()
    assert bibtex.startswith("@misc{xpuref,") and bibtex.rstrip().endswith("}")
    assert bibtex.count("{") == bibtex.count("}")
