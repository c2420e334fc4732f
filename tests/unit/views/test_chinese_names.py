"""Every device has a Chinese name: its maker's own, else the maker's Chinese name and the model."""

from __future__ import annotations

import json
import re

from tests.conftest import real_dataset

from xpuref.data.paths import data_dir
from xpuref.data.version import data_version
from xpuref.views.chinese_names import chinese_name, chinese_names
from xpuref.views.publish import devices_json

_HAN = re.compile(r"[\u4e00-\u9fff]")


def test_a_makers_own_chinese_name_is_kept() -> None:
    """昇腾910B2 and 思元370 come from the device files, unchanged."""
    names = chinese_names(real_dataset())
    assert names["huawei-ascend-910b2"] == "昇腾910B2"
    assert "思元370" in names["cambricon-mlu370-x8-pcie-48gb"]
    assert names["kunlunxin-r200-16gb"].startswith("昆仑芯 R200")


def test_otherwise_the_vendors_chinese_name_replaces_its_latin_one() -> None:
    """NVIDIA H100 SXM5 80GB becomes 英伟达 H100 SXM5 80GB; AMD's parts name 超威."""
    names = chinese_names(real_dataset())
    assert names["nvidia-h100-sxm5-80gb"] == "英伟达 H100 SXM5 80GB"
    assert names["amd-instinct-mi300x-oam-192gb"] == "超威 (AMD) Instinct MI300X OAM 192GB"
    assert names["google-tpu-v5p"] == "谷歌 TPU v5p"


def test_every_device_with_a_chinese_vendor_name_has_a_chinese_name() -> None:
    """Only makers with no usual Chinese name (Groq, Cerebras...) keep a Latin-only name."""
    ds = real_dataset()
    for device in ds.devices.values():
        vendor = ds.vendors[device.vendor]
        name = chinese_name(device, vendor)
        assert name
        if vendor.name_zh or device.name_zh:
            assert _HAN.search(name), device.id
        else:
            assert name == device.name, device.id


def test_devices_json_carries_a_chinese_name_for_every_device() -> None:
    """The published devices.json has name_zh on every record."""
    ds = real_dataset()
    records = json.loads(devices_json(ds, data_version(data_dir())))["devices"]
    assert len(records) == len(ds.devices)
    assert all(isinstance(r["name_zh"], str) and r["name_zh"] for r in records)
    by_id = {r["id"]: r for r in records}
    assert by_id["nvidia-h100-sxm5-80gb"]["name_zh"] == "英伟达 H100 SXM5 80GB"
