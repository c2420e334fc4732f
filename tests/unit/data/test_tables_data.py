"""Tests for xpuref.data.tables: valid tables load, broken ones give FILE:LINE: field: message."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from tests.conftest import ROOT
from tests.conftest import strict_tables as load_tables

from xpuref.data.problems import DataError

VALID = ROOT / "tests" / "fixtures" / "tables" / "valid"
TABLE = Path("tables/sample_table.yaml")


@pytest.fixture
def tables_copy(tmp_path: Path) -> Path:
    """A writable copy of the valid table fixture (a data folder holding tables/)."""
    target = tmp_path / "data"
    shutil.copytree(VALID, target)
    return target


def _edit(root: Path, old: str, new: str) -> None:
    """Replace text in the fixture table, insisting the old text is there."""
    file = root / TABLE
    text = file.read_text()
    assert old in text, old
    file.write_text(text.replace(old, new, 1))


def _line_of(root: Path, needle: str) -> int:
    """The 1-based line on which ``needle`` last appears."""
    found = [
        number
        for number, line in enumerate((root / TABLE).read_text().splitlines(), start=1)
        if needle in line
    ]
    assert found, needle
    return found[-1]


def _problems(root: Path) -> list[str]:
    """Load the tables and return the problem lines raised."""
    with pytest.raises(DataError) as caught:
        load_tables(root)
    return [str(p) for p in caught.value.problems]


def test_valid_fixture_loads(tables_copy: Path) -> None:
    """The fixture loads with its values and kinds intact."""
    tables = load_tables(tables_copy)
    table = tables["sample_table"]
    assert [c.key for c in table.columns] == ["name", "speed", "extra"]
    assert table.rows[0] == {"name": "first", "speed": 1.5, "extra": 3}
    assert table.rows[1]["extra"] is None
    assert table.sources_for_row(1) == [1]


def test_missing_folder_gives_no_tables(tmp_path: Path) -> None:
    """A data folder without tables/ simply has no tables."""
    assert load_tables(tmp_path) == {}


CASES = [
    # (name, old, new, field in message, message fragment, needle for the line)
    (
        "wrong kind: text in a number column",
        "speed: 1.5",
        "speed: fast",
        "rows[0].speed",
        "expected a number, got text 'fast'",
        "speed: fast",
    ),
    (
        "wrong kind: number in a text column",
        "name: second",
        "name: 7",
        "rows[1].name",
        "expected text, got number 7",
        "name: 7",
    ),
    (
        "missing column",
        "    speed: 2000\n",
        "",
        "rows[1]",
        "missing column 'speed'",
        "name: second",
    ),
    (
        "extra column",
        "    extra: 3\n",
        "    extra: 3\n    colour: red\n",
        "rows[0].colour",
        "unknown column 'colour'",
        "colour: red",
    ),
    (
        "id does not match the file name",
        "id: sample_table",
        "id: other_table",
        "id",
        "must equal the file name 'sample_table'",
        "id: other_table",
    ),
    ("nan", "speed: 1.5", "speed: .nan", "rows[0].speed", "finite number", "speed: .nan"),
    ("infinity", "speed: 1.5", "speed: .inf", "rows[0].speed", "finite number", "speed: .inf"),
    ("boolean", "speed: 1.5", "speed: true", "rows[0].speed", "got true", "speed: true"),
    (
        "unknown key",
        "notes: Numbers",
        "footnote: x\nnotes: Numbers",
        "footnote",
        "unknown key",
        "footnote: x",
    ),
    (
        "unknown key in a column",
        "    unit: GB/s\n",
        "    unit: GB/s\n    width: 3\n",
        "columns[1].width",
        "unknown key",
        "width: 3",
    ),
    (
        "null in a column that is not nullable",
        "speed: 2000",
        "speed: null",
        "rows[1].speed",
        "not nullable",
        "speed: null",
    ),
    (
        "duplicate column key",
        "  - key: extra",
        "  - key: speed",
        "columns[2].key",
        "duplicate column 'speed'",
        "- key: speed",
    ),
    (
        "source row out of range",
        "rows: all",
        "rows: [0, 1, 5]",
        "sources[0].rows[2]",
        "row 5 does not exist",
        "rows: [0, 1, 5]",
    ),
    (
        "row without a source",
        "rows: all",
        "rows: [0]",
        "rows[1]",
        "no source backs this row",
        "name: second",
    ),
    (
        "bad address",
        "https://example.org/page",
        "example.org/page",
        "sources[0].url",
        "absolute http",
        "url: example.org",
    ),
]


@pytest.mark.parametrize(
    ("old", "new", "field", "fragment", "needle"),
    [case[1:] for case in CASES],
    ids=[case[0] for case in CASES],
)
def test_broken_table_is_located(
    tables_copy: Path, old: str, new: str, field: str, fragment: str, needle: str
) -> None:
    """Each broken fixture yields FILE:LINE: field: message pointing at the right line."""
    _edit(tables_copy, old, new)
    problems = _problems(tables_copy)
    line = _line_of(tables_copy, needle)
    expected = f"data/tables/sample_table.yaml:{line}: {field}: "
    matching = [p for p in problems if p.startswith(expected) and fragment in p]
    assert matching, problems


def test_stray_file_is_reported(tables_copy: Path) -> None:
    """Files that are not .yaml tables are reported, not ignored."""
    (tables_copy / "tables" / "notes.txt").write_text("hello")
    assert _problems(tables_copy) == [
        "data/tables/notes.txt:1: (file): table files belong in tables/<id>.yaml"
    ]


def test_yaml_syntax_error_is_located(tables_copy: Path) -> None:
    """Broken YAML names the file and line."""
    _edit(tables_copy, "title: Sample table", "title: [unclosed")
    problems = _problems(tables_copy)
    assert problems and problems[0].startswith("data/tables/sample_table.yaml:")
    assert "invalid YAML" in problems[0]
