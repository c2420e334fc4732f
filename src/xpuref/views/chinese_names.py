"""Each device's Chinese name: its own ``name_zh``, else its maker's Chinese name and the model."""

from __future__ import annotations

from xpuref.data.dataset import Dataset
from xpuref.data.devices import Device, Vendor

__all__ = ["chinese_name", "chinese_names"]


def chinese_name(device: Device, vendor: Vendor) -> str:
    """The device's Chinese name: 昇腾910B as the maker gives it, else 英伟达 H100 SXM5 80GB.

    A maker's Chinese name replaces its Latin name at the start of the device name; a maker
    with no usual Chinese name (Groq, Cerebras) keeps the Latin name.
    """
    if device.name_zh:
        return device.name_zh
    if not vendor.name_zh:
        return device.name
    rest = device.name[len(vendor.name) :]
    if device.name.startswith(vendor.name) and rest[:1] == " ":
        return vendor.name_zh + rest
    return f"{vendor.name_zh} {device.name}"


def chinese_names(ds: Dataset) -> dict[str, str]:
    """Every device's Chinese name by id."""
    return {d.id: chinese_name(d, ds.vendors[d.vendor]) for d in ds.devices.values()}
