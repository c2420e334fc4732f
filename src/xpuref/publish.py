"""The published data interface: devices.json and devices.csv (never rename a key)."""

from __future__ import annotations

import csv
import io
import json
from typing import Any

from xpuref.catalog import Catalog
from xpuref.memo import per_object
from xpuref.schema import PEAK_KEYS, Device
from xpuref.spec import spec_rows
from xpuref.version import DataVersion

__all__ = ["CSV_COLUMNS", "SCHEMA_VERSION", "device_record", "devices_csv", "devices_json"]

SCHEMA_VERSION = 1

CSV_COLUMNS: tuple[str, ...] = (
    "id",
    "name",
    "vendor",
    "kind",
    "architecture",
    "form_factor",
    "scope",
    "launch_date",
    "launch_year",
    "status",
    "memory_gb",
    "memory_type",
    "memory_bandwidth_gbs",
    "tdp_w",
    "die_area_mm2",
    "transistors_billion",
    "scale_up_bandwidth_gbs",
    "sparsity_factor",
    *(f"peak_dense_{k}" for k in PEAK_KEYS),
    "url",
)


def device_url(device_id: str) -> str:
    """Relative address of a device page, from the site root."""
    return f"devices/{device_id}/"


def device_record(device: Device, catalog: Catalog) -> dict[str, Any]:
    """One device as published: raw fields, flattened basics, sources, derived figures.

    Computed once per device object; the top level is a fresh dict, nested values are shared
    and must be treated as read-only.
    """
    return dict(per_object("record", device, lambda: _record(device, catalog)))


def _record(device: Device, catalog: Catalog) -> dict[str, Any]:
    """Build one device's published record."""
    from xpuref.derive import derived_for, export_for

    arch = catalog.architectures[device.architecture]
    return {
        "id": device.id,
        "name": device.name,
        "vendor": device.vendor,
        "vendor_name": catalog.vendors[device.vendor].name,
        "kind": device.kind,
        "architecture": device.architecture,
        "architecture_name": arch.name,
        "form_factor": device.form_factor,
        "scope": device.scope,
        "launch_date": device.launch_date,
        "launch_year": device.launch_year,
        "status": device.status,
        "aliases": list(device.aliases),
        "former_ids": list(device.former_ids),
        "process_node": device.process_node,
        "die_area_mm2": device.die_area_mm2,
        "transistors_billion": device.transistors_billion,
        "memory_gb": device.memory.capacity_gb,
        "memory_type": device.memory.type,
        "memory_bus_width_bits": device.memory.bus_width_bits,
        "memory_bandwidth_gbs": device.memory.bandwidth_gbs,
        "tdp_w": device.power.tdp_w,
        "power_term": device.power.term,
        "interconnect": device.interconnect.model_dump(),
        "peak_dense": device.peak_dense.model_dump(),
        "sparsity_factor": device.sparsity_factor,
        "accumulate": {k: v.model_dump() for k, v in device.accumulate.items()},
        "alternatives": [a.model_dump() for a in device.alternatives],
        "notes": device.notes,
        "url": device_url(device.id),
        "anchors": [row.anchor for row in spec_rows(device)],
        "sources": [s.model_dump() for s in device.sources],
        "derived": derived_for(device),
        "export_control": export_for(device),
    }


def devices_json(catalog: Catalog, version: DataVersion) -> str:
    """The whole catalog as JSON, keys sorted so builds are byte-identical."""
    body = {
        "schema_version": SCHEMA_VERSION,
        "data_version": version.label,
        "data_date": version.date,
        "devices": [device_record(d, catalog) for d in catalog.sorted_devices()],
    }
    return json.dumps(body, indent=1, sort_keys=True, ensure_ascii=False) + "\n"


def devices_csv(catalog: Catalog) -> str:
    """The flat columns of every device as CSV (one row per device)."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(CSV_COLUMNS)
    for device in catalog.sorted_devices():
        record = device_record(device, catalog)
        flat = {
            **record,
            "scale_up_bandwidth_gbs": record["interconnect"]["scale_up_bandwidth_gbs"],
        }
        for key in PEAK_KEYS:
            flat[f"peak_dense_{key}"] = record["peak_dense"][key]
        writer.writerow(["" if flat[c] is None else flat[c] for c in CSV_COLUMNS])
    return out.getvalue()
