"""CSV cells a spreadsheet would run as formulas are neutralised; numbers and JSON stay exact."""

from __future__ import annotations

import pytest

from xpuref.views.publish import csv_cell


@pytest.mark.parametrize(
    "text",
    ['=HYPERLINK("http://x","y")', "+1+1", "-2+3", "@SUM(A1)", "\tX", "\rX"],
)
def test_formula_like_text_is_quoted(text: str) -> None:
    """Text starting with =, +, -, @, tab or CR gets a leading apostrophe (OWASP)."""
    assert csv_cell(text) == "'" + text


@pytest.mark.parametrize(
    ("value", "expected"), [(None, ""), (-5, -5), (3.5, 3.5), ("H100", "H100")]
)
def test_other_cells_are_unchanged(value: object, expected: object) -> None:
    """Numbers (negative ones too), plain text and missing values pass as they are."""
    assert csv_cell(value) == expected
