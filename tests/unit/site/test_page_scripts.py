"""The page scripts join into one file, in order, each part ended so it cannot run into the next."""

from __future__ import annotations

import pytest
from tests.conftest import ROOT

from xpuref.render.tables_js import TABLES_JS_PATH
from xpuref.site.page_scripts import PAGE_SCRIPTS, join_scripts


def test_parts_join_in_order_each_ended_and_named() -> None:
    """Each part appears once, in PAGE_SCRIPTS order, under its name and followed by ';'."""
    parts = {path: f"(function () {{ window.x = {n}; }})()" for n, path in enumerate(PAGE_SCRIPTS)}
    joined = join_scripts(parts)
    places = [joined.index(f"/* {path} */\n{parts[path]}\n;\n") for path in PAGE_SCRIPTS]
    assert places == sorted(places)
    assert joined.count("(function ()") == len(PAGE_SCRIPTS)


def test_a_missing_part_is_named() -> None:
    """A part the theme lacks stops the build with its name, not a file missing in the browser."""
    parts = {path: "1" for path in PAGE_SCRIPTS if not path.endswith("charts.js")}
    with pytest.raises(ValueError, match=r"assets/js/charts\.js"):
        join_scripts(parts)


def test_every_written_part_is_a_source_file_and_every_source_a_part() -> None:
    """The overrides hold every part but the generated tables, and no script left out."""
    sources = {
        p.relative_to(ROOT / "site_overrides").as_posix()
        for p in (ROOT / "site_overrides" / "assets" / "js").glob("*.js")
    }
    assert sources == set(PAGE_SCRIPTS) - {TABLES_JS_PATH}
    assert PAGE_SCRIPTS[0] == "assets/js/xpuref-page.js"  # the helpers the others call
    assert PAGE_SCRIPTS.index(TABLES_JS_PATH) < PAGE_SCRIPTS.index("assets/js/xpuref-calc.js")
