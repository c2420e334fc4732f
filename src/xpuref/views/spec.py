"""The rows of a device's spec table: label, value, unit, stable anchor and sources."""

from __future__ import annotations

from dataclasses import dataclass

from xpuref.data.dataset import Dataset
from xpuref.data.devices import Device, Source
from xpuref.data.fields import RATES, SPEC_FIELDS
from xpuref.views.units import capacity_text

__all__ = [
    "SpecRow",
    "anchor_for",
    "device_spec_rows",
    "format_number",
    "sources_for",
    "spec_rows",
]


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
    for spec in SPEC_FIELDS:
        if spec.path == field:
            return spec.anchor
    key = field.removeprefix("peak_dense.")
    if field.startswith("peak_dense.") and key in RATES:
        return RATES[key].anchor
    raise KeyError(field)


def format_number(value: float) -> str:
    """Show a number the way a datasheet would: no trailing zeros, thousands separated."""
    if float(value).is_integer():
        return f"{int(value):,}"
    return f"{value:,.4f}".rstrip("0").rstrip(".")


def sources_for(device: Device, field: str) -> tuple[Source, ...]:
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


def _value_and_note(device: Device, path: str, value: object) -> tuple[str, str, str]:
    """Shown value, unit override and note for fields that need more than the number."""
    if path == "memory.capacity":
        text, note = capacity_text(device.memory)
        chips = device.chips_per_package
        if chips > 1 and text and device.memory.capacity is not None:
            number, unit = text.rsplit(" ", 1)
            total = format_number(float(f"{device.memory.capacity * chips:.6g}"))
            text = f"{total} {unit} in all ({chips} × {number} {unit} per chip)"
        return text, "", note
    if path == "chips_per_package" and value == 1:
        return "", "", ""
    if path == "chips_per_package":
        return str(value), "", "figures on this page are per chip"
    if path == "visible_devices" and value == 1:
        return "", "", ""
    if path == "visible_devices":
        note = "figures on this page are for the whole package; each device sees its share"
        return str(value), "", note
    return (format_number(value) if isinstance(value, (int, float)) else str(value)), "", ""


def device_spec_rows(device: Device, ds: Dataset) -> list[SpecRow]:
    """spec_rows, computed once per device for the whole build."""
    found: list[SpecRow] = ds.remember("spec", device.id, lambda: spec_rows(device))
    return found


def spec_rows(device: Device) -> list[SpecRow]:
    """Every row a device has, in display order, missing fields left out."""
    rows: list[SpecRow] = []
    for spec in SPEC_FIELDS:
        value = _lookup(device, spec.path)
        if value is None:
            continue
        text, _, note = _value_and_note(device, spec.path, value)
        if not text:
            continue
        label = spec.label
        if spec.path == "power.tdp_w":
            label = f"Power ({device.power.term})" if device.power.term else label
            note = f"covers the whole {device.power.scope}" if device.power.scope else note
        rows.append(
            SpecRow(
                spec.anchor,
                label,
                text,
                spec.unit,
                spec.path,
                sources_for(device, spec.path),
                note,
            )
        )
    for key, rate in RATES.items():
        if key not in device.peak_dense:
            continue
        field = rate.path
        note = ""
        acc = device.accumulate.get(key)
        if acc is not None:
            others = ", ".join(
                f"{format_number(v)} {rate.unit} with {p.upper()} accumulate"
                for p, v in acc.alternatives.items()
            )
            note = f"{acc.precision.upper()} accumulate" + (f"; {others}" if others else "")
        rows.append(
            SpecRow(
                rate.anchor,
                f"{rate.label}, dense",
                format_number(device.peak_dense[key]),
                rate.unit,
                field,
                sources_for(device, field),
                note,
            )
        )
    return rows
