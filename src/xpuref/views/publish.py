"""The published data interface: devices.json (with systems) and devices.csv; keys never renamed."""

from __future__ import annotations

import csv
import io
from typing import Any

from xpuref.calc import formula_text
from xpuref.data.dataset import Dataset
from xpuref.data.devices import Device
from xpuref.data.fields import RATE_KEYS
from xpuref.data.provenance import figure_paths
from xpuref.data.version import DataVersion
from xpuref.views.chinese_names import chinese_name
from xpuref.views.coverage import SourceShare, device_share, overall_share, traces_to_vendor
from xpuref.views.derive import derived_for, export_for
from xpuref.views.export_view import export_record
from xpuref.views.jsondoc import json_document
from xpuref.views.measured import achieved_bf16, measured_rows
from xpuref.views.spec import device_spec_rows
from xpuref.views.systems import system_record

__all__ = [
    "BASIS_COLUMNS",
    "CSV_COLUMNS",
    "DATA_LICENSE",
    "DATA_LICENSE_NAME",
    "DATA_LICENSE_URL",
    "SCHEMA_VERSION",
    "csv_cell",
    "derivation_record",
    "device_record",
    "devices_csv",
    "devices_json",
]

SCHEMA_VERSION = 2

#: Figure paths with a basis and the CSV column whose basis column follows ``<column>_basis``.
BASIS_COLUMNS: dict[str, str] = {
    "memory.capacity": "memory_gb",
    "memory.bandwidth_gbs": "memory_bandwidth_gbs",
    "power.tdp_w": "tdp_w",
    "interconnect.scale_up_bandwidth_gbs": "scale_up_bandwidth_gbs",
    **{f"peak_dense.{k}": f"peak_dense_{k}" for k in RATE_KEYS},
}

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
    "market",
    "chips_per_package",
    "memory_gb",
    "memory_unit",
    "memory_bytes",
    "memory_gb_total",
    "memory_bytes_total",
    "memory_type",
    "memory_bandwidth_gbs",
    "tdp_w",
    "die_area_mm2",
    "die_area_max_mm2",
    "transistors_billion",
    "scale_up_bandwidth_gbs",
    "sparsity_factor",
    *(f"peak_dense_{k}" for k in RATE_KEYS),
    "url",
    "achieved_bf16_gemm_tflops",
    *(f"{column}_basis" for column in BASIS_COLUMNS.values()),
)


def device_url(device_id: str) -> str:
    """Relative address of a device page, from the site root."""
    return f"devices/{device_id}/"


def _times(value: float | None, count: int) -> float | None:
    """A per-chip figure times the chips of a card (None stays None)."""
    return None if value is None else value * count


def device_record(device: Device, catalog: Dataset) -> dict[str, Any]:
    """One device as published: raw fields, flattened basics, sources, derived figures.

    Computed once per device object; the top level is a fresh dict, nested values are shared
    and must be treated as read-only.
    """
    return dict(catalog.remember("record", device.id, lambda: _record(device, catalog)))


def _record(device: Device, catalog: Dataset) -> dict[str, Any]:
    """Build one device's published record."""
    arch = catalog.architectures[device.architecture]
    achieved = achieved_bf16(catalog, device.id)
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
        "market": device.market,
        "chips_per_package": device.chips_per_package,
        "dies": device.dies,
        "visible_devices": device.visible_devices,
        "name_zh": chinese_name(device, catalog.vendors[device.vendor]),
        "die": device.die,
        "aliases": list(device.aliases),
        "former_ids": list(device.former_ids),
        "process_node": device.process_node,
        "die_area_mm2": device.die_area_mm2,
        "die_area_max_mm2": device.die_area_max_mm2,
        "transistors_billion": device.transistors_billion,
        "memory_gb": device.memory.capacity,
        "memory_unit": device.memory.capacity_unit,
        "memory_bytes": device.memory.capacity_bytes,
        # A card or package of several chips: its whole memory beside the per-chip figure.
        "memory_gb_total": _times(device.memory.capacity, device.chips_per_package),
        "memory_bytes_total": _times(device.memory.capacity_bytes, device.chips_per_package),
        "memory_usable_bytes": device.memory.usable_bytes,
        "memory_on_chip": device.memory.on_chip,
        "memory_type": device.memory.type,
        "memory_bus_width_bits": device.memory.bus_width_bits,
        "memory_bandwidth_gbs": device.memory.bandwidth_gbs,
        "tdp_w": device.power.tdp_w,
        "power_term": device.power.term,
        "power_scope": device.power.scope,
        "interconnect": device.interconnect.model_dump(),
        "peak_dense": {key: device.peak_dense.get(key) for key in RATE_KEYS},
        "sparsity_factor": device.sparsity_factor,
        "accumulate": {k: v.model_dump() for k, v in device.accumulate.items()},
        "alternatives": [a.model_dump() for a in device.alternatives],
        "provenance": {path: device.basis_of(path) for path in figure_paths(device)},
        "quotes": {
            path: [q.model_dump(exclude_none=True) for q in device.quotes_for(path)]
            for path in device.quotes
        },
        "derivations": {path: derivation_record(device, path) for path in device.derive},
        "notes": device.notes,
        "url": device_url(device.id),
        "anchors": [row.anchor for row in device_spec_rows(device, catalog)],
        "sources": [_source(device, i, catalog) for i in range(len(device.sources))],
        "gaps": dict(device.gaps),
        "source_shares": _shares(device_share(device, catalog)),
        "derived": derived_for(device, catalog),
        "export_control": export_for(device, catalog),
        "export_detail": export_record(device, catalog),
        "systems": [s.id for s in catalog.systems_with(device.id)],
        "measured": [row.plain() for row in measured_rows(catalog, device.id)],
        "achieved_bf16_gemm_tflops": None if achieved is None else achieved.value,
    }


def derivation_record(device: Device, path: str) -> dict[str, Any]:
    """A derived figure as published: formula, its text with the inputs, each input's source."""
    derivation = device.derive[path]
    values = {name: given.value for name, given in derivation.inputs.items()}
    return {
        "formula": derivation.formula,
        "text": formula_text(derivation.formula, values),
        "inputs": {
            name: given.model_dump(exclude_none=True) for name, given in derivation.inputs.items()
        },
        "note": derivation.note,
    }


def _source(device: Device, index: int, ds: Dataset) -> dict[str, Any]:
    """A source as published: the page read, its publisher, tier and what it cites."""
    source = device.sources[index]
    pub = ds.registry.lookup(source.url)
    return {
        **source.model_dump(),
        "publisher": pub.name if pub else None,
        "tier": ds.registry.tier_for(source.url, device.vendor),
        "traces_to_vendor": traces_to_vendor(device, index, ds),
    }


def _shares(share: SourceShare) -> dict[str, Any]:
    """Counts and percentages of figures with a citable source and traced to a vendor document."""
    return {
        "figures": share.figures,
        "citable": share.citable,
        "vendor_traced": share.vendor_traced,
        "citable_percent": round(share.percent(share.citable), 1),
        "vendor_traced_percent": round(share.percent(share.vendor_traced), 1),
        "basis_figures": share.basis_figures,
        "derived": share.derived,
        "quoted": share.quoted,
        "quoted_percent": round(100.0 * share.quoted / share.quotable, 1)
        if share.quotable
        else 100.0,
    }


#: The published data's licence: SPDX identifier, name and text.
DATA_LICENSE = "CC-BY-4.0"
DATA_LICENSE_NAME = "CC BY 4.0"
DATA_LICENSE_URL = "https://creativecommons.org/licenses/by/4.0/"


def devices_json(catalog: Dataset, version: DataVersion) -> str:
    """The whole catalog as JSON, keys sorted so builds are byte-identical."""
    body = {
        "schema_version": SCHEMA_VERSION,
        "license": DATA_LICENSE,
        "data_version": version.label,
        "data_date": version.date,
        "devices": [device_record(d, catalog) for d in catalog.sorted_devices()],
        "systems": [system_record(s, catalog) for s in catalog.sorted_systems()],
        "source_shares": _shares(overall_share(catalog)),
    }
    return json_document(body)


def csv_cell(value: Any) -> Any:
    """A CSV cell that a spreadsheet will not run: text starting =, +, -, @, tab or CR is quoted.

    Following the OWASP guidance on CSV injection, such text gets a leading apostrophe;
    numbers are written as they are, and the JSON keeps every value exact.
    """
    if value is None:
        return ""
    if isinstance(value, str) and value[:1] in ("=", "+", "-", "@", "\t", "\r"):
        return "'" + value
    return value


def devices_csv(catalog: Dataset) -> str:
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
        for key in RATE_KEYS:
            flat[f"peak_dense_{key}"] = record["peak_dense"][key]
        for path, column in BASIS_COLUMNS.items():
            flat[f"{column}_basis"] = record["provenance"].get(path)
        writer.writerow([csv_cell(flat[c]) for c in CSV_COLUMNS])
    return out.getvalue()
