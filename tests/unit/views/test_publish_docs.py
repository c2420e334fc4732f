"""The downloads page documents every key a published device, source and system record carries."""

from __future__ import annotations

import re

from tests.conftest import ROOT, real_dataset

from xpuref.data.dataset import Dataset
from xpuref.views.publish import device_record
from xpuref.views.systems import system_record

DOWNLOADS = (ROOT / "content" / "downloads.md").read_text()


def _section(title: str) -> str:
    """The text of one '## ' section of the downloads page."""
    return DOWNLOADS.split(f"## {title}\n", 1)[1].split("\n## ", 1)[0]


def _documented(text: str) -> set[str]:
    """Every `key` quoted in the table rows of a section."""
    rows = [line for line in text.splitlines() if line.startswith("| `")]
    return {key for row in rows for key in re.findall(r"`([a-z_0-9]+)`", row)}


def test_every_device_key_is_documented(dataset: Dataset) -> None:
    documented = _documented(_section("devices.json"))
    record = device_record(dataset.devices["nvidia-h100-sxm5-80gb"], dataset)
    assert set(record) - documented == set()
    source_keys = {key for source in record["sources"] for key in source}
    assert source_keys - documented == set()
    detail_keys = {key for rule in record["export_detail"].values() for key in rule}
    assert detail_keys - documented == set()


def test_every_system_key_is_documented() -> None:
    real = real_dataset()
    assert real.systems, "the real catalog has systems to check"
    documented = _documented(_section("devices.json"))
    for system in real.systems.values():
        record = system_record(system, real)
        assert set(record) - documented == set()
        assert {key for source in record["sources"] for key in source} - documented == set()
