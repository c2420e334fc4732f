"""The JavaScript port of xpuref.calc, run in Chromium, gives Python's answer on every case."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING

import pytest
from tests.conftest import ROOT
from tests.unit.devtools.test_golden import EXCLUDED

from xpuref import calc
from xpuref.data.dataset import Dataset
from xpuref.devtools.golden import golden_vectors
from xpuref.render.tables_js import tables_script

if TYPE_CHECKING:
    from playwright.sync_api import Page

pytestmark = pytest.mark.browser

CALC_JS = ROOT / "site_overrides" / "assets" / "js" / "xpuref-calc.js"
CHECKER_JS = ROOT / "tests" / "js" / "golden_check.js"


def _load(page: Page) -> None:
    """A blank page with the calculator module and the checker loaded."""
    page.set_content("<!doctype html><title>golden</title>")
    page.add_script_tag(content=tables_script())
    page.add_script_tag(path=str(CALC_JS))
    page.add_script_tag(path=str(CHECKER_JS))


def test_javascript_port_matches_python(page: Page, dataset: Dataset) -> None:
    """Every golden case agrees within a relative 1e-9, errors naming the same argument."""
    vectors = golden_vectors(dataset)
    _load(page)
    result = page.evaluate(
        "(text) => xpurefGoldenCheck(window.xpurefCalc, JSON.parse(text))",
        json.dumps(vectors, allow_nan=False),
    )
    assert result["checked"] == vectors["count"] > 900
    assert result["failures"] == []


def test_every_javascript_export_has_a_python_twin(page: Page) -> None:
    """A function or constant exported by xpuref-calc.js without a calc twin fails the suite."""
    _load(page)
    exported = set(page.evaluate("Object.keys(window.xpurefCalc)"))
    assert exported - {"CalcError"} <= set(calc.__all__), exported - set(calc.__all__)
    for name in ("BIT_LENGTHS", "DTYPE_BYTES", "EXPORT_CLASSES", "RETICLE_LIMIT_MM2"):
        value = page.evaluate(f"window.xpurefCalc.{name}")
        assert value == json.loads(json.dumps(getattr(calc, name))), name


def test_python_functions_without_javascript_are_only_the_excluded_ones(page: Page) -> None:
    """Each ported Python function exists in JavaScript; the rest are listed with a reason."""
    _load(page)
    exported = set(page.evaluate("Object.keys(window.xpurefCalc)"))
    python_only = {name for name in calc.__all__ if name not in exported}
    assert python_only <= set(EXCLUDED) | {"GIB", "MODEL_KINDS"}, python_only - set(EXCLUDED)
