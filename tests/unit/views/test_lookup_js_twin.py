"""The browser's one name normaliser (xpuref-page.js) keys names exactly as Python's does, and
the pickers' resolver (resolve.js) picks what xpuref.lookup picks.

It reads the makers' names from the build's xpuref-tables.js, loaded first as on a page.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from tests.conftest import ROOT, real_dataset
from tests.node import node_json

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


def _run_node(tmp_path: Path, given: object, body: str, *scripts: Path) -> Any:
    """Load the generated tables, then ``scripts``, as a page does, and run ``body`` under Node
    with ``given`` (JSON) as ``given``; return what it prints, parsed as JSON."""
    data = tmp_path / "given.json"
    data.write_text(json.dumps(given), encoding="utf-8")
    tables = tmp_path / "xpuref-tables.js"
    tables.write_text(tables_script(), encoding="utf-8")
    script = (
        "globalThis.window = globalThis.self = globalThis;"
        "process.argv.slice(2).forEach(f => require(f));"
        "const given = JSON.parse(require('fs').readFileSync(process.argv[1], 'utf8'));"
        f"process.stdout.write(JSON.stringify({body}));"
    )
    return node_json("-e", script, str(data), str(tables), *map(str, scripts))


def _js_keys(names: list[str], tmp_path: Path) -> list[list[str]]:
    """normalizeName(name, false) and (name, true) for each name, computed under Node."""
    body = "given.map(n => [0, 1].map(c => window.xpurefPage.normalizeName(n, Boolean(c))))"
    keys: list[list[str]] = _run_node(tmp_path, names, body, PAGE_JS)
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
    body = "given.names.map(n => window.xpurefResolve.resolve(n, given.lookup).id || null)"
    given = {"names": names, "lookup": maps}
    ids: list[str | None] = _run_node(tmp_path, given, body, PAGE_JS, RESOLVE_JS)
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
        "instance-type: trn1.2xlarge",
        "trn1n.32xlarge",
        "AWS trn2u-ac.24xlarge",
        "inf2.48xlarge",
        "p5.48xlarge",
        "trn9.2xlarge",
        "Pcie Ultra",
        "PCIe Ultra Plus",
        "Enflame T20",
        "RG800-PRO",
        "R200-8FS",
        "Z100L",
    ]
    got = _js_resolved(names, lookup_maps(ds), tmp_path)
    differ = [(n, g, w) for n, g in zip(names, got, strict=True) if g != (w := _python_resolved(n))]
    assert differ == []
    assert sum(g is not None for g in got) > 1000


def test_pickers_list_the_family_for_an_unrecognised_board(tmp_path: Path) -> None:
    """A driver's placeholder for a board it cannot name ('MLU370-UNKNOWN') gets the same
    candidates in the pickers as from xpuref.lookup: every catalogued board of its family."""
    names = ["MLU370-UNKNOWN", "寒武纪 MLU370-UNKNOWN", "MLU270 unknown", "MLU590-UNKNOWN"]
    body = "given.names.map(n => window.xpurefResolve.resolve(n, given.lookup).candidates)"
    given = {"names": names, "lookup": lookup_maps(real_dataset())}
    got = _run_node(tmp_path, given, body, PAGE_JS, RESOLVE_JS)
    want = []
    for name in names:
        with pytest.raises(DeviceLookupError) as found:
            xpuref.lookup(name)
        want.append(found.value.candidates)
    assert got == want
    assert [len(ids) for ids in want] == [4, 4, 2, 0]
