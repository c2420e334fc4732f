"""The suite's work order (tests/scheduling.py): listed files exist, slowest first, groups kept."""

from __future__ import annotations

from pathlib import Path

import pytest
from tests.conftest import ROOT
from tests.scheduling import SLOW_FIRST, SPREAD, missing_files, order_items, rank


def test_every_listed_file_exists() -> None:
    """A renamed or deleted test file is refused by name, not silently scheduled last."""
    present = [p.relative_to(ROOT).as_posix() for p in (ROOT / "tests").rglob("test_*.py")]
    assert missing_files(present) == []
    assert missing_files(["tests/site/test_reproducible.py"])  # the check itself can fail
    assert len(set(SLOW_FIRST)) == len(SLOW_FIRST)
    assert set(SLOW_FIRST) >= SPREAD


class _Item:
    """The two things order_items reads and writes of a pytest item."""

    def __init__(self, nodeid: str) -> None:
        self.nodeid = nodeid
        self.marks: list[pytest.MarkDecorator] = []

    def add_marker(self, mark: pytest.MarkDecorator) -> None:
        """Remember a marker."""
        self.marks.append(mark)


def test_slowest_files_go_first_and_files_stay_whole_unless_spread() -> None:
    """Listed files lead in list order, each keeps its tests' order, unlisted files follow in
    collection order; a SPREAD file's tests carry no group, every other test its file's."""
    spread = sorted(SPREAD)[0]
    nodeids = [
        "tests/unit/calc/test_a.py::test_one",
        f"{spread}::test_x[1]",
        "tests/unit/calc/test_b.py::test_two",
        f"{SLOW_FIRST[0]}::test_first",
        f"{spread}::test_x[0]",
        "tests/unit/calc/test_a.py::test_three",
    ]
    items = [_Item(n) for n in nodeids]
    order_items(items)  # type: ignore[arg-type]
    order = [item.nodeid for item in items]
    assert order[0] == f"{SLOW_FIRST[0]}::test_first"
    assert order[1:3] == [f"{spread}::test_x[1]", f"{spread}::test_x[0]"]
    assert order[3:] == [
        "tests/unit/calc/test_a.py::test_one",
        "tests/unit/calc/test_b.py::test_two",
        "tests/unit/calc/test_a.py::test_three",
    ]
    groups = {item.nodeid: [m.args for m in item.marks] for item in items}
    assert groups[f"{spread}::test_x[0]"] == []
    assert groups["tests/unit/calc/test_b.py::test_two"] == [("tests/unit/calc/test_b.py",)]
    assert rank("tests/unit/nowhere.py::t") == len(SLOW_FIRST)
    assert Path(ROOT / SLOW_FIRST[0]).is_file()
