"""The accuracy page's prose agrees with its rows: every figure it states is computed from them."""

from __future__ import annotations

import re

import pytest
from tests.conftest import REAL_DATA, ROOT

from xpuref.data.dataset import Dataset
from xpuref.data.version import DataVersion
from xpuref.render.accuracy import format_error, macros
from xpuref.render.pagecontext import PageContext
from xpuref.views.accuracy import accuracy_rows
from xpuref.views.checked import load_checked

PAGE = ROOT / "content" / "calculators" / "accuracy.md"
#: Percentages the prose may type: a definition and an arithmetic fact (989.5 vs 989 TFLOPS).
TYPED_OK = {"100 %", "0.05 %"}


@pytest.fixture(scope="module")
def catalog() -> Dataset:
    """The real data."""
    return load_checked(REAL_DATA)


def _macros(catalog: Dataset) -> dict[str, object]:
    """The page macros for the real catalog."""
    return macros(PageContext(catalog, DataVersion("test", "2026-11-23", 0), "x/", True))


@pytest.mark.parametrize("kind", ["kv_tokens", "kv_tokens_from_memory", "mfu", "matmul"])
def test_worst_error_in_prose_is_the_rows_worst(catalog: Dataset, kind: str) -> None:
    """The prose's 'largest' error of a kind is the largest of that kind's rows in the table."""
    worst = _macros(catalog)["accuracy_worst"](kind)  # type: ignore[operator]
    rows = [r for r in accuracy_rows(catalog) if r.kind == kind]
    expected = (
        min(r.error for r in rows) if kind == "matmul" else max((r.error for r in rows), key=abs)
    )
    assert worst == format_error(expected).replace("+", "")
    table = str(_macros(catalog)["accuracy_table"]())  # type: ignore[operator]
    assert format_error(expected) in table


def test_share_range_is_the_rows_range(catalog: Dataset) -> None:
    """The stated range of measured shares is the lowest and highest share in the table."""
    shares = [r.share for r in accuracy_rows(catalog) if r.kind == "matmul"]
    text = _macros(catalog)["accuracy_share_range"]()  # type: ignore[operator]
    assert text == f"{round(min(shares) * 100)} % to {round(max(shares) * 100)} %"


def test_prose_types_no_figure_the_rows_could_contradict() -> None:
    """Apart from a definition and one arithmetic fact, no percentage is typed in the prose."""
    typed = set(re.findall(r"\d+(?:\.\d+)? %", PAGE.read_text(encoding="utf-8")))
    assert typed <= TYPED_OK, typed - TYPED_OK


def test_no_case_note_claims_a_largest_error_by_number() -> None:
    """A case's note does not state a 'largest' gap by number (the rows say it)."""
    text = (REAL_DATA / "measurements.yaml").read_text(encoding="utf-8")
    assert not re.search(r"\d+(?:\.\d+)?\s*%\s+gap is the largest", text)


def test_accuracy_macros_tolerate_a_catalog_without_cases(dataset: Dataset) -> None:
    """A data folder with no measurements (fixtures, synthetic catalogs) still renders the page."""
    assert not dataset.measurements
    found = macros(PageContext(dataset, DataVersion("test", "2026-11-23", 0), "x/", True))
    assert found["accuracy_worst"]("kv_tokens") == "— (no cases of this kind in the data)"
    assert found["accuracy_share_range"]() == "— (no matrix-multiply cases in the data)"
    with pytest.raises(KeyError, match="unknown accuracy kind"):
        found["accuracy_worst"]("kv_token")
