"""What a device page and devices.json say about export control: class, inputs, reason."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from xpuref import calc
from xpuref.calc import RETICLE_LIMIT_MM2
from xpuref.data.dataset import Dataset
from xpuref.data.devices import Device
from xpuref.data.fields import RATES
from xpuref.data.published import Statement
from xpuref.views.derive import ExportDetail, device_input, export_detail
from xpuref.views.numbers import format_number
from xpuref.views.published import published_checks
from xpuref.views.words import class_words, rule_names

__all__ = ["ExportRow", "export_record", "export_rows"]

#: Interpretations the site makes, named where they decide a class.
TF32_NOTE = "TF32 counted as 32 bits (the word its operands occupy), see the export rules page"


@dataclass(frozen=True)
class ExportRow:
    """One rule's answer for one device, with the arithmetic behind it."""

    rule: str
    #: The rule as readers name it ("October 2023 rule").
    rule_name: str
    result: str
    at_least: str | None
    tpp: str
    deciding: str
    density: str
    reason: str
    missing: tuple[str, ...]
    interpretation: str
    published: tuple[str, ...]
    #: The I/O bandwidth the rule tests ("" when the rule does not test it).
    io: str = ""

    @property
    def result_words(self) -> str:
        """The class as the page shows it ("not-controlled" reads "not controlled")."""
        return class_words(self.result)


def _number(value: float | None, digits: int = 5) -> str:
    """A figure rounded for display."""
    return "—" if value is None else format_number(value, digits)


def _io(found: ExportDetail) -> str:
    """The I/O bandwidth as the data allows it: exact, a range, or a lower bound."""
    low, high = found.get("io_bandwidth_gbs") or (None, None)
    if low is None:
        return ""
    if high is None:
        return f"≥ {_number(low)} GB/s"
    if low == high:
        return f"{_number(low)} GB/s"
    return f"{_number(low)}–{_number(high)} GB/s"


def _statement(statement: Statement) -> str:
    """A published statement in one line: who, when, which classes."""
    classes = " or ".join(class_words(c) for c in statement.classes)
    return f"{statement.publisher}, {statement.date}: {classes}"


def _tpp(found: ExportDetail) -> str:
    """TPP as the data allows it: exact, a range (narrowed by a statement), or a lower bound."""
    if found.get("tpp") is None:
        return "—"
    if found["tpp_exact"]:
        return _number(found["tpp"])
    if found.get("tpp_high") is not None:
        return f"{_number(found['tpp'])}–{_number(found['tpp_high'])}"
    return "≥ " + _number(found["tpp"])


def _area_note(device: Device, ds: Dataset) -> str:
    """How an unpublished die area is bounded, which sets the density's lower end."""
    _, largest = calc.area_bounds(device_input(device, ds))
    if largest < RETICLE_LIMIT_MM2:
        maker = ds.vendors[device.vendor].name
        return (
            f"die area unpublished; {maker} states it is under {largest:g} mm², "
            f"so density is at least TPP / {largest:g}"
        )
    return (
        f"die area unpublished; at most the reticle limit ({RETICLE_LIMIT_MM2:g} mm², one "
        f"exposure), so density is at least TPP / {RETICLE_LIMIT_MM2:g}"
    )


def _interpretation(
    device: Device, ds: Dataset, key: str | None, found: ExportDetail, density: bool
) -> str:
    """The site's readings that shaped this answer: TF32's bit length, rate ceilings, area."""
    notes = [TF32_NOTE] if key == "tf32_matrix" else []
    if density and device.die_area_mm2 is None and found.get("tpp") is not None:
        notes.append(_area_note(device, ds))
    arch = ds.architectures.get(device.architecture)
    ceilings = {c.rate: c for c in (arch.rate_ceilings if arch else [])}
    for rate in found.get("tpp_ceilings") or ():
        ceiling = ceilings.get(rate)
        if ceiling is None or arch is None:
            continue
        label, of = RATES[rate].label, RATES[ceiling.of].label
        notes.append(
            f"{label} is unpublished and bounded at {ceiling.at_most:g} × {of}, the most "
            f"{arch.name} runs it at (see the export rules page)"
        )
    return "; ".join(notes)


def _reason(found: ExportDetail, ds: Dataset) -> str:
    """The rule's reason, plus the published statements that narrowed TPP when they did."""
    reason = str(found["reason"])
    names = {s.id: f"{s.publisher}, {s.date}" for s in ds.published}
    bounded = [names[i] for i in found.get("bounded_by") or () if i in names]
    if bounded:
        reason += (
            "; TPP narrowed to the values consistent with a published classification ("
            + "; ".join(bounded)
            + ")"
        )
    return reason


def export_rows(device: Device, ds: Dataset) -> list[ExportRow]:
    """One row per rule: class, TPP (exact, range or ≥), deciding rate, density, reason."""
    statements = [c for c in published_checks(ds) if c.device_id == device.id]
    io_rules = {rule.id for rule in ds.rules if "io_bandwidth_gbs" in rule.metrics()}
    density_rules = {rule.id for rule in ds.rules if "performance_density" in rule.metrics()}
    names = rule_names(ds.rules)
    rows = []
    for rule, found in export_detail(device, ds).items():
        key = found.get("deciding")
        rate = RATES.get(key or "")
        deciding = "—"
        if rate is not None:
            value = device.peak_dense.get(rate.key, 0.0)
            deciding = f"{rate.label}: {_number(value)} {rate.unit} × {rate.precision.bits} bits"
        density = "—"
        if found.get("performance_density") is not None:
            low, high = found["performance_density"], found.get("performance_density_high")
            density = "≥ " + _number(low, 4)
            if found["performance_density_exact"]:
                density = _number(low, 4)
            elif high is not None:
                density = f"{_number(low, 4)}–{_number(high, 4)}"
        rows.append(
            ExportRow(
                rule=rule,
                rule_name=names.get(rule, rule),
                result=str(found["answer"]),
                at_least=found.get("at_least") if found["answer"] == "unknown" else None,
                tpp=_tpp(found),
                deciding=deciding,
                density=density,
                reason=_reason(found, ds),
                missing=tuple(
                    calc.missing_words(found.get("missing") or []).split("; ")
                    if found.get("missing")
                    else ()
                ),
                interpretation=_interpretation(device, ds, key, found, rule in density_rules),
                published=tuple(
                    _statement(c.statement) for c in statements if c.statement.rule == rule
                ),
                io=_io(found) if rule in io_rules else "",
            )
        )
    return rows


def export_record(device: Device, ds: Dataset) -> dict[str, Any]:
    """The per-rule export detail as published in devices.json."""
    detail = export_detail(device, ds)
    return {
        rule: {
            "class": found["answer"],
            "at_least": found.get("at_least"),
            "tpp": found.get("tpp"),
            "tpp_max": found.get("tpp_high"),
            "tpp_exact": found["tpp_exact"],
            "deciding_precision": found.get("deciding"),
            "performance_density": found.get("performance_density"),
            "performance_density_exact": found["performance_density_exact"],
            "performance_density_max": found.get("performance_density_high"),
            "io_bandwidth_gbs": found.get("io_bandwidth_gbs"),
            "missing": found.get("missing") or [],
            "possible_classes": found.get("possible") or [],
            "rate_ceilings_used": found.get("tpp_ceilings") or [],
            "bounded_by": found.get("bounded_by") or [],
            "reason": _reason(found, ds),
        }
        for rule, found in detail.items()
    }
