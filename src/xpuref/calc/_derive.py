"""Figures derived from a maker's stated inputs: peak rates from cores and clocks, bandwidths."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass

from xpuref.calc._validate import check_number

__all__ = ["FORMULAS", "Formula", "derive_figure", "formula_text", "memory_bandwidth_gbs"]

#: FLOPs in one fused multiply-add: the multiply and the add.
FLOPS_PER_FMA = 2


@dataclass(frozen=True)
class Formula:
    """A named formula: its inputs in order, how it reads, and the unit of its result."""

    name: str
    inputs: tuple[str, ...]
    text: str
    unit: str
    compute: Callable[[Mapping[str, float]], float]
    joiner: str = " × "
    #: How the inputs are written into the formula (``str.format`` fields named by input);
    #: None joins them in order with ``joiner``.
    layout: str | None = None


def _rate(values: Mapping[str, float]) -> float:
    """Cores x clock (GHz) x FLOPs per cycle per core, in TFLOPS."""
    return values["cores"] * values["clock_ghz"] * values["flops_per_cycle"] / 1000.0


def _rate_two_kinds(values: Mapping[str, float]) -> float:
    """Two core types (a hybrid CPU) summed, in TFLOPS."""
    first = values["cores"] * values["clock_ghz"] * values["flops_per_cycle"]
    second = values["cores_2"] * values["clock_ghz_2"] * values["flops_per_cycle_2"]
    return (first + second) / 1000.0


def _fma_rate(element_bits: int) -> Callable[[Mapping[str, float]], float]:
    """Cores x clock x FMA units x (vector bits / element bits) lanes x 2 FLOPs, in TFLOPS."""

    def compute(values: Mapping[str, float]) -> float:
        lanes = values["vector_bits"] / element_bits
        per_cycle = values["fma_units"] * lanes * FLOPS_PER_FMA
        return values["cores"] * values["clock_ghz"] * per_cycle / 1000.0

    return compute


#: The inputs of one core type's FMA-unit peak, in order.
FMA_INPUTS = ("cores", "clock_ghz", "fma_units", "vector_bits")


def _fma_layout(element_bits: int, suffix: str = "") -> str:
    """How one core type's FMA-unit inputs are written (``suffix`` names the second type's)."""
    return (
        f"{{cores{suffix}:g}} × {{clock_ghz{suffix}:g}} × {{fma_units{suffix}:g}} × "
        f"({{vector_bits{suffix}:g}} ÷ {element_bits}) × {FLOPS_PER_FMA}"
    )


def _fma_formula(element_bits: int, precision: str) -> Formula:
    """The FMA-unit peak for one element width (64 bits for FP64, 32 for FP32)."""
    return Formula(
        f"cores_x_clock_x_fma_units_x_{precision}_lanes_x2",
        FMA_INPUTS,
        (
            "cores × clock (GHz) × FMA units per core × "
            f"(vector bits ÷ {element_bits}) {precision.upper()} lanes × 2 FLOPs per FMA"
        ),
        "TFLOPS",
        _fma_rate(element_bits),
        layout=_fma_layout(element_bits),
    )


def _fma_rate_two_kinds(element_bits: int) -> Callable[[Mapping[str, float]], float]:
    """Two core types (a hybrid CPU), each cores x clock x FMA units x lanes x 2, summed."""
    one = _fma_rate(element_bits)

    def compute(values: Mapping[str, float]) -> float:
        second = {name: values[f"{name}_2"] for name in FMA_INPUTS}
        return one(values) + one(second)

    return compute


def _fma_formula_two_kinds(element_bits: int, precision: str) -> Formula:
    """The FMA-unit peak of a hybrid CPU: the same product for each core type, summed."""
    return Formula(
        f"two_core_types_x_clock_x_fma_units_x_{precision}_lanes_x2",
        (*FMA_INPUTS, *(f"{name}_2" for name in FMA_INPUTS)),
        (
            "cores × clock (GHz) × FMA units per core × "
            f"(vector bits ÷ {element_bits}) {precision.upper()} lanes × 2 FLOPs per FMA, "
            "summed over both core types"
        ),
        "TFLOPS",
        _fma_rate_two_kinds(element_bits),
        layout=f"({_fma_layout(element_bits)}) + ({_fma_layout(element_bits, '_2')})",
    )


def _tile(values: Mapping[str, float]) -> float:
    """Cores x clock (GHz) x one M x N x K tile of MACs per cycle x 2 FLOPs per MAC, in TFLOPS."""
    macs = values["m"] * values["n"] * values["k"]
    return values["cores"] * values["clock_ghz"] * macs * 2 / 1000.0


def _links(values: Mapping[str, float]) -> float:
    """Links x bandwidth per link, in GB/s."""
    return values["links"] * values["link_gbs"]


def _per_chip(values: Mapping[str, float]) -> float:
    """A multi-chip card's stated total shared evenly by its chips, in the total's unit."""
    return values["card_figure"] / values["chips"]


def _bus(values: Mapping[str, float]) -> float:
    """Bus width (bits) / 8 x data rate per pin (Gb/s), in GB/s."""
    return values["bus_width_bits"] / 8.0 * values["data_rate_gbps"]


#: Every formula a device file may name under ``derive``.
FORMULAS: dict[str, Formula] = {
    f.name: f
    for f in (
        Formula(
            "cores_x_clock_x_flops_per_cycle",
            ("cores", "clock_ghz", "flops_per_cycle"),
            "cores × clock (GHz) × FLOPs per cycle per core",
            "TFLOPS",
            _rate,
        ),
        Formula(
            "two_core_types_x_clock_x_flops_per_cycle",
            (
                "cores",
                "clock_ghz",
                "flops_per_cycle",
                "cores_2",
                "clock_ghz_2",
                "flops_per_cycle_2",
            ),
            "cores × clock × FLOPs per cycle, summed over both core types",
            "TFLOPS",
            _rate_two_kinds,
        ),
        _fma_formula(64, "fp64"),
        _fma_formula(32, "fp32"),
        _fma_formula_two_kinds(64, "fp64"),
        _fma_formula_two_kinds(32, "fp32"),
        Formula(
            "cores_x_clock_x_mnk_x2",
            ("cores", "clock_ghz", "m", "n", "k"),
            "matrix cores × clock (GHz) × M×N×K MACs per cycle × 2 FLOPs per MAC",
            "TFLOPS",
            _tile,
        ),
        Formula(
            "links_x_link_bandwidth", ("links", "link_gbs"), "links × GB/s per link", "GB/s", _links
        ),
        Formula(
            "bus_width_x_data_rate",
            ("bus_width_bits", "data_rate_gbps"),
            "bus width (bits) ÷ 8 × data rate per pin (Gb/s)",
            "GB/s",
            _bus,
        ),
        Formula(
            "card_figure_per_chip",
            ("card_figure", "chips"),
            "the card's stated figure ÷ the chips on the card",
            "",
            _per_chip,
            " ÷ ",
        ),
    )
}


def derive_figure(formula: str, inputs: Mapping[str, float]) -> float:
    """Compute a derived figure; ValueError for an unknown formula or a missing or bad input."""
    found = FORMULAS.get(formula)
    if found is None:
        raise ValueError(f"formula: unknown formula '{formula}' (known: {', '.join(FORMULAS)})")
    missing = [name for name in found.inputs if name not in inputs]
    extra = [name for name in inputs if name not in found.inputs]
    if missing or extra:
        raise ValueError(
            f"inputs: {formula} takes {', '.join(found.inputs)}"
            + (f"; missing {', '.join(missing)}" if missing else "")
            + (f"; unknown {', '.join(extra)}" if extra else "")
        )
    values = {name: check_number(name, inputs[name]) for name in found.inputs}
    return round(found.compute(values), 6)


def formula_text(formula: str, inputs: Mapping[str, float]) -> str:
    """The formula with its inputs written in, e.g. '56 × 2 GHz × 32 = 3.584 TFLOPS'."""
    found = FORMULAS[formula]
    if found.layout is not None:
        parts = found.layout.format(**{name: float(inputs[name]) for name in found.inputs})
    else:
        parts = found.joiner.join(f"{inputs[name]:g}" for name in found.inputs)
    result = f"{derive_figure(formula, inputs):g} {found.unit}".rstrip()
    return f"{found.text}: {parts} → {result}"


def memory_bandwidth_gbs(bus_width_bits: float, data_rate_gbps: float) -> float:
    """Peak memory bandwidth in GB/s from bus width in bits and per-pin rate in Gb/s."""
    return derive_figure(
        "bus_width_x_data_rate",
        {"bus_width_bits": bus_width_bits, "data_rate_gbps": data_rate_gbps},
    )
