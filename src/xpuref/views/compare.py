"""Data for the compare page: every device's published record flattened into comparable rows."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Literal

from xpuref.data.dataset import Dataset
from xpuref.data.fields import RATES, SPEC_FIELDS
from xpuref.views.figures._common import fmt
from xpuref.views.lookup import lookup_maps
from xpuref.views.numbers import format_number
from xpuref.views.publish import device_record
from xpuref.views.spec import sources_for

__all__ = ["COMPUTED", "MAX_DEVICES", "CompareRow", "compare_payload", "compare_rows"]

#: The compare page opens with this many pickers' worth of room; more can be added.
MAX_DEVICES = 4

#: What a derived or export row's source cell says: computed, not read from a page.
COMPUTED = "computed"

Best = Literal["max", "min"] | None


@dataclass(frozen=True)
class CompareRow:
    """One row of the comparison: how to read it from a published record and which end wins."""

    id: str
    group: str
    label: str
    unit: str
    best: Best
    get: Callable[[dict[str, Any]], Any]
    field: str | None = None


def _path(*keys: str) -> Callable[[dict[str, Any]], Any]:
    """A getter following ``keys`` into a record; missing entries give None."""

    def get(record: dict[str, Any]) -> Any:
        """Read the value at the path."""
        value: Any = record
        for key in keys:
            value = value.get(key) if isinstance(value, dict) else None
        return value

    return get


def _record_keys(path: str) -> tuple[str, ...]:
    """Where a spec field sits in a published record."""
    flat = {
        "memory.capacity": ("memory_gb",),
        "memory.type": ("memory_type",),
        "memory.bus_width_bits": ("memory_bus_width_bits",),
        "memory.bandwidth_gbs": ("memory_bandwidth_gbs",),
        "power.tdp_w": ("tdp_w",),
    }
    return flat.get(path, tuple(path.split(".")))


def _spec_rows() -> list[CompareRow]:
    """Rows for the non-rate figures, from the field catalogue."""
    rows = [
        CompareRow("vendor_name", "Basics", "Vendor", "", None, _path("vendor_name")),
        CompareRow("kind", "Basics", "Kind", "", None, _path("kind")),
        CompareRow(
            "architecture_name", "Basics", "Architecture", "", None, _path("architecture_name")
        ),
    ]
    for spec in SPEC_FIELDS:
        if spec.path == "sparsity_factor":
            continue
        key = (
            "memory_gb"
            if spec.path == "memory.capacity"
            else spec.csv or spec.path.replace(".", "_")
        )
        unit = "GB" if spec.path == "memory.capacity" else spec.unit
        rows.append(
            CompareRow(
                key,
                spec.group,
                spec.label,
                unit,
                spec.best,
                _path(*_record_keys(spec.path)),
                spec.path,
            )
        )
        if spec.path == "memory.capacity":
            rows.append(
                CompareRow(
                    "memory_gb_total", spec.group, "Memory, whole card or package (all chips)",
                    "GB", spec.best, _path("memory_gb_total"), spec.path,
                )
            )  # fmt: skip
    return rows


def _per_rate(
    prefix: str, group: str, label: str, unit: str, best: Best, *where: str
) -> list[CompareRow]:
    """One row per peak-rate key of the catalogue."""
    return [
        CompareRow(
            f"{prefix}{key}",
            group,
            label.format(rate.label),
            unit.format(rate.unit),
            best,
            _path(*where, key),
            f"peak_dense.{key}" if where == ("peak_dense",) else COMPUTED,
        )
        for key, rate in RATES.items()
    ]


def _achieved_share(record: dict[str, Any]) -> float | None:
    """The achieved BF16 GEMM as a percentage of the dense BF16 peak per visible device."""
    achieved = record.get("achieved_bf16_gemm_tflops")
    peak = (record.get("peak_dense") or {}).get("bf16_matrix")
    if achieved is None or not peak:
        return None
    share: float = 100 * float(achieved) / (float(peak) / int(record.get("visible_devices", 1)))
    return round(share, 1)


def compare_rows(ds: Dataset) -> list[CompareRow]:
    """Every row the page can show, in display order."""
    rows = _spec_rows()
    rows += _per_rate("peak_", "Dense peak", "{}", "{}", "max", "peak_dense")
    rows.append(
        CompareRow(
            "sparsity_factor", "Dense peak", "Structured sparsity factor", "×", None,
            _path("sparsity_factor"),
        )
    )  # fmt: skip
    rows += _per_rate("sparse_", "Derived", "{}, with sparsity", "{}", "max", "derived", "sparse")
    rows += [
        CompareRow("tpp", "Derived", "TPP", "", None, _path("derived", "tpp")),
        CompareRow(
            "performance_density", "Derived", "Performance density", "TPP/mm²", None,
            _path("derived", "performance_density"),
        ),
    ]  # fmt: skip
    rows += _per_rate(
        "per_watt_", "Derived", "{} per watt", "{}/W", "max", "derived", "tflops_per_watt"
    )
    rows += _per_rate(
        "ridge_", "Derived", "Ridge point, {}", "FLOP/B", None, "derived", "ridge_points"
    )
    rows.append(
        CompareRow(
            "bytes_per_flop", "Derived", "Memory bytes per matrix FLOP", "B/FLOP", "max",
            _path("derived", "bytes_per_flop"),
        )
    )  # fmt: skip
    rows += [
        CompareRow(
            "achieved_bf16_gemm", "Measured", "Achieved BF16 GEMM (highest cited)", "TFLOPS",
            "max", _path("achieved_bf16_gemm_tflops"),
        ),
        CompareRow(
            "achieved_bf16_share", "Measured", "Achieved BF16 GEMM, share of dense peak", "%",
            "max", _achieved_share,
        ),
    ]  # fmt: skip
    for rule in ds.rules:
        rows.append(
            CompareRow(
                f"export_{rule.id}", "Export control", f"US class, {rule.id}", "", None,
                _path("export_control", rule.id),
            )
        )  # fmt: skip
    return rows


def _cell(value: Any, derived: bool) -> Any:
    """A JSON cell: null, [number, shown text], or text."""
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int | float):
        return str(value)
    text = fmt(value) if derived else format_number(value)
    return [value, text]


#: Rows whose value is a lower bound when the device lacks a rate its architecture runs.
_BOUND_ROWS = frozenset({"tpp", "performance_density"})


def _values(rows: list[CompareRow], record: dict[str, Any]) -> list[Any]:
    """A device's cells, with TPP and density marked "≥" when they are lower bounds."""
    bound = (record.get("derived") or {}).get("tpp_exact") is False
    cells = []
    for row in rows:
        cell = _cell(row.get(record), row.group == "Derived")
        if bound and row.id in _BOUND_ROWS and isinstance(cell, list):
            cell = [cell[0], f"≥ {cell[1]}"]
        cells.append(cell)
    return cells


def _row_field(row: CompareRow) -> str | None:
    """The data field a row's sources back, COMPUTED for derived rows, None for labels."""
    if row.field is not None:
        return row.field
    if row.id == "sparsity_factor":
        return "sparsity_factor"
    if row.group in ("Derived", "Export control"):
        return COMPUTED
    return None


def compare_payload(catalog: Dataset, link: Callable[[str], str]) -> dict[str, Any]:
    """Rows and per-device cells for compare.js; ``link`` maps a device id to its page.

    Each device lists its sources once (title and address); each cell names the sources that
    back it by their index in that list, or says it is computed from the device's figures.
    """
    rows = compare_rows(catalog)
    fields = [_row_field(row) for row in rows]
    devices = []
    for device in catalog.sorted_devices():
        record = device_record(device, catalog)
        index = {s.id: i for i, s in enumerate(device.sources)}
        cell_sources: list[Any] = []
        for row, field in zip(rows, fields, strict=True):
            if field is None or row.get(record) is None:
                cell_sources.append(None)
            elif field == COMPUTED:
                cell_sources.append(COMPUTED)
            else:
                cell_sources.append([index[s.id] for s in sources_for(device, field)])
        devices.append(
            {
                "id": device.id,
                "name": device.name,
                "vendor": record["vendor_name"],
                "url": link(device.id),
                "search": " ".join([device.name, device.id, *device.aliases]).casefold(),
                "values": _values(rows, record),
                "sources": [{"title": s.title, "url": s.url} for s in device.sources],
                "cell_sources": cell_sources,
            }
        )
    return {
        "max": MAX_DEVICES,
        "rows": [
            {"id": r.id, "group": r.group, "label": r.label, "unit": r.unit, "best": r.best}
            for r in rows
        ],
        "devices": devices,
        "lookup": lookup_maps(catalog),
    }
