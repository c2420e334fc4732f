"""The site works under its own strict Content-Security-Policy (search, charts, tools)."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

import pytest
from tests.conftest import BuiltSite

from xpuref.site.csp import script_hashes

if TYPE_CHECKING:
    from playwright.sync_api import Page

pytestmark = pytest.mark.browser


def _violations(page: Page) -> list[str]:
    """Collect CSP violation reports the page raises from now on."""
    found: list[str] = []
    page.on(
        "console",
        lambda msg: found.append(msg.text) if "Content Security Policy" in msg.text else None,
    )
    page.expose_function("xpurefCspViolation", lambda text: found.append(str(text)))
    page.add_init_script(
        "document.addEventListener('securitypolicyviolation',"
        " e => window.xpurefCspViolation(e.violatedDirective + ' ' + e.blockedURI))"
    )
    return found


def test_every_page_carries_a_policy_with_its_inline_scripts(built_site: BuiltSite) -> None:
    """Each HTML page's meta policy lists the hash of every inline script it holds."""
    pages = [
        p for p in built_site.root.rglob("*.html") if 'http-equiv="refresh"' not in p.read_text()
    ]
    assert len(pages) > 100
    for path in pages:
        html = path.read_text()
        if path.name == "404.html":
            continue
        meta = re.search(r'<meta http-equiv="Content-Security-Policy" content="([^"]+)">', html)
        assert meta is not None, path
        assert "script-src 'self'" in meta.group(1)
        for digest in script_hashes(html):
            assert digest in meta.group(1), (path, digest)
    headers = (built_site.root / "_headers").read_text()
    assert "Content-Security-Policy: default-src 'self'" in headers


@pytest.mark.search
def test_search_works_under_the_policy(built_site: BuiltSite, page: Page) -> None:
    """Typing in the search box finds a device, with no policy violation."""
    found = _violations(page)
    page.goto(built_site.url)
    page.locator("label.md-search__icon, .md-search__input").first.click()
    page.locator("input.md-search__input").press_sequentially("H100", delay=50)
    page.locator(".md-search-result__item").first.wait_for(timeout=20_000)
    assert found == []


def test_chart_calculator_and_compare_work_under_the_policy(
    built_site: BuiltSite, page: Page
) -> None:
    """A chart draws, a calculator computes and compare fills its table, with no violation."""
    found = _violations(page)
    page.goto(built_site.url + "charts/roofline/")
    page.locator("#xpuref-roofline-explorer").scroll_into_view_if_needed()
    page.wait_for_selector(".xpuref-chart[data-drawn] .js-plotly-plot", timeout=20_000)
    page.goto(built_site.url + "calculators/roofline/")
    page.wait_for_function(
        "() => [...document.querySelectorAll('form.xpuref-calc')]"
        ".every(f => f.hasAttribute('data-state'))"
    )
    page.goto(built_site.url + "compare/?ids=nvidia-h100-sxm5-80gb,amd-instinct-mi300x-oam-192gb")
    page.wait_for_function("() => document.querySelectorAll('table td').length > 10")
    assert found == []
