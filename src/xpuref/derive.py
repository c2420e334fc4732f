"""Derived figures and export classes of a device, computed by xpuref.calc at build time."""

from __future__ import annotations

from typing import Any

from xpuref import calc
from xpuref.memo import per_object
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


def _copy(found: dict[str, Any]) -> dict[str, Any]:
    """A copy deep enough that callers cannot change the remembered result."""
    return {k: dict(v) if isinstance(v, dict) else v for k, v in found.items()}


def derived_for(device: Device) -> dict[str, Any]:
    """Sparse rates, TPP, performance density, ridge points, TFLOPS/W, bytes per FLOP."""
    found = per_object("derived", device, lambda: dict(calc.device_derived(calc_input(device))))
    return _copy(found)


def export_for(device: Device) -> dict[str, str]:
    """The device's class under each export-control rule in data."""
    found = per_object("export", device, lambda: calc.device_export_classes(calc_input(device)))
    return {str(k): str(v) for k, v in found.items()}
