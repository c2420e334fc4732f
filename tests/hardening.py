"""Shared checks for the hardening tests: a data edit is refused, located, fast, with no output."""

from __future__ import annotations

import re
import subprocess
import sys
import time
from pathlib import Path

from tests.conftest import ROOT
from xpuref.data.problems import DataError, Problem
from xpuref.views.checked import load_checked

HANG_GUARD_S = 20.0

#: ``FILE:LINE: field: message`` with a data-relative file and a named field.
LOCATED = re.compile(r"^data/[^:]+:\d+: [^:]+: .+$")


def edit(path: Path, old: str, new: str) -> None:
    """Replace text in one data file (the text must be there)."""
    text = path.read_text(encoding="utf-8")
    assert old in text, old
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def refused(data: Path, expected: str, field: str | None = None) -> list[Problem]:
    """Load ``data`` in process: it must fail in under 2 s with a located problem saying so."""
    before = sorted(p.name for p in data.parent.iterdir())
    start = time.perf_counter()
    try:
        load_checked(data)
    except DataError as exc:
        problems = exc.problems
    else:
        raise AssertionError(f"accepted; expected a problem saying {expected!r}")
    elapsed = time.perf_counter() - start
    # A hang guard, not a timing goal (the goal, under 2 s, is measured on an idle machine:
    # about 1 s for a whole fixture data folder); a refusal that loops would blow through it.
    assert elapsed < HANG_GUARD_S, f"took {elapsed:.2f} s"
    assert sorted(p.name for p in data.parent.iterdir()) == before  # nothing written
    lines = [str(p) for p in problems]
    assert all(LOCATED.match(line) for line in lines), lines
    hits = [p for p in problems if expected in p.message and (field is None or p.field == field)]
    assert hits, lines
    return problems


def refused_by_cli(data: Path, expected: str) -> str:
    """Run ``xpuref validate`` on ``data``: exit 1, located lines, no traceback, nothing written."""
    before = sorted(p.name for p in data.parent.iterdir())
    done = subprocess.run(
        [sys.executable, "-m", "xpuref.cli", "validate", "--data", str(data)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 1, done.stdout + done.stderr
    assert "Traceback" not in done.stderr
    assert done.stdout == ""
    lines = [ln for ln in done.stderr.splitlines() if not ln.endswith(f"found in {data}")]
    assert lines and all(LOCATED.match(line) for line in lines), lines
    assert any(expected in line for line in lines), lines
    assert sorted(p.name for p in data.parent.iterdir()) == before
    return done.stderr
