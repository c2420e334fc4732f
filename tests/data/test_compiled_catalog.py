"""The catalog shipped in the package is exactly what the data compiles to."""

from __future__ import annotations

from pathlib import Path

from tests.conftest import REAL_DATA

from xpuref.core.catalog import CATALOG_FILE, load_catalog
from xpuref.views.checked import load_checked
from xpuref.views.compiled import catalog_json


def test_committed_catalog_is_current() -> None:
    """src/xpuref/core/catalog.json equals a fresh compile of data/ (else: `xpuref compile`)."""
    fresh = catalog_json(load_checked(REAL_DATA))
    committed = Path(CATALOG_FILE).read_text(encoding="utf-8")
    assert committed == fresh, (
        "src/xpuref/core/catalog.json is stale: run `.venv/bin/xpuref compile` and commit it"
    )


def test_catalog_holds_every_device_and_preset() -> None:
    """Every device and model preset of the data reaches the core."""
    ds = load_checked(REAL_DATA)
    catalog = load_catalog()
    assert {d.id for d in catalog.devices()} == set(ds.devices)
    assert set(catalog.models()) == set(ds.presets)
