"""The README's MFU logger, run as a script with a device name as torch would print it."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

import xpuref
from tests.conftest import ROOT

SCRIPT = ROOT / "examples" / "mfu_logger.py"
LLAMA = ROOT / "tests" / "fixtures" / "hf_configs" / "llama-3.1-8b.json"


def _run(name: str, config: Path, tokens_per_s: float) -> subprocess.CompletedProcess[str]:
    """Run the example in a fresh interpreter."""
    return subprocess.run(
        [sys.executable, str(SCRIPT), name, str(config), str(tokens_per_s)],
        capture_output=True, text=True, check=False, timeout=60,
    )  # fmt: skip


def test_script_is_at_most_ten_lines_and_in_the_readme() -> None:
    """The example stays short, and the README shows the same lines."""
    lines = SCRIPT.read_text(encoding="utf-8").splitlines()
    assert len(lines) <= 10
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert all(line in readme for line in lines[1:])


def test_logger_prints_the_mfu_of_a_fake_h100(tmp_path: Path) -> None:
    """H100 SXM5 at 9,000 tokens/s on Llama 3.1 8B: MFU from 989.5 TFLOPS dense BF16."""
    config = tmp_path / "config.json"
    config.write_text(json.dumps(json.loads(LLAMA.read_text())["config"]))
    done = _run("NVIDIA H100 80GB HBM3", config, 9000)
    assert done.returncode == 0, done.stderr
    shape = xpuref.TransformerConfig.from_hf_config(json.loads(config.read_text()))
    expected = xpuref.model_flops_per_token(shape, seq=4096) * 9000 / 989.5e12
    assert f"MFU {expected:.1%} of 989.5 TFLOPS" in done.stdout
    assert 0.3 < expected < 0.6


@pytest.mark.parametrize("name", ["NVIDIA H100", "NVIDIA H999"])
def test_logger_refuses_names_it_cannot_resolve(tmp_path: Path, name: str) -> None:
    """An ambiguous or unknown device stops the script instead of logging a wrong MFU."""
    config = tmp_path / "config.json"
    config.write_text(json.dumps(json.loads(LLAMA.read_text())["config"]))
    done = _run(name, config, 9000)
    assert done.returncode != 0 and "DeviceError" in done.stderr
