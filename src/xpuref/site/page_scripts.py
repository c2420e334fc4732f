"""The site's page scripts, published as one file so a page makes one request for them all.

The sources stay separate under ``site_overrides/assets/js/`` (the fast tier runs some of them
under Node); the build joins them, in the order below, into ``assets/js/xpuref.js``, which
mkdocs.yml lists as the only extra script. Each source is one self-contained function call, so
the joined file behaves as the separate scripts did: same globals, same order.
"""

from __future__ import annotations

from collections.abc import Mapping

__all__ = ["PAGE_BUNDLE_PATH", "PAGE_SCRIPTS", "join_scripts"]

#: The one script every page loads.
PAGE_BUNDLE_PATH = "assets/js/xpuref.js"
#: Its parts, in load order: the shared helpers first, the tables before the calculators.
PAGE_SCRIPTS = (
    "assets/js/xpuref-page.js",
    "assets/js/search-query.js",
    "assets/js/finder.js",
    "assets/js/layout.js",
    "assets/js/catalog.js",
    "assets/js/permalinks.js",
    "assets/js/resolve.js",
    "assets/js/xpuref-tables.js",
    "assets/js/xpuref-calc.js",
    "assets/js/calculators.js",
    "assets/js/charts.js",
    "assets/js/compare.js",
    "assets/js/language-switch.js",
)


def join_scripts(parts: Mapping[str, str]) -> str:
    """The bundle: every part of PAGE_SCRIPTS under a comment naming it, each ended by ``;``."""
    missing = [path for path in PAGE_SCRIPTS if path not in parts]
    if missing:
        raise ValueError(f"page scripts missing from the theme: {', '.join(missing)}")
    pieces = ["/* The site's page scripts, joined at build time: do not edit. */\n"]
    for path in PAGE_SCRIPTS:
        # A part ending in a call without ";" would swallow the next part's "(" as arguments.
        pieces.append(f"\n/* {path} */\n{parts[path].rstrip()}\n;\n")
    return "".join(pieces)
