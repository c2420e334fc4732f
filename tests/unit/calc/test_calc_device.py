"""Tests for figures derived from a device record (H100 SXM datasheet values as input)."""

from __future__ import annotations

import math
from typing import Any

import pytest
from tests.conftest import real_rules

from xpuref.calc import device_derived, device_export_classes

H100_SXM: dict[str, Any] = {
    "peak_dense": {
        "fp64": 34,
        "fp64_matrix": 67,
        "fp32": 67,
        "tf32_matrix": 494.7,
        "bf16_matrix": 989.4,
        "fp16_matrix": 989.4,
        "fp8_matrix": 1978.9,
        "int8_matrix": 1978.9,
    },
    "sparsity_factor": 2,
    "memory": {"bandwidth_gbs": 3350},
    "power": {"tdp_w": 700},
    "die_area_mm2": 814,
    "interconnect": {"scale_up_bandwidth_gbs": 900, "host_bandwidth_gbs": 128},
}


def _finite(value: Any) -> bool:
    """Return True when every number inside value is finite."""
    if isinstance(value, dict):
        return all(_finite(item) for item in value.values())
    return value is None or math.isfinite(value)


def test_h100_derived_figures() -> None:
    """Sparse FP8 3957.8 (NVIDIA's 3,958 with sparsity), TPP 15,831, ridge and efficiency."""
    derived = device_derived(H100_SXM)
    assert derived["sparse"]["fp8_matrix"] == pytest.approx(3957.8)
    assert derived["sparse"]["bf16_matrix"] == pytest.approx(1978.8)
    assert "fp64_matrix" not in derived["sparse"]
    assert (
        "fp32_matrix"
        not in device_derived({"peak_dense": {"fp32_matrix": 1.0}, "sparsity_factor": 2})["sparse"]
    )
    assert "fp32" not in derived["sparse"]
    assert round(derived["tpp"]) == 15_831
    assert derived["performance_density"] == pytest.approx(15831.2 / 814)
    assert derived["ridge_points"]["bf16_matrix"] == pytest.approx(989.4e12 / 3350e9)
    assert derived["tflops_per_watt"]["fp8_matrix"] == pytest.approx(1978.9 / 700)
    assert derived["bytes_per_flop"] == pytest.approx(3350e9 / 989.4e12)


def test_missing_inputs_give_none_or_nothing() -> None:
    """Without bandwidth, power, area or sparsity the dependent figures are None or empty."""
    derived = device_derived({"peak_dense": {"fp32": 20.0}})
    assert derived["sparse"] == {}
    assert derived["ridge_points"] == {}
    assert derived["tflops_per_watt"] == {}
    assert derived["performance_density"] is None
    assert derived["bytes_per_flop"] is None
    assert derived["tpp"] == 640.0
    assert _finite(derived)


def test_empty_device() -> None:
    """An empty record derives nothing and never produces inf or NaN."""
    derived = device_derived({})
    assert derived["tpp"] is None
    assert _finite(derived)


def test_fp16_fallback_for_bytes_per_flop() -> None:
    """bytes_per_flop uses fp16_matrix when bf16_matrix is absent."""
    derived = device_derived(
        {"peak_dense": {"fp16_matrix": 100.0}, "memory": {"bandwidth_gbs": 1000}}
    )
    assert derived["bytes_per_flop"] == pytest.approx(0.01)


@pytest.mark.parametrize(
    ("device", "name"),
    [
        ({"peak_dense": {"fp32": -1.0}}, "peak_dense.fp32"),
        ({"peak_dense": {"fp32": float("nan")}}, "peak_dense.fp32"),
        ({"memory": {"bandwidth_gbs": 0}}, "memory.bandwidth_gbs"),
        ({"power": {"tdp_w": float("inf")}}, "power.tdp_w"),
        ({"die_area_mm2": True}, "die_area_mm2"),
        ({"sparsity_factor": "2"}, "sparsity_factor"),
    ],
)
def test_bad_device_values(device: dict[str, Any], name: str) -> None:
    """Invalid numbers raise ValueError naming the field."""
    with pytest.raises(ValueError, match=name.replace(".", r"\.")):
        device_derived(device)


def test_export_classes_for_every_rule() -> None:
    """H100 SXM is 3A090 under the 2022 rule and 3A090.a under the 2023 rule."""
    assert device_export_classes(H100_SXM, real_rules()) == {
        "us-2022-10": "3A090",
        "us-2023-10": "3A090.a",
    }


def test_card_power_covers_every_chip_of_the_card() -> None:
    """Per-chip rates over a two-chip card's power: each watt buys both chips' throughput."""
    card = {
        "peak_dense": {"fp16_matrix": 69.5},
        "power": {"tdp_w": 150, "scope": "card"},
        "chips_per_package": 2,
    }
    assert device_derived(card)["tflops_per_watt"]["fp16_matrix"] == pytest.approx(139 / 150)
    per_chip = {**card, "power": {"tdp_w": 75, "scope": "chip"}}
    assert device_derived(per_chip)["tflops_per_watt"]["fp16_matrix"] == pytest.approx(69.5 / 75)
    with pytest.raises(ValueError, match="chips_per_package"):
        device_derived({**card, "chips_per_package": 0})


def test_tpp_is_flagged_as_a_bound_when_a_supported_rate_is_missing() -> None:
    """TPP from a partial rate set is a lower bound; from the full set it is exact."""
    full = {**H100_SXM, "supported_rates": sorted(H100_SXM["peak_dense"])}
    assert device_derived(full)["tpp_exact"] is True
    partial = {**full, "supported_rates": [*full["supported_rates"], "int4_matrix"]}
    derived = device_derived(partial)
    assert derived["tpp_exact"] is False
    assert round(derived["tpp"]) == 15_831
    assert device_derived({**full, "supported_rates": None})["tpp_exact"] is False
    assert device_derived({})["tpp_exact"] is None
