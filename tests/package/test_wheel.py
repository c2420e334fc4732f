"""A wheel built from a clean checkout installs alone into a fresh venv and gives the right peak."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from tests.conftest import ROOT

pytestmark = pytest.mark.package

PROBE = """
import json, sys
import xpuref
peak = xpuref.lookup("NVIDIA H100 80GB HBM3").peak("bf16", unit="matrix")
heavy = [m for m in ("pydantic", "yaml", "jinja2", "mkdocs") if m in sys.modules]
print(json.dumps({"peak": peak, "heavy": heavy, "file": xpuref.__file__}))
"""


def _run(*args: str | Path, cwd: Path) -> str:
    """Run a command, fail the test with its output when it fails, return stdout."""
    done = subprocess.run(
        [str(a) for a in args], cwd=cwd, capture_output=True, text=True, check=False,
        timeout=600, env={"PATH": "/usr/bin:/bin", "PIP_DISABLE_PIP_VERSION_CHECK": "1"},
    )  # fmt: skip
    assert done.returncode == 0, f"{args}: {done.stdout}\n{done.stderr}"
    return done.stdout


def _packages(python: Path, cwd: Path) -> set[str]:
    """Distribution names installed in a venv."""
    listed = json.loads(_run(python, "-m", "pip", "list", "--format=json", cwd=cwd))
    return {entry["name"].lower() for entry in listed}


def test_wheel_from_clean_checkout_installs_alone(tmp_path: Path) -> None:
    """git clone, pip wheel, fresh venv, pip install: only xpuref is added; H100 BF16 is 989.5."""
    if shutil.which("git") is None:
        pytest.fail("git is needed to clone the checkout")
    clone = tmp_path / "clone"
    _run("git", "clone", "--quiet", "--no-local", ROOT, clone, cwd=tmp_path)
    wheels = tmp_path / "wheels"
    _run(sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "--no-build-isolation",
         "-w", wheels, clone, cwd=tmp_path)  # fmt: skip
    (wheel,) = wheels.glob("xpuref-*.whl")
    names = zipfile.ZipFile(wheel).namelist()
    assert "xpuref/core/catalog.json" in names and "xpuref/py.typed" in names
    requires = [
        line
        for line in zipfile.ZipFile(wheel)
        .read(next(n for n in names if n.endswith("METADATA")))
        .decode()
        .splitlines()
        if line.startswith("Requires-Dist:")
    ]
    assert requires and all("extra ==" in line for line in requires), requires
    venv = tmp_path / "venv"
    _run(sys.executable, "-m", "venv", venv, cwd=tmp_path)
    python = venv / "bin" / "python"
    before = _packages(python, tmp_path)
    _run(python, "-m", "pip", "install", "--quiet", "--no-index", wheel, cwd=tmp_path)
    assert _packages(python, tmp_path) - before == {"xpuref"}
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    found = json.loads(_run(python, "-c", PROBE, cwd=elsewhere))
    assert found["peak"] == 989.5
    assert found["heavy"] == []
    assert str(venv) in found["file"]
    command = venv / "bin" / "xpuref"
    assert "989.5 TFLOPS" in _run(command, "lookup", "NVIDIA H100 80GB HBM3", cwd=elsewhere)
    refused = subprocess.run(
        [str(command), "validate"], cwd=elsewhere, capture_output=True, text=True, check=False
    )
    assert refused.returncode == 1 and "pip install 'xpuref[site]'" in refused.stderr
    assert "Traceback" not in refused.stderr
