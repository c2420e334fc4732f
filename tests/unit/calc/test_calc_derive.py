"""Tests for xpuref.calc derived figures: formulas from stated inputs."""

from __future__ import annotations

import pytest

from xpuref.calc import FORMULAS, derive_figure, formula_text, memory_bandwidth_gbs


def test_cores_clock_flops() -> None:
    """56 cores x 2.0 GHz x 32 FP64 FLOPs per cycle = 3.584 TFLOPS."""
    assert derive_figure(
        "cores_x_clock_x_flops_per_cycle", {"cores": 56, "clock_ghz": 2.0, "flops_per_cycle": 32}
    ) == pytest.approx(3.584)


def test_two_core_types_sum() -> None:
    """A hybrid CPU sums its two core types."""
    value = derive_figure(
        "two_core_types_x_clock_x_flops_per_cycle",
        {
            "cores": 8,
            "clock_ghz": 3.4,
            "flops_per_cycle": 32,
            "cores_2": 8,
            "clock_ghz_2": 2.5,
            "flops_per_cycle_2": 16,
        },
    )
    assert value == pytest.approx((8 * 3.4 * 32 + 8 * 2.5 * 16) / 1000)


def test_bus_bandwidth() -> None:
    """5120 bits at 5.23 Gb/s per pin carry 3347 GB/s."""
    assert memory_bandwidth_gbs(5120, 5.23) == pytest.approx(3347.2)


def test_links() -> None:
    """Four links of 128 GB/s carry 512 GB/s."""
    assert derive_figure("links_x_link_bandwidth", {"links": 4, "link_gbs": 128}) == 512


@pytest.mark.parametrize(
    ("formula", "inputs", "message"),
    [
        ("guess", {}, "formula: unknown formula 'guess'"),
        ("links_x_link_bandwidth", {"links": 4}, "missing link_gbs"),
        ("links_x_link_bandwidth", {"links": 4, "link_gbs": 1, "x": 1}, "unknown x"),
        ("links_x_link_bandwidth", {"links": -4, "link_gbs": 1}, "links must be"),
    ],
)
def test_bad_inputs(formula: str, inputs: dict[str, float], message: str) -> None:
    """Unknown formulas, missing, extra and negative inputs raise ValueError naming them."""
    with pytest.raises(ValueError, match=message):
        derive_figure(formula, inputs)


def test_formula_text_writes_inputs() -> None:
    """The formula reads with its inputs and result."""
    text = formula_text("links_x_link_bandwidth", {"links": 4, "link_gbs": 128})
    assert text == "links × GB/s per link: 4 × 128 → 512 GB/s"
    assert set(FORMULAS) >= {"cores_x_clock_x_flops_per_cycle", "bus_width_x_data_rate"}


def test_a_card_figure_is_shared_by_its_chips() -> None:
    """A two-chip card's 256 TOPS is 128 per chip, and the text shows the division."""
    inputs = {"card_figure": 256, "chips": 2}
    assert derive_figure("card_figure_per_chip", inputs) == 128
    assert formula_text("card_figure_per_chip", inputs).endswith(": 256 ÷ 2 → 128")
