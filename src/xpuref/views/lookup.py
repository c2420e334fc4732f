"""Resolve the device names drivers and frameworks print to a catalog SKU and its peaks.

Names are compared after normalisation: Unicode NFKC (full-width letters and spaces become
ASCII), case folding, trademark signs dropped, the makers' names in front dropped ("NVIDIA",
"AMD", "Huawei", "寒武纪": every vendor's, xpuref.core.names.MAKER_PREFIXES) and runs of spaces
collapsed. A name that matches no catalog string that way is compared once more
with everything but letters and digits removed, so "NVIDIA A100-SXM4-80GB", "a100 sxm4 80gb"
and "ＡＭＤ Ｉｎｓｔｉｎｃｔ ＭＩ２５０Ｘ" meet their catalog aliases, while "Ascend910" (what
the driver prints for a 910C) stays apart from the marketing name "Ascend 910". Aliases hold
the strings nvidia-smi, torch.cuda.get_device_name(), jax.devices()[i].device_kind, npu-smi
and amd-smi print, next to each SKU's id, name, Chinese name and former ids.

Peaks are per visible device: catalog figures cover what the file's scope says (a package
for a two-die MI250X), and a SKU with ``visible_devices`` N appears to software as N
devices, each with 1/N of them. This is what an MFU computation must divide by.
"""

from __future__ import annotations

from xpuref.core.catalog import Catalog, DeviceMatch
from xpuref.core.names import (
    AmbiguousDeviceError,
    DeviceLookupError,
    UnknownDeviceError,
    normalize_name,
)
from xpuref.data.dataset import Dataset
from xpuref.data.devices import Device
from xpuref.data.fields import RATE_KEYS
from xpuref.views.jsondoc import json_document

__all__ = [
    "AmbiguousDeviceError",
    "DeviceLookupError",
    "DeviceMatch",
    "UnknownDeviceError",
    "device_names",
    "lookup_json",
    "lookup_maps",
    "lookup_name",
    "name_index",
    "normalize_name",
    "per_device_peaks",
    "published_names",
]

LOOKUP_SCHEMA = 1


def device_names(device: Device) -> list[str]:
    """Every string a device answers to: id, name, Chinese name, aliases, former ids."""
    found = [device.id, device.name, *device.aliases, *device.former_ids]
    if device.name_zh:
        found.append(device.name_zh)
    return found


def name_index(ds: Dataset, *, compact: bool = False) -> dict[str, dict[str, str]]:
    """Map each normalised name to {device id: the catalog string it came from}."""

    def build() -> dict[str, dict[str, str]]:
        index: dict[str, dict[str, str]] = {}
        for device in ds.sorted_devices():
            for text in device_names(device):
                key = normalize_name(text, compact=compact)
                if key:
                    index.setdefault(key, {}).setdefault(device.id, text)
        return index

    found: dict[str, dict[str, str]] = ds.remember("lookup-index", str(compact), build)
    return found


def per_device_peaks(device: Device) -> dict[str, float]:
    """Return the dense peaks of one visible device of a SKU, in TFLOPS or TOPS."""
    share = device.visible_devices
    return {key: device.peak_dense[key] / share for key in RATE_KEYS if key in device.peak_dense}


def lookup_name(name: str, ds: Dataset) -> DeviceMatch:
    """Resolve a driver or framework device name to one SKU, or raise DeviceLookupError."""
    from xpuref.views.compiled import catalog_payload

    catalog: Catalog = ds.remember("core-catalog", "", lambda: Catalog(catalog_payload(ds)))
    return catalog.lookup(name)


def published_names(index: dict[str, dict[str, str]]) -> dict[str, str | list[str]]:
    """One index as published: a key's single id, or the sorted ids it is ambiguous between."""
    return {
        key: (next(iter(hits)) if len(hits) == 1 else sorted(hits))
        for key, hits in sorted(index.items())
    }


def lookup_maps(ds: Dataset) -> dict[str, dict[str, str | list[str]]]:
    """The two published name maps (names, compact) every device picker resolves against."""
    return {
        "names": published_names(name_index(ds)),
        "compact": published_names(name_index(ds, compact=True)),
    }


def lookup_json(ds: Dataset) -> str:
    """The published lookup map: normalised names to SKU ids, and per-device peaks."""
    devices = {
        d.id: {
            "name": d.name,
            "visible_devices": d.visible_devices,
            "peak_dense_per_device": per_device_peaks(d),
        }
        for d in sorted(ds.devices.values(), key=lambda d: d.id)
    }
    payload = {
        "schema": LOOKUP_SCHEMA,
        "normalisation": (
            "names: NFKC, case-folded, trademark signs and the makers' names in front "
            "(NVIDIA, AMD, Huawei, Cambricon...) dropped, "
            "spaces collapsed; compact: the same with only letters and digits kept, "
            "tried when names has no entry"
        ),
        "units": "TFLOPS (floating point) or TOPS (integer), dense, per visible device",
        **lookup_maps(ds),
        "devices": devices,
    }
    return json_document(payload)
