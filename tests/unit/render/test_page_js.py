"""The page helpers' onPage runs a page script once per page, whether or not the theme announces
the first page."""

from __future__ import annotations

from tests.conftest import ROOT
from tests.node import node_json

PAGE_JS = ROOT / "site_overrides" / "assets" / "js" / "xpuref-page.js"

#: A stand-in for the theme's document$ and for the document, whose load event the script fires.
#: "theme": document$ replays the first page to a subscriber, then announces one page change;
#: "silent": it announces only the change (a page opened from a file with instant navigation on);
#: "plain": there is no document$.
_HARNESS = """
const calls = [];
let phase = "first";
const listeners = [];
const subscribers = [];
globalThis.window = globalThis;
globalThis.document = {
  readyState: "loading",
  addEventListener: (name, fn) => listeners.push([name, fn]),
};
if (process.argv[2] !== "plain") {
  const replay = process.argv[2] === "theme";
  globalThis.document$ = { subscribe: fn => { subscribers.push(fn); if (replay) fn(document); } };
}
require(process.argv[1]);
window.xpurefPage.onPage(() => calls.push(phase));
document.readyState = "interactive";
listeners.filter(([name]) => name === "DOMContentLoaded").forEach(([, fn]) => fn());
phase = "change";
subscribers.forEach(fn => fn({}));
process.stdout.write(JSON.stringify(calls));
"""


def _calls(mode: str) -> list[str]:
    """The phase (first page or page change) of each run of a script registered with onPage."""
    calls: list[str] = node_json("-e", _HARNESS, str(PAGE_JS), mode)
    return calls


def test_under_the_theme_each_page_runs_a_script_once() -> None:
    """The first page and an instant-navigation change each run it once (not again on load)."""
    assert _calls("theme") == ["first", "change"]


def test_a_silent_theme_leaves_the_first_page_to_the_load_event() -> None:
    """Where document$ never announces the first page, the load event runs it; changes still do."""
    assert _calls("silent") == ["first", "change"]


def test_without_the_theme_the_load_event_runs_it_once() -> None:
    """Where document$ is absent, the document's load event runs it, once."""
    assert _calls("plain") == ["first"]
