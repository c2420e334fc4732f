"""Tests for xpuref.site.timing: totals accumulate per name and are written where asked."""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest

from xpuref.site import timing


def test_totals_accumulate(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """Two timed calls add up; the JSON file holds the same totals."""
    timing.reset()

    @timing.timed("nap")
    def nap(seconds: float) -> float:
        """Sleep a little and return the argument."""
        time.sleep(seconds)
        return seconds

    assert nap(0.01) == 0.01
    nap(0.01)
    assert timing.totals()["nap"] >= 0.02
    target = tmp_path / "t.json"
    monkeypatch.setenv(timing.ENV_VAR, str(target))
    timing.write_totals()
    assert json.loads(target.read_text()) == timing.totals()
    timing.reset()
    assert timing.totals() == {}


def test_time_counted_when_function_raises() -> None:
    """A call that fails still counts its time."""
    timing.reset()

    @timing.timed("boom")
    def boom() -> None:
        """Fail at once."""
        raise RuntimeError("x")

    with pytest.raises(RuntimeError):
        boom()
    assert "boom" in timing.totals()
    timing.reset()
