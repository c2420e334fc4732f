"""The order in which the whole suite's tests go to pytest-xdist's workers: the slowest first.

scripts/test.sh runs ``pytest -n N --dist loadgroup --no-loadscope-reorder``. Workers take the
next unit of work in collection order as they free up, so putting the slowest units first
keeps a long test from starting last, alone, while the other workers idle (xdist's own
reordering puts the files with the most tests first, which sent the single-test builds and
crawls to the end of the run). A unit is a whole test file, so its module fixtures are made
once, except in SPREAD files, whose cases are independent and go one by one.

The lists name files by their path below the repository; a file that no longer exists is
refused by tests/unit/test_scheduling.py, and a file missing from them simply runs after them.
"""

from __future__ import annotations

from collections.abc import Sequence

import pytest

__all__ = ["SLOW_FIRST", "SPREAD", "missing_files", "order_items", "rank"]

#: The slowest files, slowest first (measured on the 2-core machine). The first ones make their
#: own builds or packages and need none of the shared sites, so they run while those build.
SLOW_FIRST: tuple[str, ...] = (
    "tests/site/test_published_bundle.py",
    "tests/package/test_wheel.py",
    "tests/site/test_build_locking.py",
    "tests/site/test_reproducible.py",
    "tests/unit/data/test_hardening_numbers.py",
    "tests/unit/data/test_hostile_files.py",
    "tests/unit/devtools/test_measure.py",
    "tests/site/test_serve_reload.py",
    "tests/site/test_permalinks.py",
    "tests/site/test_build_safety.py",
    "tests/site/test_hardening_site.py",
    # The crawls and checks over the shared real, bundled and hostile sites.
    "tests/browser/test_switch_every_page.py",
    "tests/browser/test_phone_width.py",
    "tests/browser/test_hostile_data.py",
    "tests/browser/test_search.py",
    "tests/browser/test_accessibility.py",
    "tests/browser/test_hostile_state.py",
    "tests/browser/test_charts.py",
    "tests/site/test_site_build.py",
    "tests/browser/test_offline_bundle.py",
    "tests/site/test_visible_words.py",
    "tests/browser/test_calculators.py",
    "tests/unit/data/test_catalog.py",
    "tests/browser/test_offline_chinese.py",
    "tests/site/test_systems_site.py",
)

#: Files whose tests share no costly module fixture: each test is its own unit of work.
SPREAD = frozenset(
    {
        "tests/browser/test_accessibility.py",
        "tests/browser/test_phone_width.py",
        "tests/browser/test_hostile_data.py",
    }
)


def _file(nodeid: str) -> str:
    """The test file part of a node id."""
    return nodeid.split("::", 1)[0]


def rank(nodeid: str) -> int:
    """Where a test's file stands in SLOW_FIRST (files not listed share the last place)."""
    try:
        return SLOW_FIRST.index(_file(nodeid))
    except ValueError:
        return len(SLOW_FIRST)


def order_items(items: list[pytest.Item]) -> None:
    """Put the slowest files first (a stable sort: each file keeps its own order) and keep each
    file that is not SPREAD on one worker (an xdist_group named after the file)."""
    items.sort(key=lambda item: rank(item.nodeid))
    for item in items:
        path = _file(item.nodeid)
        if path not in SPREAD:
            item.add_marker(pytest.mark.xdist_group(path))


def missing_files(root_names: Sequence[str]) -> list[str]:
    """The listed files that are not among ``root_names`` (paths below the repository)."""
    present = set(root_names)
    return [name for name in (*SLOW_FIRST, *SPREAD) if name not in present]
