"""The JavaScript port of xpuref.calc gives Python's answer on every golden case, under Node."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from tests.conftest import ROOT
from tests.node import node_json
from tests.unit.devtools.test_golden import EXCLUDED

from xpuref import calc
from xpuref.data.dataset import Dataset
from xpuref.devtools.golden import golden_vectors
from xpuref.render.tables_js import tables_script

CALC_JS = ROOT / "site_overrides" / "assets" / "js" / "xpuref-calc.js"
RUNNER_JS = ROOT / "tests" / "js" / "run_golden.js"


def run_node_check(calc_js: Path, vectors: dict[str, Any], work: Path) -> dict[str, Any]:
    """Check one copy of xpuref-calc.js against golden vectors in Node and return its report."""
    golden = work / "golden.json"
    golden.write_text(json.dumps(vectors, allow_nan=False), encoding="utf-8")
    tables = work / "xpuref-tables.js"
    tables.write_text(tables_script(), encoding="utf-8")
    report: dict[str, Any] = node_json(
        str(RUNNER_JS), str(tables), str(calc_js), str(golden), timeout=120
    )
    return report


@pytest.fixture(scope="module")
def vectors(dataset: Dataset) -> dict[str, Any]:
    """The golden vectors, generated once for this module."""
    return golden_vectors(dataset)


@pytest.fixture(scope="module")
def report(vectors: dict[str, Any], tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """The Node run of the real xpuref-calc.js against the vectors."""
    return run_node_check(CALC_JS, vectors, tmp_path_factory.mktemp("golden"))


def test_javascript_port_matches_python(report: dict[str, Any], vectors: dict[str, Any]) -> None:
    """Every golden case agrees within a relative 1e-9, errors naming the same argument."""
    assert report["checked"] == vectors["count"] > 900
    assert report["failures"] == []


def test_every_javascript_export_has_a_python_twin(report: dict[str, Any]) -> None:
    """A function or constant exported by xpuref-calc.js without a calc twin fails."""
    exported = set(report["exported"]) - {"CalcError"}
    assert exported <= set(calc.__all__), exported - set(calc.__all__)
    for name, value in report["constants"].items():
        assert value == json.loads(json.dumps(getattr(calc, name))), name


def test_python_functions_without_javascript_are_only_the_excluded_ones(
    report: dict[str, Any],
) -> None:
    """Each ported Python function exists in JavaScript; the rest are listed with a reason."""
    python_only = {name for name in calc.__all__ if name not in set(report["exported"])}
    assert python_only <= set(EXCLUDED) | {"GIB", "MODEL_KINDS"}, python_only - set(EXCLUDED)


@pytest.mark.parametrize(
    ("old", "new"),
    [
        # a drifting formula: attention's 2 FLOPs per MAC becomes 1
        ("* 2 *", "* 1 *"),
        # a drifting constant: the reticle limit moves
        ("858", "859"),
        # a table copied by hand instead of read from the generated one
        ("if (p.bytes !== null) DTYPE_BYTES[p.key] = p.bytes;", "DTYPE_BYTES[p.key] = 2;"),
    ],
)
def test_a_drifted_twin_is_caught(
    old: str, new: str, vectors: dict[str, Any], tmp_path: Path
) -> None:
    """A copy of xpuref-calc.js with one change fails the same check (the check can fail)."""
    text = CALC_JS.read_text(encoding="utf-8")
    assert old in text, old
    mutated = tmp_path / "xpuref-calc.js"
    mutated.write_text(text.replace(old, new, 1), encoding="utf-8")
    found = run_node_check(mutated, vectors, tmp_path)
    drifted = found["failures"] or [
        name
        for name, value in found["constants"].items()
        if value != json.loads(json.dumps(getattr(calc, name)))
    ]
    assert drifted
