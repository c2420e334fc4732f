"""Tests on the real data: it validates, each device has the basics, and known figures hold."""

from __future__ import annotations

import pytest

from xpuref.catalog import Catalog, load_catalog
from xpuref.paths import DATA_DIR


@pytest.fixture(scope="module")
def catalog() -> Catalog:
    """The project's real catalog."""
    return load_catalog(DATA_DIR)


def test_real_data_validates(catalog: Catalog) -> None:
    """The committed data passes every check and holds at least 25 devices."""
    assert len(catalog.devices) >= 25


def test_every_device_has_basics_or_says_why(catalog: Catalog) -> None:
    """Memory, bandwidth, a dense peak, power and launch year, or a note explaining the gap."""
    for device in catalog.devices.values():
        missing = [
            name
            for name, value in [
                ("memory", device.memory.capacity_gb),
                ("bandwidth", device.memory.bandwidth_gbs),
                ("peak", device.peak_dense.present() or None),
                ("power", device.power.tdp_w),
            ]
            if value is None
        ]
        if missing:
            assert device.notes, f"{device.id} lacks {missing} and has no note saying why"


def test_every_architecture_used_exists(catalog: Catalog) -> None:
    """Each device's architecture is in the timeline, from the same vendor."""
    for device in catalog.devices.values():
        assert catalog.architectures[device.architecture].vendor == device.vendor


def test_nvidia_timeline_is_complete(catalog: Catalog) -> None:
    """NVIDIA's generations from Tesla (2006) to Blackwell are all present, in order."""
    names = [
        "tesla",
        "fermi",
        "kepler",
        "maxwell",
        "pascal",
        "volta",
        "turing",
        "ampere",
        "hopper",
        "ada-lovelace",
        "blackwell",
    ]
    years = [catalog.architectures[f"nvidia-{n}"].year for n in names]
    assert years[0] == 2006
    assert years == sorted(years)


# Dense figures published by the vendors (datasheet headline / 2 where it is "with sparsity").
KNOWN = [
    ("nvidia-h100-sxm5-80gb", "bf16_matrix", 989.4),
    ("nvidia-h100-sxm5-80gb", "fp8_matrix", 1978.9),
    ("nvidia-a100-sxm4-80gb", "bf16_matrix", 312),
    ("nvidia-a100-sxm4-80gb", "tf32_matrix", 156),
    ("nvidia-tesla-v100-sxm2-32gb", "fp16_matrix", 125),
]


@pytest.mark.parametrize(("device_id", "key", "value"), KNOWN)
def test_known_dense_rates(catalog: Catalog, device_id: str, key: str, value: float) -> None:
    """Headline dense rates match the vendor's figures (no sparse number in a dense field)."""
    assert catalog.devices[device_id].peak_dense.present()[key] == pytest.approx(value, rel=2e-3)


def test_a100_variants_keep_their_own_bandwidth(catalog: Catalog) -> None:
    """The 40 GB and 80 GB A100 SXM4 do not share one bandwidth figure."""
    small = catalog.devices["nvidia-a100-sxm4-40gb"].memory.bandwidth_gbs
    large = catalog.devices["nvidia-a100-sxm4-80gb"].memory.bandwidth_gbs
    assert small == pytest.approx(1555)
    assert large == pytest.approx(2039)
