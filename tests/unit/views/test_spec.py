"""Tests for xpuref.views.spec: spec rows, anchors and number formatting."""

from __future__ import annotations

from pathlib import Path

import pytest

from xpuref.data.dataset import load_dataset
from xpuref.views.numbers import format_number
from xpuref.views.spec import anchor_for, spec_rows


def test_anchors_are_stable_names() -> None:
    """Anchors promised in the docs keep their spelling."""
    assert anchor_for("peak_dense.bf16_matrix") == "bf16-matrix"
    assert anchor_for("memory.bandwidth_gbs") == "memory-bandwidth"
    assert anchor_for("power.tdp_w") == "tdp"


def test_format_number() -> None:
    """Integers lose their decimal point; others keep what they have."""
    assert format_number(80.0) == "80"
    assert format_number(3350) == "3,350"
    assert format_number(989.4) == "989.4"
    assert format_number(1978.9) == "1,978.9"


def test_rows_of_fixture(data_copy: Path) -> None:
    """Every stored figure becomes one row with its source; missing ones are left out."""
    device = load_dataset(data_copy).devices["nvidia-h100-sxm5-80gb"]
    rows = {r.anchor: r for r in spec_rows(device)}
    assert rows["bf16-matrix"].value == "989.4"
    assert rows["bf16-matrix"].unit == "TFLOPS"
    assert rows["int8-matrix"].unit == "TOPS"
    assert rows["memory-bandwidth"].value == "3,350"
    assert rows["tdp"].label == "Power (maximum)"
    assert [s.id for s in rows["fp32"].sources] == ["klockwood-h100"]
    assert "fp4-matrix" not in rows
    assert "transistors" not in rows
    assert len({r.anchor for r in spec_rows(device)}) == len(spec_rows(device))


@pytest.mark.parametrize(
    ("value", "digits", "text"),
    [
        (0.08912, None, "0.08912"),
        (989.5, None, "989.5"),
        (1979.0, None, "1,979"),
        (1e-05, None, "0.00001"),
        (1234567.891, None, "1,234,567.891"),
        (1234567.891, 4, "1,235,000"),
        (0.0891234, 3, "0.0891"),
        (-2.5, None, "-2.5"),
    ],
)
def test_format_number_keeps_the_stored_value_unless_told_the_digits(
    value: float, digits: int | None, text: str
) -> None:
    """The one formatter shows a stored figure exactly and a derived one to its digits."""
    assert format_number(value, digits) == text
