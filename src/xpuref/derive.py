"""Derived figures and export classes of a device, computed by xpuref.calc at build time."""

from __future__ import annotations

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


def derived_for(device: Device) -> dict[str, Any]:
    """Sparse rates, TPP, performance density, ridge points, TFLOPS/W, bytes per FLOP."""
    return dict(calc.device_derived(calc_input(device)))


def export_for(device: Device) -> dict[str, str]:
    """The device's class under each export-control rule in data."""
    return dict(calc.device_export_classes(calc_input(device)))
