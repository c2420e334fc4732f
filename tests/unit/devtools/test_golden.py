"""Golden vectors: every public calc function has cases, and the cases are plain JSON."""

from __future__ import annotations

import inspect
import json
import re

import pytest

from xpuref import calc
from xpuref.calc import _results as calc_results
from xpuref.data.dataset import Dataset
from xpuref.devtools.golden import golden_vectors

#: Public calc names the JavaScript port does not mirror case by case, and why.
EXCLUDED: dict[str, str] = {
    "Cost": "a result type: every cost-returning case compares its fields",
    "Conv2dCost": "a result type: every conv2d case compares its fields",
    "TransformerConfig": "a type: transformer_config builds it on both sides",
    "transformer_config": "returns the config type; every transformer case goes through it",
    "check_rule": "Python-side argument check; classify's error cases cover it",
    "area_bounds": "build-time only: the device page names how an unpublished area was bounded; "
    "export_metrics' golden cases (die_area_max_mm2 edges) cover the bound both sides use",
    "device_export": "a Python mapping of classify_explain over rules",
    "device_export_classes": "a Python mapping of classify over rules",
    "link_raw_gbs": "build-time only: it bounds a catalog device's unstated host link; no page "
    "calculator reads a link name (tests/unit/calc/test_calc_units.py covers it)",
    "tpp_bounds_for_classes": "build-time only: published statements bound a catalog device's "
    "TPP; no page calculator reads them (tests/unit/calc/test_calc_export.py covers it)",
    **{
        name: "a result type (typed mapping): the functions returning it have golden cases"
        for name in calc_results.__all__
    },
    "fold_condition": "the one walker of rule conditions; it takes Python callables, and "
    "classify's golden cases run its every path on both sides",
    "condition_leaves": "build-time only: pages and validation list the metrics a rule tests "
    "(tests/unit/calc/test_calc_export.py covers it)",
    "precision_table": "build-time only: it writes xpuref-tables.js, the very table the JavaScript "
    "port reads; BIT_LENGTHS and DTYPE_BYTES are compared on both sides",
    "PRECISIONS": "the table itself; the browser receives it through xpuref-tables.js",
    "Precision": "the table's row type",
    "RATE_ORDER": "the table's display order; the browser receives it through xpuref-tables.js",
    "SPARSE_KEYS": "derived from the table on both sides; device_derived's sparse rows cover it",
    "system_totals": "build-time only: no page calculator totals systems, so there is no "
    "JavaScript twin (tests/unit/calc/test_calc_system.py covers it)",
    "FORMULAS": "build-time only: the table of derivation formulas data loading uses",
    "derive_figure": "build-time only: data loading derives figures from stated inputs; no page "
    "calculator does (tests/unit/calc/test_calc_derive.py covers it)",
    "formula_text": "build-time only: device and data-quality pages print it "
    "(tests/unit/calc/test_calc_derive.py covers it)",
    "memory_bandwidth_gbs": "build-time only: the bus-width check and derivations use it "
    "(tests/unit/calc/test_calc_derive.py covers it)",
}


def ported() -> set[str]:
    """Every public calc function with golden cases: calc's names minus the exclusions."""
    return {
        name
        for name in calc.__all__
        if callable(getattr(calc, name)) and not inspect.isclass(getattr(calc, name))
    } - set(EXCLUDED)


@pytest.fixture(scope="module")
def vectors(dataset: Dataset) -> dict[str, object]:
    """The golden vectors, generated once for this module."""
    return golden_vectors(dataset)


def test_exclusions_name_real_calc_names() -> None:
    """Every excluded name exists in calc, so the list cannot go stale silently."""
    assert set(EXCLUDED) <= set(calc.__all__)


def test_vectors_cover_every_ported_function(vectors: dict[str, object]) -> None:
    """Each ported function has passing cases, and each argument-checking one has error cases."""
    cases = vectors["cases"]
    assert isinstance(cases, list)
    assert 300 <= len(cases) == vectors["count"]
    ok = {case["fn"] for case in cases if "expect" in case}
    refused = {case["fn"] for case in cases if "error" in case}
    assert ok == ported()
    assert refused == ported() - {"device_derived", "conv_output_size"}


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
