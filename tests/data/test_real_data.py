"""Tests on the real data: it validates, each device has the basics, and known figures hold."""

from __future__ import annotations

import pytest
from tests.conftest import real_dataset

from xpuref.data.dataset import Dataset
from xpuref.data.paths import DATA_DIR


@pytest.fixture(scope="module")
def catalog() -> Dataset:
    """The project's real catalog."""
    return real_dataset()


def test_real_data_validates(catalog: Dataset) -> None:
    """The committed data passes every check and holds at least 25 devices."""
    assert len(catalog.devices) >= 25


def test_every_device_has_basics_or_says_why(catalog: Dataset) -> None:
    """Every figure the completeness contract asks for is given, or a gap entry says why not."""
    from xpuref.data.device_checks import required_fields

    for device in catalog.devices.values():
        dumped = device.model_dump(exclude_none=True)
        arch = catalog.architectures[device.architecture]
        for name in required_fields(device, arch):
            value: object = dumped
            for part in name.split("."):
                value = value.get(part) if isinstance(value, dict) else None
            if value is None or value == {}:
                assert len(device.gaps.get(name, "")) > 20, f"{device.id}: {name} missing"
        assert 1990 <= device.launch_year <= 2100


def test_consumer_nvidia_cards_store_fp32_accumulate(catalog: Dataset) -> None:
    """GeForce and RTX cards store the FP32-accumulate Tensor rate, FP16 as the alternative."""
    checked = 0
    for device in catalog.devices.values():
        consumer = device.vendor == "nvidia" and device.market in ("consumer", "workstation")
        if not consumer or "fp16_matrix" not in device.peak_dense:
            continue
        if device.architecture in ("nvidia-volta", "nvidia-pascal"):
            continue  # no separate accumulate rates on these generations
        acc = device.accumulate.get("fp16_matrix")
        assert acc is not None and acc.precision == "fp32", device.id
        checked += 1
    assert checked >= 5


def test_multi_chip_cards_are_per_chip(catalog: Dataset) -> None:
    """Boards carrying several chips say so, and their memory is the per-chip share."""
    for device_id, chips in (("nvidia-a16-64gb", 4), ("cambricon-mlu370-x8-pcie-48gb", 2)):
        device = catalog.devices[device_id]
        assert device.chips_per_package == chips
        board = int(device_id.rsplit("-", 1)[1].removesuffix("gb"))
        assert device.memory.capacity == board / chips


def test_every_number_is_sourced(catalog: Dataset) -> None:
    """Each numeric field of each device is claimed by one of its sources."""
    from xpuref.data.device_checks import numeric_paths
    from xpuref.data.yamlfile import read_yaml

    for device_id, name in catalog.device_files.items():
        raw = read_yaml(DATA_DIR.parent / name).data
        claims = {f for s in catalog.devices[device_id].sources for f in s.fields}
        for path in numeric_paths(raw):
            dotted = [".".join(str(p) for p in path[:end]) for end in range(1, len(path) + 1)]
            assert claims & set(dotted), f"{device_id}: {'.'.join(map(str, path))} unsourced"


def test_every_architecture_used_exists(catalog: Dataset) -> None:
    """Each device's architecture is in the timeline, from the same vendor."""
    for device in catalog.devices.values():
        assert catalog.architectures[device.architecture].vendor == device.vendor


def test_nvidia_timeline_is_complete(catalog: Dataset) -> None:
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
    ("nvidia-h100-sxm5-80gb", "bf16_matrix", 989.5),
    ("nvidia-h100-sxm5-80gb", "fp8_matrix", 1979),
    ("nvidia-a100-sxm4-80gb", "bf16_matrix", 312),
    ("nvidia-a100-sxm4-80gb", "tf32_matrix", 156),
    ("nvidia-tesla-v100-sxm2-32gb", "fp16_matrix", 125),
]


@pytest.mark.parametrize(("device_id", "key", "value"), KNOWN)
def test_known_dense_rates(catalog: Dataset, device_id: str, key: str, value: float) -> None:
    """Headline dense rates match the vendor's figures (no sparse number in a dense field)."""
    assert catalog.devices[device_id].peak_dense[key] == pytest.approx(value, rel=2e-3)


def test_a100_variants_keep_their_own_bandwidth(catalog: Dataset) -> None:
    """The 40 GB and 80 GB A100 SXM4 do not share one bandwidth figure."""
    small = catalog.devices["nvidia-a100-sxm4-40gb"].memory.bandwidth_gbs
    large = catalog.devices["nvidia-a100-sxm4-80gb"].memory.bandwidth_gbs
    assert small == pytest.approx(1555)
    assert large == pytest.approx(2039)


def test_die_area_is_asked_only_of_single_die_chips(catalog: Dataset) -> None:
    """A package the maker describes as several logic dies owes no single die area."""
    from xpuref.data.device_checks import required_fields

    def wants_area(device_id: str) -> bool:
        device = catalog.devices[device_id]
        return "die_area_mm2" in required_fields(device, catalog.architectures[device.architecture])

    for device_id, dies in (
        ("nvidia-b200-sxm-180gb", 2),
        ("amd-instinct-mi300x-oam-192gb", 12),
        ("amd-instinct-mi355x-oam-288gb", 10),
        ("intel-gaudi3-oam-128gb", 2),
    ):
        assert catalog.devices[device_id].dies == dies
        assert not wants_area(device_id)
    assert wants_area("nvidia-h100-sxm5-80gb")
    assert catalog.devices["nvidia-h100-sxm5-80gb"].dies is None
