"""Checks on the real reference tables in data/tables/."""

from __future__ import annotations

import math

import pytest
from tests.conftest import strict_tables as load_tables

from xpuref.calc import DTYPE_BYTES
from xpuref.data.paths import DATA_DIR
from xpuref.data.table_models import DataTable

EXPECTED = {
    "memory_hierarchy",
    "storage",
    "pcie_generations",
    "nvlink_generations",
    "numeric_formats",
    "dtype_bytes",
}


@pytest.fixture(scope="module")
def tables() -> dict[str, DataTable]:
    """The project's tables, loaded once."""
    return load_tables(DATA_DIR)


def test_all_tables_load(tables: dict[str, DataTable]) -> None:
    """Every expected table is present and valid."""
    assert set(tables) >= EXPECTED


def test_numeric_format_bits_add_up(tables: dict[str, DataTable]) -> None:
    """Sign, exponent and mantissa bits sum to the total for every format."""
    for row in tables["numeric_formats"].rows:
        parts = row["sign_bits"] + row["exponent_bits"] + row["mantissa_bits"]
        assert parts == row["total_bits"], row["format"]


def test_numeric_format_digits_follow_mantissa(tables: dict[str, DataTable]) -> None:
    """Decimal digits equal (mantissa + 1) x log10(2), rounded to two places."""
    for row in tables["numeric_formats"].rows:
        if row["decimal_digits"] is None:
            continue
        expected = round((row["mantissa_bits"] + 1) * math.log10(2), 2)
        assert row["decimal_digits"] == pytest.approx(expected, abs=0.005), row["format"]


def test_ieee_maxima_follow_the_layout(tables: dict[str, DataTable]) -> None:
    """IEEE-style formats: max = 2^(2^(e-1)-1) x (2 - 2^-m), smallest normal = 2^(2-2^(e-1))."""
    ieee = {"FP64", "FP32", "TF32", "BF16", "FP16", "FP8 E5M2"}
    for row in tables["numeric_formats"].rows:
        if not any(row["format"].startswith(name) for name in ieee):
            continue
        e, m = row["exponent_bits"], row["mantissa_bits"]
        top = 2.0 ** (2 ** (e - 1) - 1) * (2 - 2.0**-m)
        assert row["max_value"] == pytest.approx(top, rel=1e-6), row["format"]
        assert row["min_normal"] == pytest.approx(2.0 ** (2 - 2 ** (e - 1)), rel=1e-6)


def test_dtype_bytes_match_calc(tables: dict[str, DataTable]) -> None:
    """The dtype_bytes table says exactly what xpuref.calc uses."""
    table = {row["dtype"]: float(row["bytes"]) for row in tables["dtype_bytes"].rows}
    assert table == DTYPE_BYTES
    for row in tables["dtype_bytes"].rows:
        assert row["bits"] == row["bytes"] * 8


def test_pcie_x16_doubles_from_3_to_6(tables: dict[str, DataTable]) -> None:
    """x16 bandwidth doubles each generation from 3.0 to 6.0 (6.0 loses a little to FLIT/FEC)."""
    rows = {row["version"]: row for row in tables["pcie_generations"].rows}
    for old, new in (("3.0", "4.0"), ("4.0", "5.0"), ("5.0", "6.0")):
        ratio = rows[new]["x16_gbs"] / rows[old]["x16_gbs"]
        assert 1.9 <= ratio <= 2.05, (old, new, ratio)
        assert rows[new]["transfer_rate"] == 2 * rows[old]["transfer_rate"]


def test_pcie_x16_is_sixteen_lanes(tables: dict[str, DataTable]) -> None:
    """The x16 column is sixteen times the per-lane column, within rounding."""
    for row in tables["pcie_generations"].rows:
        assert row["x16_gbs"] == pytest.approx(16 * row["lane_gbs"], rel=0.02), row["version"]


def test_nvlink_columns_agree(tables: dict[str, DataTable]) -> None:
    """Per-GPU totals are links x per-link rate, and one direction is half the total."""
    for row in tables["nvlink_generations"].rows:
        assert row["gpu_total_gbs"] == row["links_per_gpu"] * row["link_gbs"], row["generation"]
        assert row["gpu_one_way_gbs"] * 2 == row["gpu_total_gbs"], row["generation"]


def test_memory_hierarchy_gpu_rows_convert_cycles(tables: dict[str, DataTable]) -> None:
    """GPU rows' nanoseconds are their cycles at 1,755 MHz, to the shown precision."""
    for row in tables["memory_hierarchy"].rows:
        if row["latency_cycles"] is None:
            continue
        assert row["latency_ns"] == pytest.approx(row["latency_cycles"] / 1.755, rel=0.02)
