"""Numbers the glossary, map and guides quote agree with the device data that holds them."""

from __future__ import annotations

import pytest
import yaml
from tests.conftest import ROOT

from xpuref.data.dataset import Dataset, load_dataset
from xpuref.data.paths import DATA_DIR
from xpuref.views.targets import target_rows

# (file, entry id or None for a guide, text the entry must contain, device, field, value)
QUOTED = [
    ("glossary.yaml", "nvlink", "900 GB/s", "nvidia-h100-sxm5-80gb",
     "interconnect.scale_up_bandwidth_gbs", 900),
    ("glossary.yaml", "nvlink", "1.8 TB/s", "nvidia-b200-sxm-180gb",
     "interconnect.scale_up_bandwidth_gbs", 1800),
    ("glossary.yaml", "nvlink", "1.8 TB/s", "nvidia-gb200-186gb",
     "interconnect.scale_up_bandwidth_gbs", 1800),
    ("glossary.yaml", "mxu", "two 256 x 256", "google-tpu-v6e", "peak_dense.bf16_matrix", 918),
    ("glossary.yaml", "hbm", "80", "nvidia-h100-sxm5-80gb", "memory.capacity", 80),
]  # fmt: skip


@pytest.fixture(scope="module")
def catalog() -> Dataset:
    """The real data."""
    return load_dataset(DATA_DIR)


def _entry(file: str, entry_id: str) -> str:
    """The definition (or notes) text of one glossary term or map row."""
    data = yaml.safe_load((ROOT / "data" / file).read_text(encoding="utf-8"))
    items = data.get("terms") or data.get("rows") or []
    for item in items:
        if item["id"] == entry_id:
            return str(item.get("definition") or item.get("notes"))
    raise AssertionError(f"{file}: no entry {entry_id}")


def _field(catalog: Dataset, device_id: str, path: str) -> object:
    """A dotted field of a device."""
    value: object = catalog.devices[device_id].model_dump()
    for part in path.split("."):
        assert isinstance(value, dict), path
        value = value.get(part)
    return value


@pytest.mark.parametrize(("file", "entry", "text", "device", "path", "value"), QUOTED)
def test_quoted_number_matches_the_device(
    catalog: Dataset, file: str, entry: str, text: str, device: str, path: str, value: float
) -> None:
    """The entry still says it, and the device record still holds the number it relies on."""
    assert text in _entry(file, entry)
    assert _field(catalog, device, path) == pytest.approx(value)


def test_compute_capabilities_in_the_glossary_come_from_the_targets_table(
    catalog: Dataset,
) -> None:
    """Each 'X.Y for the <part>' the glossary states matches the generated target table."""
    text = _entry("glossary.yaml", "compute-capability")
    targets = {row.device_id: row.target for row in target_rows(catalog)}
    for cc, device in (
        ("8.0", "nvidia-a100-sxm4-80gb"),
        ("8.9", "nvidia-l4-24gb"),
        ("8.9", "nvidia-geforce-rtx-4090-24gb"),
        ("9.0", "nvidia-h100-sxm5-80gb"),
        ("10.0", "nvidia-b200-sxm-180gb"),
        ("12.0", "nvidia-geforce-rtx-5090-32gb"),
    ):
        assert cc in text
        assert targets[device] == cc, device


def test_target_table_covers_many_skus(catalog: Dataset) -> None:
    """The generated table reaches most catalogued NVIDIA and AMD data-center parts."""
    rows = target_rows(catalog)
    assert len(rows) >= 40
    assert {r.target for r in rows} >= {"8.0", "9.0", "gfx942", "dav-c220"}
