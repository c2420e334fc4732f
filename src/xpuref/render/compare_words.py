"""The compare table's group names and row labels in the page's language (js data of compare.js)."""

from __future__ import annotations

from typing import Any

from xpuref.data.dataset import Dataset
from xpuref.data.fields import RATES
from xpuref.render.messages import Messages
from xpuref.views.compare import compare_rows

__all__ = ["GROUPS", "translate_rows"]

#: Each group of rows and the key of its name in the message catalogues.
GROUPS = {
    "Basics": "compare.group.basics",
    "Links": "compare.group.links",
    "Memory": "compare.group.memory",
    "Power and die": "compare.group.power_die",
    "Dense peak": "compare.group.dense_peak",
    "Derived": "compare.group.derived",
    "Measured": "compare.group.measured",
    "Export control": "compare.group.export_control",
}
#: Rows named by a message of their own (compare.row.<id>).
_OWN = (
    "vendor_name",
    "kind",
    "architecture_name",
    "memory_gb_total",
    "sparsity_factor",
    "tpp",
    "performance_density",
    "bytes_per_flop",
    "achieved_bf16_gemm",
    "achieved_bf16_share",
)
#: Rows per peak-rate key: id prefix and the message that wraps the rate's name.
_PER_RATE = (
    ("peak_", ""),
    ("sparse_", "compare.row.sparse"),
    ("per_watt_", "compare.row.per_watt"),
    ("ridge_", "compare.row.ridge"),
)


def _rate_name(key: str, t: Messages) -> str:
    """A rate's name: 'BF16 matrix', 'FP32 (vector)' in the page's language."""
    rate = RATES[key]
    kind = "rate.matrix" if rate.unit_kind == "matrix" else "rate.vector"
    return t(kind, precision=rate.precision.label)


def _label(row_id: str, field: str | None, t: Messages) -> str | None:
    """The row's label from the catalogue, or None when no message names it."""
    if row_id in _OWN:
        return t(f"compare.row.{row_id}")
    if row_id.startswith("export_"):
        return t("compare.row.export", rule=row_id[len("export_") :])
    for prefix, wrap in _PER_RATE:
        key = row_id[len(prefix) :]
        if row_id.startswith(prefix) and key in RATES:
            name = _rate_name(key, t)
            return t(wrap, rate=name) if wrap else name
    return t(f"field.{field}") if field else None


def translate_rows(data: dict[str, Any], catalog: Dataset, t: Messages) -> dict[str, Any]:
    """The compare payload with each row's group and label from ``t`` (English: unchanged)."""
    if t.language == "en":
        return data
    rows = []
    for row, spec in zip(data["rows"], compare_rows(catalog), strict=True):
        label = _label(spec.id, spec.field, t)
        group = GROUPS.get(row["group"])
        rows.append(
            {
                **row,
                "group": t(group) if group else row["group"],
                "label": row["label"] if label is None else label,
            }
        )
    return {**data, "rows": rows}
