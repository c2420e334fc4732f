"""Tests for the xpuref command line: exit codes and output of validate."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from xpuref.cli import main


def test_validate_ok(data_copy: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Clean data exits 0 with a one-line summary."""
    assert main(["validate", "--data", str(data_copy)]) == 0
    out = capsys.readouterr().out
    vendors = len(yaml.safe_load((data_copy / "vendors.yaml").read_text()))
    assert out.startswith(f"ok: 1 devices, 1 architectures, {vendors} vendors")


def test_validate_reports_and_exits_1(data_copy: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Bad data exits 1 and prints FILE:LINE: field: message lines."""
    file = data_copy / "devices/nvidia/nvidia-h100-sxm5-80gb.yaml"
    file.write_text(file.read_text().replace("fp32: 66.9", "fp32: -1"))
    assert main(["validate", "--data", str(data_copy)]) == 1
    err = capsys.readouterr().err.splitlines()
    assert err[0].startswith("data/devices/nvidia/nvidia-h100-sxm5-80gb.yaml:")
    assert ": peak_dense.fp32: " in err[0]
    assert err[-1].startswith("1 problem found")


def test_validate_subprocess_has_no_traceback(data_copy: Path) -> None:
    """Run as a program on broken YAML: exit 1, a located message, no traceback."""
    file = data_copy / "devices/nvidia/nvidia-h100-sxm5-80gb.yaml"
    file.write_text("id: [unclosed\n")
    done = subprocess.run(
        [sys.executable, "-m", "xpuref.cli", "validate", "--data", str(data_copy)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 1
    assert "Traceback" not in done.stderr
    assert "nvidia-h100-sxm5-80gb.yaml:2: (file): invalid YAML" in done.stderr
