"""Tests for xpuref.render.tables: the data_table HTML, anchor, escaping and number formats."""

from __future__ import annotations

import shutil
from pathlib import Path
from types import SimpleNamespace

import pytest
from tests.conftest import ROOT
from tests.conftest import strict_tables as tables_for

from xpuref.data.table_models import DataTable
from xpuref.render.tables import format_cell, macros, render_table

VALID = ROOT / "tests" / "fixtures" / "tables" / "valid"


def _table(**changes: object) -> DataTable:
    """The fixture table with some fields replaced."""
    base = tables_for(VALID)["sample_table"].model_dump()
    base.update(changes)
    return DataTable.model_validate(base)


def test_anchor_class_and_units() -> None:
    """The table has its anchor, an xpuref class, unit headers and numbered sources."""
    html = str(render_table(_table()))
    assert 'id="table-sample_table"' in html
    assert '<table class="xpuref-data"' in html
    assert '<span class="xpuref-unit">(GB/s)</span>' in html
    assert 'id="table-sample_table-src-1"' in html
    assert 'href="#table-sample_table-src-1">[1]</a>' in html
    assert "Numbers are made up for the tests." in html
    assert '<td data-value="2000.0">2000</td>' in html
    assert "<td>—</td>" in html


def test_hostile_caption_is_escaped() -> None:
    """Markup in a caption, title or cell is shown as text, never run."""
    evil = '<script>alert("x")</script>'
    table = _table(caption=evil, title="A & B")
    html = str(render_table(table))
    assert "<script>" not in html
    assert "&lt;script&gt;alert(&#34;x&#34;)&lt;/script&gt;" in html
    assert "A &amp; B" in html


def test_hostile_cell_is_escaped() -> None:
    """A cell value with HTML is escaped."""
    rows = [{"name": "<b>bold</b>", "speed": 1, "extra": None}]
    html = str(render_table(_table(rows=rows)))
    assert "&lt;b&gt;bold&lt;/b&gt;" in html


@pytest.mark.parametrize(
    ("value", "text", "exponent"),
    [
        (None, "—", ""),
        ("PCIe 4.0", "PCIe 4.0", ""),
        (2003, "2003", ""),
        (65504, "65,504", ""),
        (0.985, "0.985", ""),
        (15.76, "15.76", ""),
        (1.7976931348623157e308, "1.798 × 10", "308"),
        (6.103515625e-05, "6.104 × 10", "-5"),
        (10_000_000, "10,000,000", ""),
        (1e12, "10", "12"),
    ],
)
def test_format_cell(value: object, text: str, exponent: str) -> None:
    """Numbers read like a datasheet; huge and tiny ones use powers of ten."""
    cell = format_cell(value)
    assert (cell.text, cell.exponent) == (text, exponent)


def test_macro_renders_real_table_and_rejects_unknown(tmp_path: Path) -> None:
    """data_table() renders a known table and names the known ids for an unknown one."""
    data = tmp_path / "data"
    shutil.copytree(VALID, data)
    assert "sample_table" in tables_for(data)
    real = tables_for(ROOT / "data")
    ctx = SimpleNamespace(catalog=SimpleNamespace(tables=real), language="en")
    data_table = macros(ctx)["data_table"]  # type: ignore[arg-type]
    assert 'id="table-pcie_generations"' in str(data_table("pcie_generations"))
    with pytest.raises(KeyError, match="known: "):
        data_table("no_such_table")
