"""The rows of a device's spec table: label, value, unit, stable anchor and sources."""

from __future__ import annotations

from dataclasses import dataclass

from xpuref.calc import formula_text
from xpuref.data.dataset import Dataset
from xpuref.data.devices import Device, Source
from xpuref.data.fields import RATES, SPEC_FIELDS
from xpuref.data.provenance import figure_paths
from xpuref.views.numbers import format_number
from xpuref.views.units import capacity_text
from xpuref.views.words import market_words

__all__ = [
    "BASIS_MARKS",
    "BASIS_TITLES",
    "SpecRow",
    "anchor_for",
    "device_spec_rows",
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
    #: How the figure is known (stated, halved, converted, derived); empty for text rows.
    basis: str = ""
    #: (source id, verbatim words) that print the figure.
    quotes: tuple[tuple[str, str], ...] = ()
    #: For a derived figure: the formula with its inputs written in.
    formula: str = ""

    @property
    def basis_title(self) -> str:
        """The tooltip of the row's basis mark."""
        return BASIS_TITLES.get(self.basis, "")

    @property
    def basis_mark(self) -> str:
        """The short mark shown beside the value."""
        return BASIS_MARKS.get(self.basis, "")


#: What each basis means, as the mark's tooltip says it.
BASIS_TITLES: dict[str, str] = {
    "stated": "Stated: the source prints this figure for this product and configuration",
    "halved": "Halved: the source prints the figure with structured sparsity; this dense figure "
    "is half of it",
    "converted": "Converted: the source prints this figure in another unit; the site converts it",
    "derived": "Derived: computed by xpuref from the maker's stated inputs (formula below); "
    "the maker prints no such figure",
}
#: The mark shown beside the value for each basis.
BASIS_MARKS: dict[str, str] = {
    "stated": "S",
    "halved": "½",
    "converted": "C",
    "derived": "D",
}


def anchor_for(field: str) -> str:
    """Return the stable anchor of a field path (``peak_dense.bf16_matrix`` -> ``bf16-matrix``)."""
    for spec in SPEC_FIELDS:
        if spec.path == field:
            return spec.anchor
    key = field.removeprefix("peak_dense.")
    if field.startswith("peak_dense.") and key in RATES:
        return RATES[key].anchor
    raise KeyError(field)


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
    if path == "market":
        return market_words(str(value)), "", ""
    return (format_number(value) if isinstance(value, (int, float)) else str(value)), "", ""


def _provenance(device: Device, field: str) -> dict[str, object]:
    """Basis, quotes and formula of one figure (empty for fields without a basis)."""
    if field not in set(figure_paths(device)):
        return {}
    found: dict[str, object] = {
        "basis": device.basis_of(field),
        "quotes": tuple((q.source, q.text) for q in device.quotes_for(field)),
    }
    derivation = device.derive.get(field)
    if derivation is not None:
        values = {name: given.value for name, given in derivation.inputs.items()}
        found["formula"] = formula_text(derivation.formula, values)
    return found


def _row_sources(device: Device, field: str) -> tuple[Source, ...]:
    """The sources of a row: those claiming the field, or for a derived one its inputs'."""
    derivation = device.derive.get(field)
    if derivation is None:
        return sources_for(device, field)
    ids = {given.source for given in derivation.inputs.values()}
    return tuple(s for s in device.sources if s.id in ids)


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
                _row_sources(device, spec.path),
                note,
                **_provenance(device, spec.path),  # type: ignore[arg-type]
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
                _row_sources(device, field),
                note,
                **_provenance(device, field),  # type: ignore[arg-type]
            )
        )
    return rows
