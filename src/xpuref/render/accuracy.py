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

from xpuref.data.dataset import Dataset
from xpuref.data.fields import RATES
from xpuref.render.datatext import page_text
from xpuref.render.env import ENV as _ENV
from xpuref.render.messages import Messages, messages
from xpuref.render.pagecontext import PageContext
from xpuref.views.accuracy import (
    KIND_TITLES,
    AccuracyRow,
    accuracy_case_count,
    accuracy_rows,
    accuracy_summary,
    matmul_records,
    within_bound,
)
from xpuref.views.chinese_names import chinese_name

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


#: The message key of each compared figure the rows name.
_FIGURES = {
    "KV-cache tokens": "kv_tokens",
    "device memory": "device_memory",
    "logits memory": "logits",
    "MFU": "mfu",
    "HFU": "hfu",
    "matmul rate": "matmul",
    "decode tokens/s per sequence": "decode",
}


def _words(ctx: PageContext) -> dict[str, Any]:
    """The page's messages and data text in its language (English pages as before)."""
    t = messages(ctx.language, ctx.page_url)
    return {"t": t, **page_text(ctx.catalog.root, ctx.language, t, "calculators/accuracy.md")}


def _matmul_titles(ds: Dataset, t: Messages, nm: Callable[[str], Any]) -> dict[str, Markup]:
    """Each measured GEMM case's title in the page's language: device, precision and shape."""
    found = {}
    for record, _file in matmul_records(ds):
        shape = record.conditions.shape
        assert shape is not None and record.precision is not None
        device = ds.devices[record.device]
        name = chinese_name(device, ds.vendors[device.vendor])
        precision = t("rate.matrix", precision=RATES[record.precision].precision.label)
        found[record.id] = Markup("{}，{}：{}×{}×{}").format(
            nm(name), precision, shape.m, shape.n, shape.k
        )
    return found


def _title(row: AccuracyRow, words: dict[str, Any], matmul: dict[str, Markup]) -> object:
    """A case's title as the table shows it."""
    if words["t"].language == "en":
        return row.title
    if row.case in matmul:
        return matmul[row.case]
    return words["tr"](row.title)


def _bounds(ctx: PageContext) -> Markup:
    """The stated bound of each kind, with the cases behind it and the worst error."""
    words = _words(ctx)
    summary = [
        {**item, "worst": format_error(item["worst_error"])}
        for item in accuracy_summary(ctx.catalog)
    ]
    html = _ENV.get_template("accuracy/bounds.html.j2").render(summary=summary, **words)
    return Markup(html)


def _table(ctx: PageContext) -> Markup:
    """Every compared figure, grouped by kind."""
    bounds = ctx.catalog.measurement_bounds
    words = _words(ctx)
    matmul = _matmul_titles(ctx.catalog, words["t"], words["nm"])
    groups: dict[str, list[dict[str, Any]]] = {}
    for row in accuracy_rows(ctx.catalog):
        groups.setdefault(row.kind, []).append(
            {
                "row": row,
                "title": _title(row, words, matmul),
                "figure": words["t"](f"accuracy.figure.{_FIGURES[row.figure]}"),
                "answer": _number(row.answer, row.unit),
                "published": _number(row.published, row.unit),
                "error": format_error(row.error),
                "share": f"{row.share:.1%}",
                "kept": within_bound(row, bounds[row.kind]),
            }
        )
    t = words["t"]
    sections = [(kind, t(f"accuracy.kind.{kind}"), rows) for kind, rows in groups.items()]
    html = _ENV.get_template("accuracy/table.html.j2").render(sections=sections, **words)
    return Markup(html)


def _worst(ctx: PageContext, kind: str) -> str:
    """The worst error of one kind as the summary and table show it (prose never types it)."""
    if kind not in KIND_TITLES:
        raise KeyError(f"unknown accuracy kind {kind!r}")
    for item in accuracy_summary(ctx.catalog):
        if item["kind"] == kind:
            return format_error(item["worst_error"]).replace("+", "")
    return messages(ctx.language, ctx.page_url)("accuracy.none_of_kind")


def _share_range(ctx: PageContext) -> str:
    """The lowest and highest measured share of the roofline bound, as whole percentages."""
    t = messages(ctx.language, ctx.page_url)
    shares = [row.share for row in accuracy_rows(ctx.catalog) if row.kind == "matmul"]
    if not shares:
        return t("accuracy.no_matmul")
    low, high = (f"{share:.0%}".replace("%", " %") for share in (min(shares), max(shares)))
    return t("accuracy.share_range", low=low, high=high)


def macros(ctx: PageContext) -> dict[str, Callable[..., Any]]:
    """Macros this module offers to content pages."""
    return {
        "accuracy_worst": lambda kind: _worst(ctx, kind),
        "accuracy_share_range": lambda: _share_range(ctx),
        "accuracy_bounds": lambda: _bounds(ctx),
        "accuracy_table": lambda: _table(ctx),
        "measurement_count": lambda: accuracy_case_count(ctx.catalog),
    }
