"""Tests for xpuref.calc.system_totals: sums over members, missing figures, argument checks."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from xpuref.calc import GIB, system_totals

H100 = {
    "count": 8,
    "chips_per_package": 1,
    "memory_bytes": 80 * GIB,
    "memory_bandwidth": 3350e9,
    "peak": {"bf16_matrix": 989.5e12, "fp8_matrix": 1979e12, "fp64": 34e12},
    "link_bandwidth": 900e9,
    "power_w": 700.0,
}


def test_eight_h100_total_what_the_datasheets_add_up_to() -> None:
    """8 x 80 GiB = 640 GiB, 8 x 3.35 TB/s, 8 x 989.5 TFLOPS, 8 x 900 GB/s per domain."""
    got = system_totals([H100], domain_size=8)
    assert got["devices"] == got["chips"] == 8
    assert got["memory_bytes"] == 640 * GIB
    assert got["memory_bandwidth"] == pytest.approx(26.8e12)
    assert got["peak"]["bf16_matrix"] == pytest.approx(7916e12)
    assert got["peak"]["fp8_matrix"] == pytest.approx(15832e12)
    assert got["partial_peaks"] == []
    assert got["link_bandwidth"] == 900e9
    assert got["domain_link_bandwidth"] == pytest.approx(7.2e12)
    assert got["domains"] == 1
    assert got["member_power_w"] == 5600


def test_multi_chip_packages_multiply_per_chip_figures() -> None:
    """A two-die package counted 384 times is 768 chips; per-chip figures count each die."""
    npu = {
        "count": 384,
        "chips_per_package": 2,
        "memory_bytes": 64 * GIB,
        "peak": {"bf16_matrix": 353.9e12},
        "power_w": 700.0,
    }
    got = system_totals([npu], domain_size=384)
    assert (got["devices"], got["chips"]) == (384, 768)
    assert got["memory_bytes"] == 768 * 64 * GIB
    assert got["peak"]["bf16_matrix"] == pytest.approx(768 * 353.9e12)
    assert got["member_power_w"] == 384 * 700  # a per-device figure: not doubled
    assert got["link_bandwidth"] is None
    assert got["domain_link_bandwidth"] is None


def test_a_precision_one_member_lacks_is_not_totalled() -> None:
    """Rates are summed only where every member gives them; the rest are listed as partial."""
    other = {**H100, "count": 2, "peak": {"bf16_matrix": 2250e12, "fp4_matrix": 9000e12}}
    got = system_totals([H100, other])
    assert got["peak"] == {"bf16_matrix": pytest.approx(8 * 989.5e12 + 2 * 2250e12)}
    assert got["partial_peaks"] == ["fp4_matrix", "fp64", "fp8_matrix"]


def test_unknown_memory_or_power_gives_no_total() -> None:
    """One member without a figure makes the total unknown, never a partial sum."""
    got = system_totals([H100, {**H100, "memory_bytes": None, "power_w": None}])
    assert got["memory_bytes"] is None
    assert got["member_power_w"] is None
    assert got["memory_bandwidth"] == pytest.approx(2 * 26.8e12)


def test_mixed_links_give_no_single_per_member_figure() -> None:
    """Different link bandwidths per member give no per-member or per-domain figure."""
    got = system_totals([H100, {**H100, "link_bandwidth": 1800e9}], domain_size=16)
    assert got["link_bandwidth"] is None
    assert got["domain_link_bandwidth"] is None


def test_a_domain_smaller_than_the_system() -> None:
    """A pod larger than its largest domain reports the share of one domain."""
    chip = {"count": 8960, "peak": {"bf16_matrix": 459e12}, "link_bandwidth": 1200e9}
    got = system_totals([chip], domain_size=6144)
    assert got["domains"] == pytest.approx(8960 / 6144)
    assert got["domain_link_bandwidth"] == pytest.approx(6144 * 1200e9)
    assert got["chips"] == 8960  # chips_per_package defaults to 1


BAD: list[tuple[Callable[[], Any], str]] = [
    (lambda: system_totals([]), "members"),
    (lambda: system_totals("h100"), "members"),  # type: ignore[arg-type]
    (lambda: system_totals([3]), r"members\[0\]"),
    (lambda: system_totals([{**H100, "count": 0}]), r"members\[0\]\.count"),
    (lambda: system_totals([{**H100, "count": 2.5}]), r"members\[0\]\.count"),
    (lambda: system_totals([{**H100, "chips_per_package": 0}]), "chips_per_package"),
    (lambda: system_totals([{**H100, "memory_bytes": -1}]), "memory_bytes"),
    (lambda: system_totals([{**H100, "peak": {"bf16_matrix": float("nan")}}]), "peak.bf16_matrix"),
    (lambda: system_totals([{**H100, "peak": [1]}]), "peak"),
    (lambda: system_totals([{**H100, "total_memory": 1}]), "total_memory"),
    (lambda: system_totals([H100], domain_size=0), "domain_size"),
    (lambda: system_totals([H100], domain_size=9), "domain_size"),
]


@pytest.mark.parametrize(("call", "name"), BAD, ids=[f"{i:02d}" for i in range(len(BAD))])
def test_bad_arguments_name_themselves(call: Callable[[], Any], name: str) -> None:
    """Each ValueError names the argument at fault."""
    with pytest.raises(ValueError, match=name):
        call()


@settings(max_examples=40, deadline=None)
@given(
    counts=st.lists(st.integers(1, 5000), min_size=1, max_size=4),
    chips=st.integers(1, 4),
    rate=st.floats(1e9, 1e16, allow_nan=False, allow_infinity=False),
)
def test_totals_are_linear_in_counts(counts: list[int], chips: int, rate: float) -> None:
    """Splitting a member into several entries of the same device changes no total."""
    one = {"chips_per_package": chips, "memory_bytes": GIB, "peak": {"fp16_matrix": rate}}
    split = system_totals([{**one, "count": n} for n in counts])
    whole = system_totals([{**one, "count": sum(counts)}])
    assert split["chips"] == whole["chips"] == sum(counts) * chips
    assert split["memory_bytes"] == pytest.approx(whole["memory_bytes"])
    assert split["peak"]["fp16_matrix"] == pytest.approx(whole["peak"]["fp16_matrix"])
