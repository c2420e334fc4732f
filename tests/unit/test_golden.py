"""The JavaScript port of xpuref.calc gives the Python module's numbers on every golden case."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest
from tests.conftest import ROOT

from xpuref.devtools.golden import golden_vectors

CHECKER = ROOT / "tests" / "js" / "check_golden.mjs"

#: Every function the port must offer, each with at least one golden case.
PORTED = {
    "dtype_bytes", "tensor_bytes", "conv2d", "linear", "transformer_params",
    "transformer_forward", "model_cost", "training_flops", "megatron_iteration_flops",
    "training_time", "weights_bytes", "kv_cache_bytes", "training_state_bytes",
    "activation_bytes_per_layer", "gemm_intensity", "ridge_point", "attainable_flops",
    "roofline_time", "tpp", "device_tpp", "performance_density", "classify", "device_derived",
    "gb_to_gib", "gib_to_gb", "tflops_to_flops", "flops_to_tflops",
}  # fmt: skip


@pytest.fixture(scope="module")
def vectors() -> dict[str, object]:
    """The golden vectors, generated once for this module."""
    return golden_vectors()


def _node() -> str:
    """Return the node executable; fail in CI and skip elsewhere when it is missing."""
    found = shutil.which("node")
    if found is None:
        if os.environ.get("CI"):
            pytest.fail("node is missing in CI; the JavaScript port cannot be checked")
        pytest.skip("node is not installed")
    return found


def test_vectors_cover_every_ported_function(vectors: dict[str, object]) -> None:
    """Each ported function has passing cases, and each argument-checking one has error cases."""
    cases = vectors["cases"]
    assert isinstance(cases, list)
    assert 300 <= len(cases) == vectors["count"]
    ok = {case["fn"] for case in cases if "expect" in case}
    refused = {case["fn"] for case in cases if "error" in case}
    assert ok == PORTED
    assert refused == PORTED - {"device_derived"}


def test_vectors_are_plain_json(vectors: dict[str, object]) -> None:
    """The vectors serialise without NaN or Infinity and round-trip unchanged."""
    text = json.dumps(vectors, allow_nan=False)
    assert json.loads(text) == vectors


def test_error_cases_name_an_argument(vectors: dict[str, object]) -> None:
    """Every error case names the argument the JavaScript error must carry."""
    cases = vectors["cases"]
    assert isinstance(cases, list)
    names = [case["error"] for case in cases if "error" in case]
    assert len(names) > 150
    assert all(re.fullmatch(r"[a-z_][a-z0-9_.]*(\[[^\]]+\])?", name) for name in names)


def test_javascript_port_matches_python(vectors: dict[str, object], tmp_path: Path) -> None:
    """node checks every case against xpuref-calc.js within a relative 1e-9."""
    node = _node()
    path = tmp_path / "golden.json"
    path.write_text(json.dumps(vectors, allow_nan=False), encoding="utf-8")
    done = subprocess.run(
        [node, str(CHECKER), str(path)],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-4000:]
    assert f"checked {vectors['count']} cases, 0 failures" in done.stdout
