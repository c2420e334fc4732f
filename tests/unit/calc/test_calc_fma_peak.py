"""Tests for the FMA-unit CPU peak formulas: cores x clock x FMA units x lanes x 2."""

from __future__ import annotations

import pytest

from xpuref.calc import FORMULAS, derive_figure, formula_text

FP64 = "cores_x_clock_x_fma_units_x_fp64_lanes_x2"
FP32 = "cores_x_clock_x_fma_units_x_fp32_lanes_x2"

#: A 56-core part at 2.0 GHz with two 512-bit FMA units per core (Xeon Platinum 8480+ inputs).
XEON = {"cores": 56, "clock_ghz": 2.0, "fma_units": 2, "vector_bits": 512}


def test_lanes_come_from_the_vector_width() -> None:
    """512-bit units hold 8 FP64 or 16 FP32 lanes; an FMA is 2 FLOPs per lane."""
    assert derive_figure(FP64, XEON) == pytest.approx(56 * 2.0 * 2 * 8 * 2 / 1000)
    assert derive_figure(FP32, XEON) == pytest.approx(56 * 2.0 * 2 * 16 * 2 / 1000)


def test_fp32_is_twice_fp64_and_width_scales_linearly() -> None:
    """Halving the element width doubles the lanes; halving the vector width halves the peak."""
    avx2 = {**XEON, "vector_bits": 256}
    assert derive_figure(FP32, XEON) == pytest.approx(2 * derive_figure(FP64, XEON))
    assert derive_figure(FP64, avx2) == pytest.approx(derive_figure(FP64, XEON) / 2)


def test_the_formula_text_shows_each_input_and_the_lane_division() -> None:
    """The page shows cores, clock, FMA units, the width over the element bits, and the result."""
    text = formula_text(FP64, XEON)
    assert text.endswith(": 56 × 2 × 2 × (512 ÷ 64) × 2 → 3.584 TFLOPS")
    assert "FMA units per core" in text and "FP64 lanes" in text
    assert formula_text(FP32, XEON).endswith("(512 ÷ 32) × 2 → 7.168 TFLOPS")


def test_the_formula_takes_exactly_its_inputs() -> None:
    """A missing FMA-unit count is refused by name, as is the old FLOPs-per-cycle input."""
    assert FORMULAS[FP64].inputs == ("cores", "clock_ghz", "fma_units", "vector_bits")
    with pytest.raises(ValueError, match="missing fma_units"):
        derive_figure(FP64, {"cores": 56, "clock_ghz": 2.0, "vector_bits": 512})
    with pytest.raises(ValueError, match="unknown flops_per_cycle"):
        derive_figure(FP32, {**XEON, "flops_per_cycle": 64})
