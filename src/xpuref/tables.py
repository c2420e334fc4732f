"""Page macros for data tables: ``{{ data_table("pcie_generations") }}`` renders data/tables/."""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from markupsafe import Markup

from xpuref.pagecontext import PageContext
from xpuref.paths import data_dir
from xpuref.render import template_env
from xpuref.tables_data import TABLES_DIR, load_tables
from xpuref.tables_schema import DataTable

__all__ = ["format_cell", "macros", "render_table", "tables_for"]

_ENV = template_env()


@dataclass(frozen=True)
class CellView:
    """A cell ready for the template: text, optional power-of-ten exponent, sort value."""

    text: str
    exponent: str = ""
    number: bool = False
    sort: str = ""


def format_cell(value: Any) -> CellView:
    """Show a cell: text as is, numbers with separators, huge or tiny ones as powers of ten."""
    if value is None:
        return CellView("—")
    if isinstance(value, str):
        return CellView(value)
    number = float(value)
    sort = repr(number)
    magnitude = abs(number)
    if magnitude != 0 and (magnitude >= 1e9 or magnitude < 1e-3):
        exponent = math.floor(math.log10(magnitude))
        mantissa = number / 10**exponent
        text = f"{mantissa:.4g} × 10" if round(mantissa, 3) != 1 else "10"
        if number < 0 and text == "10":
            text = "−10"
        return CellView(text, str(exponent), True, sort)
    if number.is_integer():
        text = f"{int(number)}" if magnitude < 10_000 else f"{int(number):,}"
        return CellView(text, "", True, sort)
    return CellView(f"{number:,.6g}" if magnitude >= 1 else f"{number:.6g}", "", True, sort)


def _signature(folder: Path) -> tuple[tuple[str, int, int], ...]:
    """Names, modification times and sizes of the table files, to notice edits."""
    if not folder.is_dir():
        return ()
    return tuple(
        (p.name, p.stat().st_mtime_ns, p.stat().st_size) for p in sorted(folder.glob("*.yaml"))
    )


@lru_cache(maxsize=4)
def _cached(root: Path, signature: tuple[tuple[str, int, int], ...]) -> dict[str, DataTable]:
    """Tables of one data folder, loaded once for a given set of file versions."""
    return load_tables(root)


def tables_for(root: Path | None = None) -> dict[str, DataTable]:
    """The validated tables of ``root`` (default: the project's data folder), cached per build."""
    folder_root = (root or data_dir()).resolve()
    return _cached(folder_root, _signature(folder_root / TABLES_DIR))


def render_table(table: DataTable) -> Markup:
    """The HTML of one table with its anchor, caption, units, numbered sources and notes."""
    rows = [
        {
            "cells": [format_cell(row.get(col.key)) for col in table.columns],
            "sources": table.sources_for_row(i),
        }
        for i, row in enumerate(table.rows)
    ]
    return Markup(_ENV.get_template("tables/data_table.html.j2").render(table=table, rows=rows))


def _data_table(table_id: str) -> Markup:
    """Render the table ``table_id`` or fail the build naming the known ids."""
    tables = tables_for()
    if table_id not in tables:
        known = ", ".join(sorted(tables)) or "none"
        raise KeyError(f"unknown data table '{table_id}' (known: {known})")
    return render_table(tables[table_id])


def macros(ctx: PageContext) -> dict[str, Callable[..., Any]]:
    """Macros this module offers to content pages."""
    return {"data_table": _data_table}
