"""The one field catalogue: every figure a device has, with its label, unit, anchor and column.

Schema, spec rows, compare rows, CSV columns, figures, calculators and templates all read
this module. The numeric formats themselves (label, bits, bytes, which units run them) are
``xpuref.calc.PRECISIONS``: adding a precision is one entry there plus the data that uses it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from xpuref.calc import BIT_LENGTHS, PRECISIONS, RATE_ORDER, Precision

__all__ = [
    "BASIC_FIELDS",
    "BASIS_FIELDS",
    "BIT_LENGTHS",
    "PRECISIONS",
    "RATES",
    "RATE_KEYS",
    "SPEC_FIELDS",
    "Precision",
    "Rate",
    "SpecField",
    "at_path",
    "rate",
    "rate_key",
    "rate_label",
    "rate_unit",
]

Unit = Literal["matrix", "vector"]


def at_path(raw: Any, dotted: str) -> tuple[bool, Any]:
    """Whether a dotted field path names a place in nested mappings, and the value there."""
    current = raw
    for part in dotted.split("."):
        if not isinstance(current, dict) or part not in current:
            return False, None
        current = current[part]
    return True, current


@dataclass(frozen=True)
class Rate:
    """One dense peak-rate figure: a precision on the matrix or the vector unit."""

    key: str
    precision: Precision
    unit_kind: Unit

    @property
    def label(self) -> str:
        """'BF16 matrix' or 'FP32 (vector)'."""
        suffix = "matrix" if self.unit_kind == "matrix" else "(vector)"
        return f"{self.precision.label} {suffix}"

    @property
    def short_label(self) -> str:
        """'BF16 matrix' or 'FP32 vector' (for derived rows and compact lists)."""
        return f"{self.precision.label} {self.unit_kind}"

    @property
    def unit(self) -> str:
        """TOPS for integer formats, TFLOPS for floating point."""
        return self.precision.unit

    @property
    def anchor(self) -> str:
        """The stable page anchor of the figure ('bf16-matrix', 'fp32')."""
        return self.key.replace("_", "-")

    @property
    def path(self) -> str:
        """The field path in a device file."""
        return f"peak_dense.{self.key}"


def rate_key(precision: str, unit_kind: Unit) -> str:
    """The peak_dense key of a precision on a unit ('bf16_matrix', 'fp32')."""
    return f"{precision}_matrix" if unit_kind == "matrix" else precision


RATES: dict[str, Rate] = {
    rate_key(p, u): Rate(rate_key(p, u), PRECISIONS[p], u) for p, u in RATE_ORDER
}
RATE_KEYS: tuple[str, ...] = tuple(RATES)


def rate(key: str) -> Rate:
    """The catalogue entry of a peak-rate key; KeyError for an unknown key."""
    return RATES[key]


def rate_label(key: str) -> str:
    """Display label of a peak-rate key."""
    return RATES[key].label


def rate_unit(key: str) -> str:
    """TOPS or TFLOPS for a peak-rate key."""
    return RATES[key].unit


@dataclass(frozen=True)
class SpecField:
    """A non-rate figure of a device: field path, page anchor, label, unit and CSV column."""

    path: str
    anchor: str
    label: str
    unit: str
    csv: str | None
    group: str
    kind: Literal["text", "number"]
    best: Literal["max", "min"] | None = None


#: Spec-table rows other than peak rates, in display order.
SPEC_FIELDS: tuple[SpecField, ...] = (
    SpecField("form_factor", "form-factor", "Form factor", "", "form_factor", "Basics", "text"),
    SpecField("scope", "scope", "Scope", "", "scope", "Basics", "text"),
    SpecField(
        "chips_per_package",
        "chips",
        "Chips per package",
        "",
        "chips_per_package",
        "Basics",
        "number",
    ),
    SpecField("dies", "dies", "Logic dies per chip package", "", "dies", "Basics", "number"),
    SpecField(
        "visible_devices",
        "visible-devices",
        "Devices seen by software",
        "",
        "visible_devices",
        "Basics",
        "number",
    ),
    SpecField("market", "market", "Market", "", "market", "Basics", "text"),
    SpecField("launch_date", "launch-date", "Launch", "", "launch_date", "Basics", "text"),
    SpecField("status", "status", "Status", "", "status", "Basics", "text"),
    SpecField("process_node", "process-node", "Process", "", None, "Basics", "text"),
    SpecField(
        "die_area_mm2", "die-area", "Die area", "mm²", "die_area_mm2", "Power and die", "number"
    ),
    SpecField(
        "die_area_max_mm2",
        "die-area-max",
        "Die area, at most (maker's bound)",
        "mm²",
        "die_area_max_mm2",
        "Power and die",
        "number",
    ),
    SpecField(
        "transistors_billion",
        "transistors",
        "Transistors",
        "billion",
        "transistors_billion",
        "Power and die",
        "number",
    ),
    SpecField("power.tdp_w", "tdp", "Power", "W", "tdp_w", "Power and die", "number"),
    SpecField(
        "memory.capacity",
        "memory-capacity",
        "Memory capacity",
        "",
        None,
        "Memory",
        "number",
        "max",
    ),
    SpecField("memory.type", "memory-type", "Memory type", "", "memory_type", "Memory", "text"),
    SpecField(
        "memory.bus_width_bits",
        "memory-bus-width",
        "Memory bus width",
        "bits",
        None,
        "Memory",
        "number",
    ),
    SpecField(
        "memory.bandwidth_gbs",
        "memory-bandwidth",
        "Memory bandwidth",
        "GB/s",
        "memory_bandwidth_gbs",
        "Memory",
        "number",
        "max",
    ),
    SpecField("interconnect.scale_up", "scale-up-link", "Scale-up link", "", None, "Links", "text"),
    SpecField(
        "interconnect.scale_up_bandwidth_gbs",
        "scale-up-bandwidth",
        "Scale-up bandwidth",
        "GB/s",
        "scale_up_bandwidth_gbs",
        "Links",
        "number",
        "max",
    ),
    SpecField("interconnect.host", "host-interface", "Host interface", "", None, "Links", "text"),
    SpecField(
        "interconnect.host_bandwidth_gbs",
        "host-bandwidth",
        "Host bandwidth",
        "GB/s",
        None,
        "Links",
        "number",
    ),
    SpecField(
        "sparsity_factor",
        "sparsity-factor",
        "Structured sparsity factor",
        "×",
        "sparsity_factor",
        "Dense peak",
        "number",
    ),
)

#: Figures every device gives or explains under ``gaps`` (peak rates are checked per precision).
BASIC_FIELDS: tuple[str, ...] = (
    "memory.capacity",
    "memory.bandwidth_gbs",
    "power.tdp_w",
    "die_area_mm2",
)

#: Non-rate figures that carry a basis (stated, halved, converted, derived) and a quote.
BASIS_FIELDS: tuple[str, ...] = (
    "memory.capacity",
    "memory.bandwidth_gbs",
    "power.tdp_w",
    "interconnect.scale_up_bandwidth_gbs",
)
