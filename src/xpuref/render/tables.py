"""Page macros for data tables: ``{{ data_table("pcie_generations") }}`` renders data/tables/."""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from markupsafe import Markup

from xpuref.data.table_models import DataTable
from xpuref.render.env import ENV as _ENV
from xpuref.render.pagecontext import PageContext

__all__ = ["format_cell", "macros", "render_table"]


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


def _data_table(tables: dict[str, DataTable], table_id: str) -> Markup:
    """Render the table ``table_id`` or fail the build naming the known ids."""
    if table_id not in tables:
        known = ", ".join(sorted(tables)) or "none"
        raise KeyError(f"unknown data table '{table_id}' (known: {known})")
    return render_table(tables[table_id])


def macros(ctx: PageContext) -> dict[str, Callable[..., Any]]:
    """Macros this module offers to content pages."""
    return {"data_table": lambda table_id: _data_table(ctx.catalog.tables, table_id)}
