"""The one precision table: every rate names a known format, and every derived table agrees."""

from __future__ import annotations

from xpuref import calc


def test_every_rate_names_a_precision_and_every_precision_has_a_rate() -> None:
    """RATE_ORDER and PRECISIONS describe the same formats, each rate once."""
    named = [p for p, _ in calc.RATE_ORDER]
    assert set(named) == set(calc.PRECISIONS)
    assert len(set(calc.RATE_ORDER)) == len(calc.RATE_ORDER)


def test_derived_tables_follow_the_table() -> None:
    """Bit lengths, bytes and sparse keys are read off PRECISIONS, not kept beside it."""
    assert {k: p.bits for k, p in calc.PRECISIONS.items()} == calc.BIT_LENGTHS
    assert {
        k: p.bytes for k, p in calc.PRECISIONS.items() if p.bytes is not None
    } == calc.DTYPE_BYTES
    assert "bf16_matrix" in calc.SPARSE_KEYS and "fp64_matrix" not in calc.SPARSE_KEYS
    assert all(calc.DTYPE_BYTES[k] * 8 == calc.BIT_LENGTHS[k] for k in ("fp32", "bf16", "int4"))


def test_table_for_the_browser_is_the_same_table() -> None:
    """precision_table() carries every precision with its bits and bytes, in table order."""
    table = calc.precision_table()
    assert [row["key"] for row in table["precisions"]] == list(calc.PRECISIONS)
    assert [tuple(pair) for pair in table["rate_order"]] == list(calc.RATE_ORDER)
    tf32 = next(row for row in table["precisions"] if row["key"] == "tf32")
    assert (tf32["bits"], tf32["bytes"], tf32["integer"]) == (32, 4.0, False)
