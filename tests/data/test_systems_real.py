"""Tests on the real systems: each validates, names real devices, and totals its members exactly."""

from __future__ import annotations

import pytest
from tests.conftest import real_dataset

from xpuref.data.dataset import Dataset
from xpuref.views.systems import system_totals

#: Systems the issue asks for, with member device, count and domain size.
EXPECTED = {
    "nvidia-dgx-h100": ("nvidia-h100-sxm5-80gb", 8, 8),
    "nvidia-hgx-h200": ("nvidia-h200-sxm-141gb", 8, 8),
    "nvidia-dgx-b200": ("nvidia-b200-sxm-180gb", 8, 8),
    "nvidia-gb200-nvl72": ("nvidia-gb200-186gb", 72, 72),
    "google-tpu-v5p-pod": ("google-tpu-v5p", 8960, 6144),
    "huawei-cloudmatrix-384": ("huawei-ascend-910c", 384, 384),
}


@pytest.fixture(scope="module")
def catalog() -> Dataset:
    """The project's real catalog (loading it runs every system check)."""
    return real_dataset()


def test_the_issues_systems_are_there(catalog: Dataset) -> None:
    """At least six systems, with the members and domains the issue names."""
    assert len(catalog.systems) >= 6
    for system_id, (device, count, domain) in EXPECTED.items():
        system = catalog.systems[system_id]
        assert [(m.device, m.count) for m in system.members] == [(device, count)]
        assert system.scale_up.domain_size == domain


def test_every_system_names_real_devices_and_cites_sources(catalog: Dataset) -> None:
    """Member ids resolve, vendors are known, and each system has a citable source."""
    for system in catalog.systems.values():
        assert system.vendor in catalog.vendors
        for member in system.members:
            assert member.device in catalog.devices
        tiers = {catalog.registry.lookup(s.url).tier for s in system.sources}  # type: ignore[union-attr]
        assert tiers & {"vendor", "vendor-copy", "reference"}, system.id


def test_totals_equal_the_sum_of_members(catalog: Dataset) -> None:
    """Every total is count x chips x the member's stored per-chip figure, summed; nothing else."""
    for system in catalog.systems.values():
        totals = system_totals(system, catalog)
        devices = [(catalog.devices[m.device], m.count) for m in system.members]
        chips = [(d, n * d.chips_per_package) for d, n in devices]
        assert totals["chips"] == sum(n for _, n in chips)
        capacities = [d.memory.capacity_bytes for d, _ in chips]
        if None not in capacities:
            assert totals["memory_bytes"] == sum(
                n * (d.memory.capacity_bytes or 0) for d, n in chips
            )
        bandwidth = sum(n * (d.memory.bandwidth_gbs or 0) for d, n in chips) * 1e9
        assert totals["memory_bandwidth"] == pytest.approx(bandwidth)
        shared = set.intersection(*(set(d.peak_dense) for d, _ in chips))
        assert set(totals["peak"]) == shared
        for key in shared:
            expected = sum(n * d.peak_dense[key] for d, n in chips) * 1e12
            assert totals["peak"][key] == pytest.approx(expected), (system.id, key)


def test_system_power_is_only_ever_the_vendors(catalog: Dataset) -> None:
    """A stored system power covers the system and exceeds the sum of its accelerators."""
    for system in catalog.systems.values():
        if system.power is None:
            continue
        assert system.power.scope == "system"
        member_sum = system_totals(system, catalog)["member_power_w"]
        if member_sum is not None:
            assert system.power.tdp_w > member_sum, system.id
