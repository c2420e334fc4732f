"""Page macros for data tables: ``{{ data_table("pcie_generations") }}`` renders data/tables/."""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from markupsafe import Markup

from xpuref.data.table_models import DataTable
from xpuref.data.translations import Translations, load_translations
from xpuref.render.datatext import data_text
from xpuref.render.env import ENV as _ENV
from xpuref.render.messages import Messages, messages
from xpuref.render.pagecontext import PageContext

__all__ = ["format_cell", "macros", "render_table", "table_html"]


@dataclass(frozen=True)
class CellView:
    """A cell ready for the template: text, optional power-of-ten exponent, sort value."""

    text: object
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


def _same(text: object) -> object:
    """A cell's text as it is (the English edition)."""
    return text


def render_table(
    table: DataTable,
    translations: Translations | None = None,
    t: Messages | None = None,
    cell_text: Callable[[object], object] = _same,
) -> Markup:
    """The HTML of one table with its anchor, caption, units, numbered sources and notes.

    With ``translations`` (an edition past English) the title, caption, notes and column labels
    come from data/translations/<language>.yaml, each falling back to its English; ``cell_text``
    gives each text cell in the edition's language (data/translations/<language>/tables.yaml).
    """

    def cell(value: Any) -> CellView:
        """One cell, its text in the edition's language."""
        view = format_cell(value)
        return CellView(cell_text(view.text), view.exponent, view.number, view.sort)

    rows = [
        {
            "cells": [
                cell(row.get(col.key)) if col.kind == "text" else format_cell(row.get(col.key))
                for col in table.columns
            ],
            "sources": table.sources_for_row(i),
        }
        for i, row in enumerate(table.rows)
    ]

    def text(key: str, english: str | None) -> str | None:
        """One field of the table in the edition's language."""
        if english is None or translations is None:
            return english
        return translations.text(f"tables.{table.id}.{key}", english)

    words = {
        "title": text("title", table.title),
        "caption": text("caption", table.caption),
        "notes": text("notes", table.notes),
        "labels": {c.key: text(f"columns.{c.key}", c.label) for c in table.columns},
    }
    template = _ENV.get_template("tables/data_table.html.j2")
    return Markup(template.render(table=table, rows=rows, words=words, t=t or messages("en")))


def _data_table(ctx: PageContext, table_id: str) -> Markup:
    """Render the table ``table_id`` in the page's language, or fail naming the known ids."""
    tables = ctx.catalog.tables
    if table_id not in tables:
        known = ", ".join(sorted(tables)) or "none"
        raise KeyError(f"unknown data table '{table_id}' (known: {known})")
    if ctx.language == "en":
        return render_table(tables[table_id])
    translations = ctx.catalog.remember(
        "translations", ctx.language, lambda: load_translations(ctx.catalog.root, ctx.language, [])
    )
    cells = data_text(ctx.catalog.root, ctx.language).for_page(f"tables/{table_id}")
    return render_table(tables[table_id], translations, messages(ctx.language, ctx.page_url), cells)


def table_html(catalog: Any, language: str, table_id: str) -> Markup:
    """One data table as a page of ``language`` shows it (for the translation check)."""
    translations = load_translations(catalog.root, language, [])
    cells = data_text(catalog.root, language).for_page(f"tables/{table_id}")
    return render_table(catalog.tables[table_id], translations, messages(language), cells)


def macros(ctx: PageContext) -> dict[str, Callable[..., Any]]:
    """Macros this module offers to content pages."""
    return {"data_table": lambda table_id: _data_table(ctx, table_id)}
