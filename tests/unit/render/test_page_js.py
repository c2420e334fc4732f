"""The page helpers' onPage runs a page script once per page, under the theme and without it."""

from __future__ import annotations

import json
import shutil
import subprocess

import pytest
from tests.conftest import ROOT

PAGE_JS = ROOT / "site_overrides" / "assets" / "js" / "xpuref-page.js"

#: A stand-in for the theme's document$ (a replaying subject: a subscriber hears the page that is
#: already there, then each later one) and for the document, whose load event the script fires.
_HARNESS = """
const calls = [];
const listeners = [];
const subscribers = [];
globalThis.window = globalThis;
globalThis.document = {
  readyState: "loading",
  addEventListener: (name, fn) => listeners.push([name, fn]),
};
if (process.argv[2] === "theme") {
  globalThis.document$ = { subscribe: fn => { subscribers.push(fn); fn("first"); } };
}
require(process.argv[1]);
window.xpurefPage.onPage(page => calls.push(page === undefined ? "load" : page));
document.readyState = "interactive";
listeners.filter(([name]) => name === "DOMContentLoaded").forEach(([, fn]) => fn());
subscribers.forEach(fn => fn("second"));
process.stdout.write(JSON.stringify(calls));
"""


def _calls(mode: str) -> list[str]:
    """The pages a script registered with onPage was run for, under Node."""
    node = shutil.which("node")
    if node is None:
        pytest.fail("node is missing: scripts/setup.sh installs Debian's nodejs")
    done = subprocess.run(
        [node, "-e", _HARNESS, str(PAGE_JS), mode],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    calls: list[str] = json.loads(done.stdout)
    return calls


def test_under_the_theme_each_page_runs_a_script_once() -> None:
    """The first page and an instant-navigation change each run it once (not again on load)."""
    assert _calls("theme") == ["first", "second"]


def test_without_the_theme_the_load_event_runs_it_once() -> None:
    """Where document$ is absent, the document's load event runs it, once."""
    assert _calls("plain") == ["load"]
