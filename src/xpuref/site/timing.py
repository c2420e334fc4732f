"""Measure time spent in the project's own hook code during a build, for the bench."""

from __future__ import annotations

import functools
import json
import os
import time
from collections.abc import Callable
from pathlib import Path
from typing import ParamSpec, TypeVar

__all__ = ["ENV_VAR", "reset", "timed", "totals", "write_totals"]

ENV_VAR = "XPUREF_HOOK_TIMINGS"
P = ParamSpec("P")
R = TypeVar("R")
_totals: dict[str, float] = {}


def timed(name: str) -> Callable[[Callable[P, R]], Callable[P, R]]:
    """Add the wrapped function's running time to the total kept under ``name``."""

    def decorate(func: Callable[P, R]) -> Callable[P, R]:
        """Wrap one function."""

        @functools.wraps(func)
        def wrapper(*args: P.args, **kwargs: P.kwargs) -> R:
            """Time one call."""
            start = time.perf_counter()
            try:
                return func(*args, **kwargs)
            finally:
                _totals[name] = _totals.get(name, 0.0) + time.perf_counter() - start

        return wrapper

    return decorate


def totals() -> dict[str, float]:
    """Seconds spent so far, per name."""
    return dict(_totals)


def reset() -> None:
    """Forget all totals."""
    _totals.clear()


def write_totals() -> None:
    """Write the totals as JSON to the file named by XPUREF_HOOK_TIMINGS, if set."""
    target = os.environ.get(ENV_VAR)
    if target:
        Path(target).write_text(json.dumps(totals(), sort_keys=True), encoding="utf-8")
