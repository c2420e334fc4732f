"""The browser's one name normaliser (xpuref-page.js) keys names exactly as Python's does."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest
from tests.conftest import ROOT, real_dataset

from xpuref.core.names import normalize_name

PAGE_JS = ROOT / "site_overrides" / "assets" / "js" / "xpuref-page.js"
TRICKY = [
    "NVIDIA H100 80GB HBM3",
    "ＮＶＩＤＩＡ　Ｈ100",
    "NVIDIА H100 80GB HBM3",  # Cyrillic A
    "NVIDIA H100\u200b 80GB",
    "AMD Instinct™ MI300X",
    "Intel(R) Gaudi(TM) 3",
    "Ascend910B2",
    "  amd   nvidia  ",
]


def _js_keys(names: list[str], tmp_path: Path) -> list[list[str]]:
    """normalizeName(name, false) and (name, true) for each name, computed under Node."""
    node = shutil.which("node")
    if node is None:
        pytest.fail("node is missing: scripts/setup.sh installs Debian's nodejs")
    given = tmp_path / "names.json"
    given.write_text(json.dumps(names), encoding="utf-8")
    script = (
        "globalThis.window = globalThis; require(process.argv[1]);"
        "const names = JSON.parse(require('fs').readFileSync(process.argv[2], 'utf8'));"
        "const f = window.xpurefPage.normalizeName;"
        "process.stdout.write(JSON.stringify(names.map(n => [f(n, false), f(n, true)])));"
    )
    done = subprocess.run(
        [node, "-e", script, str(PAGE_JS), str(given)],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    keys: list[list[str]] = json.loads(done.stdout)
    return keys


def test_javascript_normaliser_matches_python(tmp_path: Path) -> None:
    """Every catalog name and alias, and a few tricky strings, get Python's keys in JS."""
    ds = real_dataset()
    names = sorted({n for d in ds.devices.values() for n in (d.name, *d.aliases)} | set(TRICKY))
    got = _js_keys(names, tmp_path)
    want = [[normalize_name(n), normalize_name(n, compact=True)] for n in names]
    mismatched = [(n, g, w) for n, g, w in zip(names, got, want, strict=True) if g != w]
    assert mismatched == []
