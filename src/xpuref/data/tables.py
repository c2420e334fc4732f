"""Load and check the reference tables in data/tables/, reporting problems by file and line."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from xpuref import calc
from xpuref.data.loader import load_model
from xpuref.data.problems import Problem
from xpuref.data.publishers import Registry
from xpuref.data.table_models import DataTable
from xpuref.data.yamlfile import FieldPath, SourceFile, display_name, dotted

__all__ = ["TABLES_DIR", "load_tables", "table_problems"]

#: Folder of the table files, inside the data folder.
TABLES_DIR = "tables"


def _kind_of(value: Any) -> str:
    """Name the kind of a parsed cell value in words."""
    if value is None:
        return "null"
    if isinstance(value, str):
        return f"text {value!r}"
    return f"number {value!r}"


def _columns(table: DataTable, src: SourceFile) -> list[Problem]:
    """Column keys are unique."""
    problems: list[Problem] = []
    seen: set[str] = set()
    for j, col in enumerate(table.columns):
        if col.key in seen:
            path = ("columns", j, "key")
            problems.append(
                Problem(
                    src.name, src.lines.line_of(path), dotted(path), f"duplicate column '{col.key}'"
                )
            )
        seen.add(col.key)
    return problems


def _cell(table: DataTable, src: SourceFile, i: int, key: str, value: Any) -> Problem | None:
    """Check one cell against its column's kind."""
    col = table.column(key)
    path: FieldPath = ("rows", i, key)
    line = src.lines.line_of(path)
    if value is None:
        if col.nullable:
            return None
        return Problem(src.name, line, dotted(path), "empty cell in a column that is not nullable")
    if col.kind == "number" and isinstance(value, str):
        return Problem(src.name, line, dotted(path), f"expected a number, got {_kind_of(value)}")
    if col.kind == "text" and not isinstance(value, str):
        return Problem(src.name, line, dotted(path), f"expected text, got {_kind_of(value)}")
    if col.min is not None and isinstance(value, int | float) and value < col.min:
        return Problem(
            src.name, line, dotted(path), f"{value!r} is below the column's minimum {col.min:g}"
        )
    return None


def _rows(table: DataTable, src: SourceFile) -> list[Problem]:
    """Every row has exactly the declared columns, each of the right kind."""
    problems: list[Problem] = []
    keys = [c.key for c in table.columns]
    for i, row in enumerate(table.rows):
        for key in keys:
            if key not in row:
                path: FieldPath = ("rows", i)
                problems.append(
                    Problem(
                        src.name,
                        src.lines.line_of(path),
                        dotted(path),
                        f"missing column '{key}'",
                    )
                )
        for key, value in row.items():
            if key not in keys:
                path = ("rows", i, key)
                problems.append(
                    Problem(
                        src.name,
                        src.lines.line_of(path),
                        dotted(path),
                        f"unknown column '{key}' (declared: {', '.join(keys)})",
                    )
                )
                continue
            found = _cell(table, src, i, key, value)
            if found is not None:
                problems.append(found)
    return problems


def _coverage(table: DataTable, src: SourceFile) -> list[Problem]:
    """Source row indexes exist, and every row is backed by at least one source."""
    problems: list[Problem] = []
    count = len(table.rows)
    for n, source in enumerate(table.sources):
        if isinstance(source.rows, list):
            for k, index in enumerate(source.rows):
                if index >= count:
                    path: FieldPath = ("sources", n, "rows", k)
                    problems.append(
                        Problem(
                            src.name,
                            src.lines.line_of(path),
                            dotted(path),
                            f"row {index} does not exist (the table has {count} rows)",
                        )
                    )
    for i in range(count):
        if not table.sources_for_row(i):
            path = ("rows", i)
            problems.append(
                Problem(src.name, src.lines.line_of(path), dotted(path), "no source backs this row")
            )
    return problems


def _matches_calc(table: DataTable, src: SourceFile) -> list[Problem]:
    """The published bytes-per-value table says exactly what calc's precision table stores."""
    if table.id != "dtype_bytes":
        return []
    problems: list[Problem] = []
    listed: set[str] = set()
    for i, row in enumerate(table.rows):
        name = str(row.get("dtype"))
        listed.add(name)
        want = calc.DTYPE_BYTES.get(name)
        if want is None or float(row.get("bytes") or 0) != want:
            path: FieldPath = ("rows", i)
            said = "no bytes" if want is None else f"{want:g} bytes"
            problems.append(
                Problem(
                    src.name,
                    src.lines.line_of(path),
                    dotted(path),
                    f"'{name}': calc.PRECISIONS stores {said} per value",
                )
            )
    for name in calc.DTYPE_BYTES:
        if name not in listed:
            problems.append(
                Problem(
                    src.name,
                    src.lines.line_of(("rows",)),
                    "rows",
                    f"no row for '{name}', which calc.PRECISIONS stores in "
                    f"{calc.DTYPE_BYTES[name]:g} bytes: add it with its source",
                )
            )
    return problems


def table_problems(table: DataTable, src: SourceFile, stem: str) -> list[Problem]:
    """Checks beyond the schema: id, columns, rows and source coverage."""
    problems: list[Problem] = []
    if table.id != stem:
        problems.append(
            Problem(
                src.name,
                src.lines.line_of(("id",)),
                "id",
                f"id '{table.id}' must equal the file name '{stem}'",
            )
        )
    problems += _columns(table, src)
    problems += _rows(table, src)
    problems += _coverage(table, src)
    problems += _matches_calc(table, src)
    return problems


def _load_one(
    path: Path, root: Path, registry: Registry | None, problems: list[Problem]
) -> DataTable | None:
    """Read, parse and check one table file, adding its problems."""
    loaded = load_model(DataTable, path, root, problems, registry=registry)
    if loaded is None:
        return None
    table, src = loaded
    own = table_problems(table, src, path.stem)
    problems += own
    return None if own else table


def load_tables(
    root: Path, registry: Registry | None, problems: list[Problem]
) -> dict[str, DataTable]:
    """Load every ``tables/*.yaml`` under the data folder ``root``, adding located problems."""
    folder = root / TABLES_DIR
    if not folder.is_dir():
        return {}
    tables: dict[str, DataTable] = {}
    for path in sorted(folder.iterdir()):
        if path.is_dir() or path.suffix != ".yaml":
            problems.append(
                Problem(display_name(path, root), 1, "", "table files belong in tables/<id>.yaml")
            )
            continue
        table = _load_one(path, root, registry, problems)
        if table is not None:
            tables[table.id] = table
    return tables
