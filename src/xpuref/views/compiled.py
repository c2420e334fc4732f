"""The catalog compiled for the standard-library core: one JSON file shipped in the package.

``xpuref compile`` writes it to src/xpuref/core/catalog.json from the validated data; a test
fails when the committed file differs from what the data gives. It holds what
``xpuref.lookup`` and ``xpuref.device`` need (names, driver strings with their sources, dense
peaks as stored, memory in bytes, bandwidth, MIG profiles) and the model presets.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from xpuref.core.catalog import CATALOG_SCHEMA
from xpuref.data.dataset import Dataset
from xpuref.data.devices import Device
from xpuref.data.fields import RATE_KEYS
from xpuref.views.lookup import device_names, name_index, published_names

__all__ = ["catalog_json", "catalog_payload", "write_catalog"]


def _device(device: Device) -> dict[str, Any]:
    """One device as the core reads it (figures for the whole record; the core divides)."""
    sources = {source.id: source for source in device.sources}
    found: dict[str, Any] = {
        "name": device.name,
        "vendor": device.vendor,
        "kind": device.kind,
        "visible_devices": device.visible_devices,
        "peak_dense": {k: device.peak_dense[k] for k in RATE_KEYS if k in device.peak_dense},
        "memory_bytes": device.memory.capacity_bytes,
        "usable_memory_bytes": device.memory.usable_bytes,
        "bandwidth_gbs": device.memory.bandwidth_gbs,
        "aliases": list(device.aliases),
        "all_names": device_names(device),
        "driver_names": [
            {
                "name": entry.name,
                "printed_by": entry.printed_by,
                "url": sources[entry.source].url,
                "title": sources[entry.source].title,
                "accessed": sources[entry.source].accessed,
            }
            for entry in device.driver_names
        ],
    }
    if device.mig is not None:
        found["mig"] = {
            "compute_slices": device.mig.compute_slices,
            "profiles": list(device.mig.profiles),
            "url": sources[device.mig.source].url,
        }
    return found


def catalog_payload(ds: Dataset) -> dict[str, Any]:
    """The compiled catalog as plain data."""
    models = {
        model_id: {
            "title": preset.title,
            "architecture": preset.architecture.model_dump(exclude_none=True),
            "published": preset.published.model_dump(exclude_none=True),
        }
        for model_id, preset in sorted(ds.presets.items())
    }
    return {
        "schema": CATALOG_SCHEMA,
        "units": "peak_dense: TFLOPS or TOPS, dense, 2 per MAC, for the whole record (divide "
        "by visible_devices); memory in bytes; bandwidth in GB/s (10^9 bytes/s)",
        "devices": {d.id: _device(d) for d in ds.sorted_devices()},
        "names": published_names(name_index(ds)),
        "compact": published_names(name_index(ds, compact=True)),
        "models": models,
    }


def catalog_json(ds: Dataset) -> str:
    """The compiled catalog as the text of catalog.json (ids and names sorted, one key a line)."""
    return json.dumps(catalog_payload(ds), ensure_ascii=False, indent=0) + "\n"


def write_catalog(ds: Dataset, path: Path) -> bool:
    """Write catalog.json when its text changes; return whether it did."""
    text = catalog_json(ds)
    if path.is_file() and path.read_text(encoding="utf-8") == text:
        return False
    path.write_text(text, encoding="utf-8")
    return True
