"""The rows of a device's spec table: label, value, unit, stable anchor and sources."""

from __future__ import annotations

from dataclasses import dataclass

from xpuref.schema import PEAK_KEYS, Device, Source

__all__ = ["PEAK_LABELS", "SpecRow", "anchor_for", "format_number", "spec_rows"]

PEAK_LABELS: dict[str, str] = {
    "fp64": "FP64 (vector)",
    "fp64_matrix": "FP64 matrix",
    "fp32": "FP32 (vector)",
    "fp32_matrix": "FP32 matrix",
    "fp16": "FP16 (vector)",
    "bf16": "BF16 (vector)",
    "tf32_matrix": "TF32 matrix",
    "bf16_matrix": "BF16 matrix",
    "fp16_matrix": "FP16 matrix",
    "fp8_matrix": "FP8 matrix",
    "fp6_matrix": "FP6 matrix",
    "fp4_matrix": "FP4 matrix",
    "int8_matrix": "INT8 matrix",
    "int4_matrix": "INT4 matrix",
    "int8": "INT8 (vector)",
}

# field path -> (anchor, label, unit)
_FIELDS: tuple[tuple[str, str, str, str], ...] = (
    ("form_factor", "form-factor", "Form factor", ""),
    ("scope", "scope", "Scope", ""),
    ("launch_date", "launch-date", "Launch", ""),
    ("status", "status", "Status", ""),
    ("process_node", "process-node", "Process", ""),
    ("die_area_mm2", "die-area", "Die area", "mm²"),
    ("transistors_billion", "transistors", "Transistors", "billion"),
    ("memory.capacity_gb", "memory-capacity", "Memory capacity", "GB"),
    ("memory.type", "memory-type", "Memory type", ""),
    ("memory.bus_width_bits", "memory-bus-width", "Memory bus width", "bits"),
    ("memory.bandwidth_gbs", "memory-bandwidth", "Memory bandwidth", "GB/s"),
    ("power.tdp_w", "tdp", "Power", "W"),
    ("interconnect.scale_up", "scale-up-link", "Scale-up link", ""),
    ("interconnect.scale_up_bandwidth_gbs", "scale-up-bandwidth", "Scale-up bandwidth", "GB/s"),
    ("interconnect.host", "host-interface", "Host interface", ""),
    ("interconnect.host_bandwidth_gbs", "host-bandwidth", "Host bandwidth", "GB/s"),
    ("sparsity_factor", "sparsity-factor", "Structured sparsity factor", "×"),
)


@dataclass(frozen=True)
class SpecRow:
    """One row of a spec table."""

    anchor: str
    label: str
    value: str
    unit: str
    field: str
    sources: tuple[Source, ...]
    note: str = ""


def anchor_for(field: str) -> str:
    """Return the stable anchor of a field path (``peak_dense.bf16_matrix`` -> ``bf16-matrix``)."""
    for path, anchor, _, _ in _FIELDS:
        if path == field:
            return anchor
    if field.startswith("peak_dense."):
        return field.removeprefix("peak_dense.").replace("_", "-")
    raise KeyError(field)


def format_number(value: float) -> str:
    """Show a number the way a datasheet would: no trailing zeros, thousands separated."""
    if float(value).is_integer():
        return f"{int(value):,}"
    return f"{value:,.4f}".rstrip("0").rstrip(".")


def _sources_for(device: Device, field: str) -> tuple[Source, ...]:
    """Sources whose claims cover ``field``."""
    parts = field.split(".")
    prefixes = {".".join(parts[:i]) for i in range(1, len(parts) + 1)}
    return tuple(s for s in device.sources if prefixes & set(s.fields))


def _lookup(device: Device, field: str) -> object:
    """Read a dotted field from a device."""
    value: object = device
    for part in field.split("."):
        value = getattr(value, part)
    return value


def spec_rows(device: Device) -> list[SpecRow]:
    """Every row a device has, in display order, missing fields left out."""
    rows: list[SpecRow] = []
    for field, anchor, label, unit in _FIELDS:
        value = _lookup(device, field)
        if value is None:
            continue
        text = format_number(value) if isinstance(value, (int, float)) else str(value)
        if field == "power.tdp_w" and device.power.term:
            label = f"Power ({device.power.term})"
        rows.append(SpecRow(anchor, label, text, unit, field, _sources_for(device, field)))
    rates = device.peak_dense.present()
    for key in PEAK_KEYS:
        if key not in rates:
            continue
        field = f"peak_dense.{key}"
        unit = "TOPS" if key.startswith("int") else "TFLOPS"
        note = ""
        acc = device.accumulate.get(key)
        if acc is not None:
            others = ", ".join(
                f"{format_number(v)} {unit} with {p.upper()} accumulate"
                for p, v in acc.alternatives.items()
            )
            note = f"{acc.precision.upper()} accumulate" + (f"; {others}" if others else "")
        rows.append(
            SpecRow(
                anchor_for(field),
                f"{PEAK_LABELS[key]}, dense",
                format_number(rates[key]),
                unit,
                field,
                _sources_for(device, field),
                note,
            )
        )
    return rows
