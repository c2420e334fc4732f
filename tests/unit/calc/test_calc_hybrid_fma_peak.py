"""Tests for the hybrid-CPU FMA peak: two core types, each cores x clock x FMA units x lanes x 2."""

from __future__ import annotations

import pytest

from xpuref.calc import FORMULAS, derive_figure, formula_text

FP64 = "two_core_types_x_clock_x_fma_units_x_fp64_lanes_x2"
FP32 = "two_core_types_x_clock_x_fma_units_x_fp32_lanes_x2"
ONE_TYPE_FP64 = "cores_x_clock_x_fma_units_x_fp64_lanes_x2"

#: 8 cores at 3.4 GHz with two 256-bit FMA units and 8 at 2.5 GHz with two 128-bit units.
HYBRID = {
    "cores": 8,
    "clock_ghz": 3.4,
    "fma_units": 2,
    "vector_bits": 256,
    "cores_2": 8,
    "clock_ghz_2": 2.5,
    "fma_units_2": 2,
    "vector_bits_2": 128,
}


def _type(values: dict[str, float], suffix: str) -> dict[str, float]:
    """One core type's inputs under the single-type formula's names."""
    names = ("cores", "clock_ghz", "fma_units", "vector_bits")
    return {name: values[f"{name}{suffix}"] for name in names}


def test_the_sum_is_each_core_type_by_the_single_type_formula() -> None:
    """The hybrid peak is the single-type peak of the first type plus that of the second."""
    first = derive_figure(ONE_TYPE_FP64, _type(HYBRID, ""))
    second = derive_figure(ONE_TYPE_FP64, _type(HYBRID, "_2"))
    assert first == pytest.approx(8 * 3.4 * 2 * 4 * 2 / 1000)
    assert second == pytest.approx(8 * 2.5 * 2 * 2 * 2 / 1000)
    assert derive_figure(FP64, HYBRID) == pytest.approx(first + second)
    assert derive_figure(FP64, HYBRID) == pytest.approx(0.5952)


def test_fp32_doubles_both_core_types() -> None:
    """Half the element width doubles the lanes of both core types, so the sum doubles."""
    assert derive_figure(FP32, HYBRID) == pytest.approx(2 * derive_figure(FP64, HYBRID))
    narrower = {**HYBRID, "vector_bits_2": 64}
    assert derive_figure(FP64, HYBRID) - derive_figure(FP64, narrower) == pytest.approx(0.08)


def test_the_formula_text_shows_both_core_types_and_the_sum() -> None:
    """The page writes each core type's product in brackets, joined by a plus, then the result."""
    text = formula_text(FP64, HYBRID)
    assert "summed over both core types" in text
    assert text.endswith(
        ": (8 × 3.4 × 2 × (256 ÷ 64) × 2) + (8 × 2.5 × 2 × (128 ÷ 64) × 2) → 0.5952 TFLOPS"
    )
    assert formula_text(FP32, HYBRID).endswith("(128 ÷ 32) × 2) → 1.1904 TFLOPS")


def test_the_formula_names_the_second_core_types_inputs() -> None:
    """Both core types' four inputs are required; a missing second width is refused by name."""
    assert FORMULAS[FP64].inputs == (
        "cores",
        "clock_ghz",
        "fma_units",
        "vector_bits",
        "cores_2",
        "clock_ghz_2",
        "fma_units_2",
        "vector_bits_2",
    )
    partial = {k: v for k, v in HYBRID.items() if k != "vector_bits_2"}
    with pytest.raises(ValueError, match="missing vector_bits_2"):
        derive_figure(FP32, partial)
