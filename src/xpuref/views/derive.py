"""Derived figures and export classes of a device, computed by xpuref.calc at build time."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from xpuref import calc
from xpuref.calc import DeviceDerived, ExportAnswer, ExportReport
from xpuref.data.dataset import Dataset
from xpuref.data.devices import Architecture, Device
from xpuref.views.host_link import host_link_max_gbs, pcie_rates

__all__ = [
    "ExportDetail",
    "calc_input",
    "derived_for",
    "device_input",
    "export_detail",
    "export_detail_data",
    "export_for",
    "published_bounds",
]


def calc_input(
    device: Device, arch: Architecture | None, pcie: Mapping[str, float] | None = None
) -> dict[str, Any]:
    """Shape a device as the mapping xpuref.calc reads (given rates, per chip).

    ``supported_rates`` comes from the architecture's declared precisions, so a rate the
    device lacks turns its TPP into a lower bound; an undeclared set (None) does the same.
    With ``pcie`` (rates per lane by version), a host link named only by its PCIe generation
    and width bounds the I/O bandwidth from above.
    """
    link = device.interconnect
    host_max = None
    if link.host_bandwidth_gbs is None and pcie:
        host_max = host_link_max_gbs(link.host, pcie)
    return {
        "peak_dense": dict(device.peak_dense),
        "supported_rates": _supported(device, arch),
        "rate_ceilings": [] if arch is None else [c.plain() for c in arch.rate_ceilings],
        "sparsity_factor": device.sparsity_factor,
        "die_area_mm2": device.die_area_mm2,
        "die_area_max_mm2": device.die_area_max_mm2,
        "memory": {
            "bandwidth_gbs": device.memory.bandwidth_gbs,
            "capacity_bytes": device.memory.capacity_bytes,
            "usable_bytes": device.memory.usable_bytes,
        },
        "power": {"tdp_w": device.power.tdp_w, "scope": device.power.scope},
        "interconnect": {
            "scale_up_bandwidth_gbs": 0.0 if link.no_scale_up else link.scale_up_bandwidth_gbs,
            "host_bandwidth_gbs": link.host_bandwidth_gbs,
            "host_bandwidth_max_gbs": host_max,
        },
        "chips_per_package": device.chips_per_package,
        "designed_for_datacenter": device.market == "datacenter",
    }


def _supported(device: Device, arch: Architecture | None) -> list[str] | None:
    """The rates the chip runs: its architecture's, less what this chip is stated to lack."""
    declared = None if arch is None else arch.supported_rates()
    if declared is None:
        return None
    return [key for key in declared if key not in device.not_supported]


def _copy(found: DeviceDerived) -> DeviceDerived:
    """A copy deep enough that callers cannot change the remembered result."""
    return {
        **found,
        "sparse": dict(found["sparse"]),
        "ridge_points": dict(found["ridge_points"]),
        "tflops_per_watt": dict(found["tflops_per_watt"]),
    }


def derived_for(device: Device, ds: Dataset) -> DeviceDerived:
    """Sparse rates, TPP, performance density, ridge points, TFLOPS/W, bytes per FLOP."""
    found: DeviceDerived = ds.remember(
        "derived", device.id, lambda: calc.device_derived(device_input(device, ds))
    )
    return _copy(found)


def device_input(device: Device, ds: Dataset) -> dict[str, Any]:
    """A catalog device as xpuref.calc reads it: its architecture's precisions, PCIe link bounds."""
    return calc_input(device, ds.architectures.get(device.architecture), pcie_rates(ds))


class ExportDetail(ExportAnswer):
    """A class as pages show it: calc's answer and the statements that bounded TPP (their ids)."""

    bounded_by: list[str]


def export_detail_data(device: Device, ds: Dataset) -> dict[str, ExportReport]:
    """Per rule, the class the device's own figures give, before any published statement."""
    found: dict[str, ExportReport] = ds.remember(
        "export-data",
        device.id,
        lambda: calc.device_export(device_input(device, ds), ds.rule_dicts()),
    )
    return found


def published_bounds(device: Device, ds: Dataset) -> tuple[float, float | None, list[str]] | None:
    """The TPP interval the published statements naming the device leave, and their ids.

    None when no statement names the device, or when one contradicts its figures or the
    statements together leave no TPP (the build reports both as problems, see views.published).
    """
    found: tuple[float, float | None, list[str]] | None = ds.remember(
        "published-bounds", device.id, lambda: _published_bounds(device, ds)
    )
    return found


def _published_bounds(device: Device, ds: Dataset) -> tuple[float, float | None, list[str]] | None:
    """Compute published_bounds (once per device and build)."""
    if not any(device.id in statement.devices for statement in ds.published):
        return None
    rules = {str(rule["id"]): rule for rule in ds.rule_dicts()}
    inp = device_input(device, ds)
    low, high = calc.export_metrics(inp)["tpp"]
    ids: list[str] = []
    for statement in ds.published:
        if device.id not in statement.devices or statement.rule not in rules:
            continue
        bounds = calc.tpp_bounds_for_classes(inp, rules[statement.rule], statement.classes)
        if bounds is None:
            return None
        low = max(low, bounds[0])
        high = min(high, float("inf") if bounds[1] is None else bounds[1])
        ids.append(statement.id)
    if not ids or low > high:
        return None
    return low, None if high == float("inf") else high, ids


def _export(device: Device, ds: Dataset) -> dict[str, ExportDetail]:
    """Per rule: calc.export_answer on the figures, narrowed where published statements bound TPP.

    The export calculator runs the same function on the same record (the page data carries
    the narrowed TPP), so the two always agree.
    """
    inp = device_input(device, ds)
    ids: list[str] = []
    bounds = published_bounds(device, ds)
    if bounds is not None:
        low, high, found_ids = bounds
        before = calc.export_metrics(inp)["tpp"]
        if low > before[0] or (high is not None and high < before[1]):
            inp = {**inp, "tpp_min": low, "tpp_max": high}
            ids = list(found_ids)
    return {
        str(rule["id"]): ExportDetail(**calc.export_answer(inp, rule), bounded_by=list(ids))
        for rule in ds.rule_dicts()
    }


def export_detail(device: Device, ds: Dataset) -> dict[str, ExportDetail]:
    """Per rule: class, TPP (exact or a bound), density, deciding rate, missing fields, reason."""
    found: dict[str, ExportDetail] = ds.remember("export", device.id, lambda: _export(device, ds))
    return found


def export_for(device: Device, ds: Dataset) -> dict[str, str]:
    """Per rule, the class in words ("3A090.a or 3A090.b" where the letter is open)."""
    return {rule: str(found["answer"]) for rule, found in export_detail(device, ds).items()}
