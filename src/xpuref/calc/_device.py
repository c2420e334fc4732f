"""Figures derived from one device record: sparse rates, TPP, ridge points, efficiency.

The device mapping has the shape of an entry in the site's devices.json and keeps its units:
peak_dense in TFLOPS or TOPS (dense, 2 ops per MAC), memory.bandwidth_gbs in GB/s,
power.tdp_w in W, die_area_mm2 in mm^2. Derived values:

    sparse               {key: dense x sparsity_factor} for the matrix keys of formats that
                         have structured sparsity (tf32, bf16, fp16, fp8, fp6, fp4, int8,
                         int4; not fp64 or fp32), in TFLOPS/TOPS
    tpp                  largest TOPS x bit length (see xpuref.calc._export)
    tpp_exact            False when the device lacks a rate its architecture runs (given as
                         ``supported_rates``): tpp and performance_density are then lower
                         bounds; None when there is no tpp
    performance_density  tpp / die_area_mm2
    ridge_points         {key: FLOP per byte} = peak x 1e12 / (bandwidth x 1e9)
    tflops_per_watt      {key: peak x chips / tdp_w}: rates are per chip, and a power figure
                         whose scope is wider than one chip (card, module, ...) covers all
                         chips_per_package chips (default 1)
    bytes_per_flop       bandwidth x 1e9 / (bf16_matrix, else fp16_matrix, x 1e12)

Missing inputs give None (scalars) or leave the per-precision mapping empty; the results
are never inf or NaN.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from xpuref.calc._export import _tpp_interval, classify_explain, device_tpp, section
from xpuref.calc._precisions import SPARSE_KEYS
from xpuref.calc._results import DeviceDerived, ExportReport
from xpuref.calc._validate import check_count, check_number

__all__ = ["device_derived", "device_export", "device_export_classes"]


def _number(name: str, value: Any) -> float | None:
    """Return a checked positive number, or None for a missing value."""
    return None if value is None else check_number(name, value)


def device_derived(device: Mapping[str, Any]) -> DeviceDerived:
    """Return the derived figures listed in the module docstring for one device."""
    if not isinstance(device, Mapping):
        raise ValueError(f"device must be a mapping, got {device!r}")
    peaks = {
        str(key): rate
        for key, value in section(device, "peak_dense").items()
        if (rate := _number(f"peak_dense.{key}", value)) is not None
    }
    factor = _number("sparsity_factor", device.get("sparsity_factor"))
    bandwidth = _number("memory.bandwidth_gbs", section(device, "memory").get("bandwidth_gbs"))
    power = section(device, "power")
    tdp = _number("power.tdp_w", power.get("tdp_w"))
    given_chips = device.get("chips_per_package")
    chips = 1 if given_chips is None else check_count("chips_per_package", given_chips)
    covered = chips if power.get("scope") not in (None, "chip") else 1
    area = _number("die_area_mm2", device.get("die_area_mm2"))
    total = device_tpp(peaks) if peaks else None
    if total is None:
        exact = None
    else:
        low, high, _, _, _ = _tpp_interval(device)
        exact = low == high
    reference = peaks.get("bf16_matrix") or peaks.get("fp16_matrix")
    return {
        "sparse": {key: rate * factor for key, rate in peaks.items() if key in SPARSE_KEYS}
        if factor is not None
        else {},
        "tpp": total,
        "tpp_exact": exact,
        "performance_density": total / area if total is not None and area is not None else None,
        "ridge_points": {key: rate * 1e3 / bandwidth for key, rate in peaks.items()}
        if bandwidth is not None
        else {},
        "tflops_per_watt": {key: rate * covered / tdp for key, rate in peaks.items()}
        if tdp is not None
        else {},
        "bytes_per_flop": bandwidth / (reference * 1e3)
        if bandwidth is not None and reference is not None
        else None,
    }


def device_export_classes(
    device: Mapping[str, Any], rules: Sequence[Mapping[str, Any]]
) -> dict[str, str]:
    """Return {rule id: class} for every rule given."""
    return {rule_id: found["result"] for rule_id, found in device_export(device, rules).items()}


def device_export(
    device: Mapping[str, Any], rules: Sequence[Mapping[str, Any]]
) -> dict[str, ExportReport]:
    """Return {rule id: classify_explain result} for every rule given."""
    return {str(rule["id"]): classify_explain(device, rule) for rule in rules}
