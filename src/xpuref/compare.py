"""Data for the compare page: every device's published record flattened into comparable rows."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Literal

from xpuref.calc import load_export_rules
from xpuref.catalog import Catalog
from xpuref.figures._common import fmt
from xpuref.publish import device_record
from xpuref.schema import PEAK_KEYS
from xpuref.spec import PEAK_LABELS, format_number

__all__ = ["MAX_DEVICES", "CompareRow", "compare_payload", "compare_rows"]

#: The page compares at most this many devices side by side.
MAX_DEVICES = 4

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


def _path(*keys: str) -> Callable[[dict[str, Any]], Any]:
    """A getter following ``keys`` into a record; missing entries give None."""

    def get(record: dict[str, Any]) -> Any:
        """Read the value at the path."""
        value: Any = record
        for key in keys:
            value = value.get(key) if isinstance(value, dict) else None
        return value

    return get


def _unit(key: str) -> str:
    """TOPS for integer keys, TFLOPS otherwise."""
    return "TOPS" if key.startswith("int") else "TFLOPS"


def _text_rows() -> list[CompareRow]:
    """Descriptive rows (no best value)."""
    fields = (
        ("vendor_name", "Vendor"),
        ("kind", "Kind"),
        ("architecture_name", "Architecture"),
        ("form_factor", "Form factor"),
        ("scope", "Scope"),
        ("launch_date", "Launch"),
        ("status", "Status"),
        ("process_node", "Process"),
        ("memory_type", "Memory type"),
    )
    return [CompareRow(key, "Basics", label, "", None, _path(key)) for key, label in fields]


def compare_rows() -> list[CompareRow]:
    """Every row the page can show, in display order."""
    rows = _text_rows()
    rows += [
        CompareRow("memory_gb", "Memory", "Memory capacity", "GB", "max", _path("memory_gb")),
        CompareRow(
            "memory_bandwidth_gbs",
            "Memory",
            "Memory bandwidth",
            "GB/s",
            "max",
            _path("memory_bandwidth_gbs"),
        ),
        CompareRow(
            "scale_up_bandwidth_gbs",
            "Memory",
            "Scale-up bandwidth",
            "GB/s",
            "max",
            _path("interconnect", "scale_up_bandwidth_gbs"),
        ),
        CompareRow("tdp_w", "Power and die", "Power", "W", None, _path("tdp_w")),
        CompareRow("die_area_mm2", "Power and die", "Die area", "mm²", None, _path("die_area_mm2")),
        CompareRow(
            "transistors_billion",
            "Power and die",
            "Transistors",
            "billion",
            None,
            _path("transistors_billion"),
        ),
    ]
    for key in PEAK_KEYS:
        rows.append(
            CompareRow(
                f"peak_{key}",
                "Dense peak",
                PEAK_LABELS[key],
                _unit(key),
                "max",
                _path("peak_dense", key),
            )
        )
    rows.append(
        CompareRow(
            "sparsity_factor",
            "Dense peak",
            "Structured sparsity factor",
            "×",
            None,
            _path("sparsity_factor"),
        )
    )
    for key in PEAK_KEYS:
        rows.append(
            CompareRow(
                f"sparse_{key}",
                "Derived",
                f"{PEAK_LABELS[key]}, with sparsity",
                _unit(key),
                "max",
                _path("derived", "sparse", key),
            )
        )
    rows += [
        CompareRow("tpp", "Derived", "TPP", "", None, _path("derived", "tpp")),
        CompareRow(
            "performance_density",
            "Derived",
            "Performance density",
            "TPP/mm²",
            None,
            _path("derived", "performance_density"),
        ),
    ]
    for key in PEAK_KEYS:
        rows.append(
            CompareRow(
                f"per_watt_{key}",
                "Derived",
                f"{PEAK_LABELS[key]} per watt",
                f"{_unit(key)}/W",
                "max",
                _path("derived", "tflops_per_watt", key),
            )
        )
    for key in PEAK_KEYS:
        rows.append(
            CompareRow(
                f"ridge_{key}",
                "Derived",
                f"Ridge point, {PEAK_LABELS[key]}",
                "FLOP/B",
                None,
                _path("derived", "ridge_points", key),
            )
        )
    rows.append(
        CompareRow(
            "bytes_per_flop",
            "Derived",
            "Memory bytes per matrix FLOP",
            "B/FLOP",
            "max",
            _path("derived", "bytes_per_flop"),
        )
    )
    for rule in load_export_rules():
        rule_id = str(rule["id"])
        rows.append(
            CompareRow(
                f"export_{rule_id}",
                "Export control",
                f"US class, {rule_id}",
                "",
                None,
                _path("export_control", rule_id),
            )
        )
    return rows


def _cell(value: Any, derived: bool) -> Any:
    """A JSON cell: null, [number, shown text], or text."""
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int | float):
        return str(value)
    text = fmt(value) if derived else format_number(value)
    return [value, text]


def compare_payload(catalog: Catalog, link: Callable[[str], str]) -> dict[str, Any]:
    """Rows and per-device cells for compare.js; ``link`` maps a device id to its page."""
    rows = compare_rows()
    devices = []
    for device in catalog.sorted_devices():
        record = device_record(device, catalog)
        devices.append(
            {
                "id": device.id,
                "name": device.name,
                "vendor": record["vendor_name"],
                "url": link(device.id),
                "values": [_cell(row.get(record), row.group == "Derived") for row in rows],
            }
        )
    return {
        "max": MAX_DEVICES,
        "rows": [
            {"id": r.id, "group": r.group, "label": r.label, "unit": r.unit, "best": r.best}
            for r in rows
        ],
        "devices": devices,
    }
