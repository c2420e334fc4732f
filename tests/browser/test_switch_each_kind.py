"""On each kind of page of both editions the language switch, as the browser resolves it, names
the twin.

tests/site/test_editions.py reads the head's hreflang links and the switch's links in the built
HTML of every page. Here the page's own script (language-switch.js, which takes the switch's
addresses from those hreflang links) has run in Chromium, on one page per edition, section and
depth (tests/sampling.py): the script is the same on every page and its input is checked on
every page without a browser. One context loads each page up to DOMContentLoaded with
everything but the document and the page scripts (one file, holding the two that set the
switch) blocked in the browser itself. A reader's click through the switch, with every resource
loaded, is checked on one page of each type in tests/browser/test_language_switch.py.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

import pytest
from tests.conftest import BuiltSite
from tests.sampling import is_redirect, kind_sample, page_kind

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

pytestmark = pytest.mark.browser

#: The page scripts (joined into one file: xpuref-page.js and language-switch.js among them) point
#: the switch at the twin; every other subresource is blocked.
NEEDED = ("assets/js/xpuref.js",)
#: What the blocked loads are: styles, images, fonts, the theme's scripts, plotly and the index.
BLOCKED = ["*.css", "*.png", "*.svg", "*.ico", "*.woff*", "*/assets/javascripts/*", "*.json"]
BLOCKED += ["*/assets/vendor/*", "*/search/*", "*/assets/js/xpuref-find.js"]

_SWITCHES = """() => Object.assign(Object.fromEntries(
    Array.from(document.querySelectorAll('.md-header a.md-select__link[hreflang]'))
        .map(a => [a.getAttribute('hreflang'), a.href])),
    {lang: window.xpurefPage ? document.documentElement.lang : 'no page script'})"""


def english_pages(site: BuiltSite) -> list[str]:
    """Every English article page (not zh/, not a redirect stub), as its address below the root."""
    found = []
    for html in sorted(site.root.rglob("index.html")):
        rel = html.relative_to(site.root).as_posix()
        if rel.split("/")[0] in ("zh", "search", "assets", "data"):
            continue
        if is_redirect(html):
            continue
        found.append(rel.removesuffix("index.html"))
    return found


@pytest.fixture(scope="module")
def bare_page(browser: Browser) -> Iterator[Page]:
    """One page whose browser loads nothing but documents and the page scripts."""
    context = browser.new_context(viewport={"width": 320, "height": 200})  # little to paint
    page = context.new_page()
    cdp = context.new_cdp_session(page)
    cdp.send("Network.enable")
    cdp.send("Network.setBlockedURLs", {"urls": BLOCKED})
    try:
        yield page
    finally:
        context.close()


def test_the_blocklist_spares_the_switch_scripts() -> None:
    """No blocked pattern matches the page scripts; the theme's scripts and plotly are blocked."""
    import fnmatch

    for name in NEEDED:
        assert not [p for p in BLOCKED if fnmatch.fnmatch("http://h/" + name, p)], name
    for name in ("assets/javascripts/bundle.x.min.js", "assets/vendor/plotly/plotly-basic.min.js"):
        assert [p for p in BLOCKED if fnmatch.fnmatch("http://h/" + name, p)], name


def test_each_kind_of_switch_names_the_twin(built_site: BuiltSite, bare_page: Page) -> None:
    """English page -> switch to zh/ of the same path; Chinese twin -> switch back to it, on one
    page of each kind (every section, the home page and the device, system and chart pages)."""
    every = english_pages(built_site)
    pages = kind_sample(built_site.root, every)
    assert len(every) > 200 and {page_kind(p) for p in pages} == {page_kind(p) for p in every}
    assert {"", "devices/", "glossary/"} <= set(pages)
    assert {page_kind(p)[1] for p in pages if page_kind(p)[2] == 2} >= {"devices", "charts"}
    wrong: dict[str, dict[str, str]] = {}
    for path in pages:
        for lang, here, other, there in (
            ("en", path, "zh", "zh/" + path),
            ("zh", "zh/" + path, "en", path),
        ):
            # By DOMContentLoaded the switch script has run: it is loaded without defer.
            bare_page.goto(built_site.url + here, wait_until="domcontentloaded")
            switches = bare_page.evaluate(_SWITCHES)
            lang_attr = switches.pop("lang")
            want = {lang: built_site.url + here, other: built_site.url + there}
            if switches != want or lang_attr != lang:
                wrong[here] = {**switches, "lang": lang_attr}
            assert (built_site.root / there / "index.html").is_file(), there
    assert not wrong, dict(list(wrong.items())[:5])
