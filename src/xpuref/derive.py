"""Derived figures and export classes of a device, computed by xpuref.calc at build time."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from xpuref import calc
from xpuref.schema import Device

__all__ = ["calc_input", "derived_for", "export_for"]


def calc_input(device: Device) -> dict[str, Any]:
    """Shape a device as the mapping xpuref.calc reads (given rates only)."""
    return {
        "peak_dense": device.peak_dense.present(),
        "sparsity_factor": device.sparsity_factor,
        "die_area_mm2": device.die_area_mm2,
        "memory": {"bandwidth_gbs": device.memory.bandwidth_gbs},
        "power": {"tdp_w": device.power.tdp_w},
        "interconnect": {
            "scale_up_bandwidth_gbs": device.interconnect.scale_up_bandwidth_gbs,
            "host_bandwidth_gbs": device.interconnect.host_bandwidth_gbs,
        },
        **(
            {}
            if device.market is None
            else {"designed_for_datacenter": device.market == "datacenter"}
        ),
    }


# Results per device object, kept with the object so an id() is never reused while cached.
_CACHE: dict[tuple[str, int], tuple[Device, dict[str, Any]]] = {}
_CACHE_LIMIT = 20_000


def _cached(kind: str, device: Device, compute: Callable[[], dict[str, Any]]) -> dict[str, Any]:
    """Compute once per device object; callers get their own copy."""
    key = (kind, id(device))
    hit = _CACHE.get(key)
    if hit is None or hit[0] is not device:
        if len(_CACHE) >= _CACHE_LIMIT:
            _CACHE.clear()
        hit = (device, compute())
        _CACHE[key] = hit
    return {k: dict(v) if isinstance(v, dict) else v for k, v in hit[1].items()}


def derived_for(device: Device) -> dict[str, Any]:
    """Sparse rates, TPP, performance density, ridge points, TFLOPS/W, bytes per FLOP."""
    return _cached("derived", device, lambda: dict(calc.device_derived(calc_input(device))))


def export_for(device: Device) -> dict[str, str]:
    """The device's class under each export-control rule in data."""
    found = _cached("export", device, lambda: dict(calc.device_export_classes(calc_input(device))))
    return {str(k): str(v) for k, v in found.items()}
