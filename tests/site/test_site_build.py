"""Tests for the built site: every device page, the published JSON and CSV, atomic builds."""

from __future__ import annotations

import csv
import io
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from tests.conftest import ROOT, BuiltSite, make_data_dir, run_xpuref

from xpuref.data.dataset import load_dataset
from xpuref.data.fields import RATE_KEYS
from xpuref.data.paths import DATA_DIR
from xpuref.render.tables_js import TABLES_JS_PATH, tables_script
from xpuref.site.page_scripts import PAGE_BUNDLE_PATH, PAGE_SCRIPTS, join_scripts

pytestmark = pytest.mark.site


def _devices(site: BuiltSite) -> list[dict[str, object]]:
    """The device list of the published JSON."""
    body = json.loads((site.root / "data/devices.json").read_text())
    devices: list[dict[str, object]] = body["devices"]
    return devices


def test_json_envelope(built_site: BuiltSite) -> None:
    """devices.json has the documented envelope and one entry per data file."""
    body = json.loads((built_site.root / "data/devices.json").read_text())
    assert body["schema_version"] == 2
    assert isinstance(body["data_version"], str) and body["data_version"]
    catalog = load_dataset(DATA_DIR)
    assert sorted(d["id"] for d in body["devices"]) == sorted(catalog.devices)


REQUIRED = {
    "id",
    "name",
    "vendor",
    "kind",
    "architecture",
    "form_factor",
    "launch_year",
    "memory_gb",
    "memory_bandwidth_gbs",
    "tdp_w",
    "die_area_mm2",
    "peak_dense",
    "sparsity_factor",
    "url",
    "sources",
    "derived",
    "export_control",
    "anchors",
}


def test_every_device_page_matches_json(built_site: BuiltSite) -> None:
    """Each device has its page with its name, every advertised anchor and its sources."""
    catalog = load_dataset(DATA_DIR)
    for record in _devices(built_site):
        assert set(record) >= REQUIRED, REQUIRED - set(record)
        device = catalog.devices[str(record["id"])]
        assert record["url"] == f"devices/{device.id}/"
        html = (built_site.root / "devices" / device.id / "index.html").read_text()
        # the heading's visible text is the name; hidden search words may follow it
        assert f'<h1 id="device-title">{device.name.replace("&", "&amp;")}<' in html
        anchors = record["anchors"]
        assert isinstance(anchors, list) and anchors
        for anchor in anchors:
            assert f'id="{anchor}"' in html, (device.id, anchor)
        for source in device.sources:
            assert f'id="source-{source.id}"' in html
        peak = record["peak_dense"]
        assert isinstance(peak, dict)
        assert peak == {key: device.peak_dense.get(key) for key in RATE_KEYS}


def test_dense_and_sparse_stay_apart(built_site: BuiltSite) -> None:
    """Derived sparse rates equal factor x dense; dense fields hold the stored dense rate."""
    for record in _devices(built_site):
        factor = record["sparsity_factor"]
        derived = record["derived"]
        peak = record["peak_dense"]
        assert isinstance(derived, dict) and isinstance(peak, dict)
        sparse = derived.get("sparse") or {}
        if factor is None:
            assert not sparse
        for key, value in sparse.items():
            assert value == pytest.approx(peak[key] * factor)


def test_csv_matches_json(built_site: BuiltSite) -> None:
    """devices.csv has a row per device with the same figures as the JSON."""
    rows = list(csv.DictReader(io.StringIO((built_site.root / "data/devices.csv").read_text())))
    records = {str(r["id"]): r for r in _devices(built_site)}
    assert len(rows) == len(records)
    for row in rows:
        record = records[row["id"]]
        peak = record["peak_dense"]
        assert isinstance(peak, dict)
        expected = peak["bf16_matrix"]
        assert row["peak_dense_bf16_matrix"] == ("" if expected is None else str(expected))
        assert row["url"] == record["url"]


def test_catalog_links_every_device(built_site: BuiltSite) -> None:
    """The catalog table links each device page with a relative address."""
    html = (built_site.root / "devices/index.html").read_text()
    for record in _devices(built_site):
        assert f'href="{record["id"]}/"' in html


def test_device_pages_not_in_nav(built_site: BuiltSite) -> None:
    """Device pages stay out of the navigation, so page weight does not grow with the catalog."""
    html = (built_site.root / "index.html").read_text()
    some = _devices(built_site)[0]["id"]
    assert f"devices/{some}/" not in html


def test_invalid_data_leaves_site_untouched(tmp_path: Path) -> None:
    """A build from broken data exits 1, names the problem and keeps the old site."""
    data = make_data_dir(tmp_path / "data")
    file = data / "devices/nvidia/nvidia-h100-sxm5-80gb.yaml"
    file.write_text(file.read_text().replace("fp32: 66.9", "fp32: .nan"))
    out = tmp_path / "site"
    out.mkdir()
    (out / "index.html").write_text("old site")
    done = run_xpuref("build", "--out", str(out), XPUREF_DATA=str(data))
    assert done.returncode == 1
    assert "peak_dense.fp32: '.nan': must be a finite number" in done.stderr
    assert "Traceback" not in done.stderr
    assert (out / "index.html").read_text() == "old site"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["data", "site"]


def test_mkdocs_build_refuses_invalid_data(tmp_path: Path) -> None:
    """Plain `mkdocs build` stops in on_config, before writing anything."""
    data = make_data_dir(tmp_path / "data")
    (data / "architectures.yaml").write_text("- id: [\n")
    out = tmp_path / "site"
    done = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "-f", str(ROOT / "mkdocs.yml"), "-d", str(out)],
        cwd=ROOT,
        env={**os.environ, "XPUREF_DATA": str(data)},
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 1
    assert re.search(r"data/architectures\.yaml:\d+: \(file\): invalid YAML", done.stderr)
    assert not out.exists()


def test_no_broken_internal_links(built_site: BuiltSite) -> None:
    """Every internal link and anchor of the online build resolves."""
    from xpuref.devtools.linkcheck import check_site

    assert [str(b) for b in check_site(built_site.root)] == []


def test_no_broken_links_in_offline_bundle(offline_bundle: Path) -> None:
    """Every internal link and anchor of the unzipped offline bundle resolves from file://."""
    from xpuref.devtools.linkcheck import check_site

    assert [str(b) for b in check_site(offline_bundle, offline=True)] == []


def test_pages_load_the_page_scripts_as_one_file(built_site: BuiltSite) -> None:
    """The site ships the joined page scripts (no part on its own) and each page loads them once."""
    shipped = {p.name for p in (built_site.root / "assets" / "js").glob("*.js")}
    assert shipped == {"xpuref.js", "xpuref-find.js"}
    joined = (built_site.root / PAGE_BUNDLE_PATH).read_text(encoding="utf-8")
    assert [joined.index(f"/* {part} */") for part in PAGE_SCRIPTS] == sorted(
        joined.index(f"/* {part} */") for part in PAGE_SCRIPTS
    )
    assert "globalThis.xpurefTables = Object.freeze(" in joined
    # The shipped file is the sources the fast tier and the golden vectors check, joined as they
    # are: the calc port in the browser is byte for byte the one checked against Python.
    sources = {
        part: (ROOT / "site_overrides" / part).read_text(encoding="utf-8")
        for part in PAGE_SCRIPTS
        if part != TABLES_JS_PATH
    }
    assert joined == join_scripts({**sources, TABLES_JS_PATH: tables_script()})
    for html in ("index.html", "zh/calculators/llm/index.html", "devices/index.html"):
        text = (built_site.root / html).read_text(encoding="utf-8")
        assert re.findall(r'<script src="[^"]*assets/js/[^"]*"', text) == [
            f'<script src="{"../" * html.count("/")}{PAGE_BUNDLE_PATH}"'
        ], html
