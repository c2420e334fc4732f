"""Resolve the device names drivers and frameworks print to a catalog SKU and its peaks.

Names are compared after normalisation: Unicode NFKC (full-width letters and spaces become
ASCII), case folding, trademark signs dropped, a leading "NVIDIA" or "AMD" dropped and runs
of spaces collapsed. A name that matches no catalog string that way is compared once more
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

import difflib
import unicodedata
from dataclasses import dataclass
from typing import Any

from xpuref.data.dataset import Dataset
from xpuref.data.devices import Device
from xpuref.data.fields import RATE_KEYS
from xpuref.views.jsondoc import json_document

__all__ = [
    "AmbiguousDeviceError",
    "DeviceLookupError",
    "DeviceMatch",
    "UnknownDeviceError",
    "lookup_json",
    "lookup_maps",
    "lookup_name",
    "name_index",
    "normalize_name",
]

#: Vendor words dropped from the front of a name (drivers print them, catalog names may not).
_PREFIXES = ("nvidia", "amd")
_MARKS = dict.fromkeys(map(ord, "™®©"))
LOOKUP_SCHEMA = 1


def normalize_name(name: str, *, compact: bool = False) -> str:
    """Return the key a device name is compared by (see the module docstring)."""
    text = unicodedata.normalize("NFKC", name).translate(_MARKS).casefold()
    text = text.replace("(tm)", "").replace("(r)", "")
    words = text.split()
    while len(words) > 1 and words[0] in _PREFIXES:
        words = words[1:]
    spaced = " ".join(words)
    return "".join(ch for ch in spaced if ch.isalnum()) if compact else spaced


class DeviceLookupError(ValueError):
    """A name that resolves to no SKU or to several; ``candidates`` lists likely SKU ids."""

    def __init__(self, message: str, candidates: list[str]) -> None:
        """Keep the candidates beside the message."""
        super().__init__(message)
        self.candidates = candidates


class UnknownDeviceError(DeviceLookupError):
    """No catalog SKU carries this name."""


class AmbiguousDeviceError(DeviceLookupError):
    """More than one catalog SKU carries this name."""


@dataclass(frozen=True)
class DeviceMatch:
    """A resolved name: the SKU, the catalog string it matched and its per-device peaks."""

    query: str
    id: str
    name: str
    matched: str
    visible_devices: int
    peak_dense_per_device: dict[str, float]

    def peak_flops(self, key: str) -> float:
        """Return one dense peak of one visible device in FLOP/s (or op/s), e.g. 'bf16_matrix'."""
        if key not in self.peak_dense_per_device:
            known = ", ".join(self.peak_dense_per_device) or "none"
            raise KeyError(f"{self.id} gives no {key} rate (given: {known})")
        return self.peak_dense_per_device[key] * 1e12

    def as_dict(self) -> dict[str, Any]:
        """Return the match as plain JSON-ready data."""
        return {
            "query": self.query,
            "id": self.id,
            "name": self.name,
            "matched": self.matched,
            "visible_devices": self.visible_devices,
            "peak_dense_per_device": dict(self.peak_dense_per_device),
        }


def _names(device: Device) -> list[str]:
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
            for text in _names(device):
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


def _candidates(key: str, index: dict[str, dict[str, str]]) -> list[str]:
    """SKU ids whose names contain the key, or are spelled closest to it."""
    near = difflib.get_close_matches(key, list(index), n=8, cutoff=0.6)
    ids = [i for k in index if key and (key in k or k in key) for i in index[k]]
    ids += [i for k in near for i in index[k]]
    return sorted(dict.fromkeys(ids))[:12]


def lookup_name(name: str, ds: Dataset) -> DeviceMatch:
    """Resolve a driver or framework device name to one SKU, or raise DeviceLookupError."""
    if not isinstance(name, str) or not name.strip():
        raise UnknownDeviceError(f"name must be a non-empty string, got {name!r}", [])
    hits = name_index(ds).get(normalize_name(name), {})
    if not hits:
        key = normalize_name(name, compact=True)
        index = name_index(ds, compact=True)
        hits = index.get(key, {})
        if not hits:
            candidates = _candidates(key, index)
            hint = f"; candidates: {', '.join(candidates)}" if candidates else ""
            raise UnknownDeviceError(f"no catalogued device is named {name!r}{hint}", candidates)
    if len(hits) > 1:
        listed = ", ".join(f"{i} ({text!r})" for i, text in sorted(hits.items()))
        raise AmbiguousDeviceError(
            f"{name!r} names more than one device: {listed}; use a device id", sorted(hits)
        )
    ((device_id, text),) = hits.items()
    device = ds.devices[device_id]
    return DeviceMatch(
        query=name,
        id=device.id,
        name=device.name,
        matched=text,
        visible_devices=device.visible_devices,
        peak_dense_per_device=per_device_peaks(device),
    )


def _published_names(index: dict[str, dict[str, str]]) -> dict[str, str | list[str]]:
    """One index as published: a key's single id, or the sorted ids it is ambiguous between."""
    return {
        key: (next(iter(hits)) if len(hits) == 1 else sorted(hits))
        for key, hits in sorted(index.items())
    }


def lookup_maps(ds: Dataset) -> dict[str, dict[str, str | list[str]]]:
    """The two published name maps (names, compact) every device picker resolves against."""
    return {
        "names": _published_names(name_index(ds)),
        "compact": _published_names(name_index(ds, compact=True)),
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
            "names: NFKC, case-folded, trademark signs and a leading NVIDIA or AMD dropped, "
            "spaces collapsed; compact: the same with only letters and digits kept, "
            "tried when names has no entry"
        ),
        "units": "TFLOPS (floating point) or TOPS (integer), dense, per visible device",
        **lookup_maps(ds),
        "devices": devices,
    }
    return json_document(payload)
