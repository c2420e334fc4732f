"""The browser's one name normaliser (xpuref-page.js) keys names exactly as Python's does, and
the pickers' resolver (resolve.js) picks what xpuref.lookup picks.

It reads the makers' names from the build's xpuref-tables.js, loaded first as on a page.
"""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest
from tests.conftest import ROOT, real_dataset

import xpuref
from xpuref.core.names import DeviceLookupError, normalize_name
from xpuref.render.tables_js import tables_script
from xpuref.views.lookup import lookup_maps

PAGE_JS = ROOT / "site_overrides" / "assets" / "js" / "xpuref-page.js"
RESOLVE_JS = ROOT / "site_overrides" / "assets" / "js" / "resolve.js"
TRICKY = [
    "NVIDIA H100 80GB HBM3",
    "ＮＶＩＤＩＡ　Ｈ100",
    "NVIDIА H100 80GB HBM3",  # Cyrillic A
    "NVIDIA H100\u200b 80GB",
    "AMD Instinct™ MI300X",
    "Intel(R) Gaudi(TM) 3",
    "Ascend910B2",
    "  amd   nvidia  ",
    "Houmo AI Hongtu H30",
    "华为昇腾910C",
    "华为",
    "T-Head (Alibaba) Hanguang 800",
    "Ascend 910 Huawei",
]


def _js_keys(names: list[str], tmp_path: Path) -> list[list[str]]:
    """normalizeName(name, false) and (name, true) for each name, computed under Node."""
    node = shutil.which("node")
    if node is None:
        pytest.fail("node is missing: scripts/setup.sh installs Debian's nodejs")
    given = tmp_path / "names.json"
    given.write_text(json.dumps(names), encoding="utf-8")
    tables = tmp_path / "xpuref-tables.js"
    tables.write_text(tables_script(), encoding="utf-8")
    script = (
        "globalThis.window = globalThis; require(process.argv[3]); require(process.argv[1]);"
        "const names = JSON.parse(require('fs').readFileSync(process.argv[2], 'utf8'));"
        "const f = window.xpurefPage.normalizeName;"
        "process.stdout.write(JSON.stringify(names.map(n => [f(n, false), f(n, true)])));"
    )
    done = subprocess.run(
        [node, "-e", script, str(PAGE_JS), str(given), str(tables)],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    keys: list[list[str]] = json.loads(done.stdout)
    return keys


def test_javascript_normaliser_matches_python(tmp_path: Path) -> None:
    """Every catalog name and alias, alone and after its maker's names, get Python's keys in JS."""
    ds = real_dataset()
    own = {n for d in ds.devices.values() for n in (d.name, *d.aliases)}
    makers = {
        d.id: [v.name, *([v.name_zh] if v.name_zh else [])]
        for d in ds.devices.values()
        for v in [ds.vendors[d.vendor]]
    }
    led = {f"{m} {n}" for d in ds.devices.values() for m in makers[d.id] for n in d.aliases}
    names = sorted(own | led | set(TRICKY))
    got = _js_keys(names, tmp_path)
    want = [[normalize_name(n), normalize_name(n, compact=True)] for n in names]
    mismatched = [(n, g, w) for n, g, w in zip(names, got, want, strict=True) if g != w]
    assert mismatched == []


def _js_resolved(names: list[str], maps: dict[str, object], tmp_path: Path) -> list[str | None]:
    """The SKU id the pickers' resolver (resolve.js) gives each name, or None, under Node."""
    node = shutil.which("node")
    if node is None:
        pytest.fail("node is missing: scripts/setup.sh installs Debian's nodejs")
    given = tmp_path / "given.json"
    given.write_text(json.dumps({"names": names, "lookup": maps}), encoding="utf-8")
    tables = tmp_path / "xpuref-tables.js"
    tables.write_text(tables_script(), encoding="utf-8")
    script = (
        "globalThis.window = globalThis.self = globalThis;"
        "require(process.argv[3]); require(process.argv[1]); require(process.argv[4]);"
        "const given = JSON.parse(require('fs').readFileSync(process.argv[2], 'utf8'));"
        "const r = window.xpurefResolve.resolve;"
        "process.stdout.write(JSON.stringify(given.names.map(n => r(n, given.lookup).id || null)));"
    )
    done = subprocess.run(
        [node, "-e", script, str(PAGE_JS), str(given), str(tables), str(RESOLVE_JS)],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    ids: list[str | None] = json.loads(done.stdout)
    return ids


def _python_resolved(name: str) -> str | None:
    """The SKU id xpuref.lookup gives a name, or None where it raises."""
    try:
        return xpuref.lookup(name).id
    except DeviceLookupError:
        return None


def test_pickers_resolve_every_name_as_python_does(tmp_path: Path) -> None:
    """Every name, alone and after its maker's names, and the family names: the pickers pick
    the SKU xpuref.lookup picks, and none where it raises (families, shared strings)."""
    ds = real_dataset()
    led = {
        f"{maker} {n}"
        for d in ds.devices.values()
        for maker in (ds.vendors[d.vendor].name, ds.vendors[d.vendor].name_zh or "")
        for n in (d.name, *d.aliases)
    }
    own = {n for d in ds.devices.values() for n in (d.name, *d.aliases)}
    # Hyphens written as spaces and spaces dropped meet the compact map only.
    loose = {n.replace("-", " ") for n in own} | {n.replace(" ", "") for n in own}
    names = sorted(led | own | loose)
    names += [
        "Ascend 910B",
        "华为昇腾910B",
        "Intel Gaudi 3",
        "GH200",
        "AMD Instinct MI250X / MI250",
    ]
    got = _js_resolved(names, lookup_maps(ds), tmp_path)
    differ = [(n, g, w) for n, g in zip(names, got, strict=True) if g != (w := _python_resolved(n))]
    assert differ == []
    assert sum(g is not None for g in got) > 1000
