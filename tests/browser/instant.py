"""Open a page so that a click on a site link is sure to go through Material's instant navigation.

The theme intercepts a click only once it holds the site's sitemap.xml, which it fetches after
the page has loaded; a click that comes first is a plain navigation, with a reload. (That is the
theme's fallback, not a fault of the site, but on a busy machine it made the tests that check
"no reload" fail now and then.) The theme reads the sitemap with DOMParser and hands it on in
the same synchronous call, so a page that has parsed it is ready for the click.
"""

from __future__ import annotations

from typing import TYPE_CHECKING
from weakref import WeakSet

if TYPE_CHECKING:
    from playwright.sync_api import Page

#: Marks the window once the theme has parsed a sitemap (installed before any page script).
_WATCH_SITEMAP = """
if (!window.__xpurefWatchesSitemap) {
  window.__xpurefWatchesSitemap = true;
  const parse = DOMParser.prototype.parseFromString;
  DOMParser.prototype.parseFromString = function (text, type) {
    const parsed = parse.call(this, text, type);
    if (String(type).includes("xml") && String(text).includes("<urlset")) {
      window.__xpurefSitemapRead = true;
    }
    return parsed;
  };
}
"""

_WATCHED: WeakSet[Page] = WeakSet()


def open_for_instant_navigation(page: Page, url: str) -> None:
    """Load a page and wait until the theme intercepts clicks on the site's links."""
    if page not in _WATCHED:
        page.add_init_script(_WATCH_SITEMAP)
        _WATCHED.add(page)
    page.goto(url)
    page.wait_for_function("() => window.__xpurefSitemapRead === true")
