"""The core path imports the standard library only, and a lookup works from the package file."""

from __future__ import annotations

import json
import subprocess
import sys

from tests.conftest import ROOT

PROBE = """
import json, sys
import xpuref
found = xpuref.lookup("NVIDIA H100 80GB HBM3")
device = xpuref.device("amd-instinct-mi250x-oam-128gb")
heavy = sorted(m for m in ("pydantic", "pydantic_core", "yaml", "jinja2", "markupsafe",
                           "mkdocs", "material", "plotly") if m in sys.modules)
print(json.dumps({"bf16": found.peak("bf16", unit="matrix"), "heavy": heavy,
                  "mi250x": device.visible_devices, "calc": "xpuref.calc" in sys.modules}))
"""


def test_import_and_lookup_load_no_third_party_package() -> None:
    """import xpuref, lookup, device: no pydantic, YAML, Jinja, MkDocs or plotly is imported."""
    env = {"PATH": "/usr/bin:/bin", "PYTHONSAFEPATH": "1"}
    done = subprocess.run(
        [sys.executable, "-c", PROBE], capture_output=True, text=True, check=False, env=env,
        cwd=ROOT / "tests",
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    found = json.loads(done.stdout)
    assert found == {"bf16": 989.5, "heavy": [], "mi250x": 2, "calc": False}
