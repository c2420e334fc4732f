"""Page macros for the accuracy page: the stated bounds and every compared figure.

``{{ accuracy_bounds() }}`` lists each kind of case with the bound data/measurements.yaml
states, the number of cases and the worst error (the largest, or for a one-sided bound
the smallest); ``{{ accuracy_table() }}`` lists every
case with the calculator's answer, the published figure, the error and the source. Both are
computed by xpuref.views.accuracy while the site builds.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from markupsafe import Markup

from xpuref.render.env import ENV as _ENV
from xpuref.render.pagecontext import PageContext
from xpuref.views.accuracy import (
    KIND_TITLES,
    accuracy_case_count,
    accuracy_rows,
    accuracy_summary,
    within_bound,
)

__all__ = ["format_error", "macros"]


def format_error(error: float) -> str:
    """An error as a signed percentage with enough digits to see small ones."""
    percent = error * 100
    if percent == 0:
        return "0 %"
    digits = 3 if abs(percent) < 0.1 else 2 if abs(percent) < 10 else 1
    return f"{percent:+.{digits}f} %".replace("-", "−")


def _number(value: float, unit: str) -> str:
    """A figure as the table shows it."""
    if unit == "tokens":
        return f"{round(value):,}"
    return f"{value:,.4g}" if value < 1000 else f"{value:,.1f}"


def _bounds(ctx: PageContext) -> Markup:
    """The stated bound of each kind, with the cases behind it and the worst error."""
    summary = [
        {**item, "worst": format_error(item["worst_error"])}
        for item in accuracy_summary(ctx.catalog)
    ]
    html = _ENV.get_template("accuracy/bounds.html.j2").render(summary=summary)
    return Markup(html)


def _table(ctx: PageContext) -> Markup:
    """Every compared figure, grouped by kind."""
    bounds = ctx.catalog.measurement_bounds
    groups: dict[str, list[dict[str, Any]]] = {}
    for row in accuracy_rows(ctx.catalog):
        groups.setdefault(row.kind, []).append(
            {
                "row": row,
                "answer": _number(row.answer, row.unit),
                "published": _number(row.published, row.unit),
                "error": format_error(row.error),
                "share": f"{row.share:.1%}",
                "kept": within_bound(row, bounds[row.kind]),
            }
        )
    sections = [(kind, KIND_TITLES[kind], rows) for kind, rows in groups.items()]
    html = _ENV.get_template("accuracy/table.html.j2").render(sections=sections)
    return Markup(html)


def _worst(ctx: PageContext, kind: str) -> str:
    """The worst error of one kind as the summary and table show it (prose never types it)."""
    if kind not in KIND_TITLES:
        raise KeyError(f"unknown accuracy kind {kind!r}")
    for item in accuracy_summary(ctx.catalog):
        if item["kind"] == kind:
            return format_error(item["worst_error"]).replace("+", "")
    return "— (no cases of this kind in the data)"


def _share_range(ctx: PageContext) -> str:
    """The lowest and highest measured share of the roofline bound, as whole percentages."""
    shares = [row.share for row in accuracy_rows(ctx.catalog) if row.kind == "matmul"]
    if not shares:
        return "— (no matrix-multiply cases in the data)"
    return f"{min(shares):.0%} to {max(shares):.0%}".replace("%", " %")


def macros(ctx: PageContext) -> dict[str, Callable[..., Any]]:
    """Macros this module offers to content pages."""
    return {
        "accuracy_worst": lambda kind: _worst(ctx, kind),
        "accuracy_share_range": lambda: _share_range(ctx),
        "accuracy_bounds": lambda: _bounds(ctx),
        "accuracy_table": lambda: _table(ctx),
        "measurement_count": lambda: accuracy_case_count(ctx.catalog),
    }
