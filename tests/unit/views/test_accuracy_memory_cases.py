"""Accuracy cases for device memory, logits and MoE decode: computed from the catalog and calc."""

from __future__ import annotations

import pytest
from tests.conftest import real_dataset

from xpuref.data.dataset import Dataset
from xpuref.views.accuracy import AccuracyRow, accuracy_rows, within_bound

GIB = 2**30


@pytest.fixture(scope="module")
def catalog() -> Dataset:
    """The real data, validated, measurements included."""
    return real_dataset()


def _rows(catalog: Dataset, kind: str) -> dict[str, AccuracyRow]:
    """The rows of one kind by case id."""
    return {row.case: row for row in accuracy_rows(catalog) if row.kind == kind}


def test_usable_memory_starts_from_the_catalog(catalog: Dataset) -> None:
    """The answer is the driver's usable figure where recorded, else the advertised capacity."""
    rows = _rows(catalog, "usable_memory")
    assert len(rows) >= 3
    assert rows["vllm-12126-h100-80g-total"].answer == 80.0
    assert rows["vllm-12126-h100-80g-total"].published == 79.22
    usable = catalog.devices["nvidia-geforce-rtx-5090-32gb"].memory.usable_bytes
    assert usable is not None
    assert rows["vllm-14452-rtx-5090-total"].answer == pytest.approx(usable / GIB)
    assert rows["vllm-14452-rtx-5090-total"].answer < 32.0
    bound = catalog.measurement_bounds["usable_memory"]
    for row in rows.values():
        assert 0 < row.error <= bound.relative, row.case  # engines see less than the catalog
        assert within_bound(row, bound)


def test_logits_term_matches_the_measured_loss(catalog: Dataset) -> None:
    """8,192 tokens x 256,000 BF16 logits are 4000 MiB; the benchmark printed 4000.1."""
    row = _rows(catalog, "logits")["cce-gemma2-logits-torch-compile"]
    assert row.answer == 8192 * 256000 * 2 / 2**20 == 4000.0
    assert row.published == 4000.1
    assert abs(row.error) < 1e-4


def test_no_large_error_is_left_unexplained(catalog: Dataset) -> None:
    """Every figure more than 5 % from its published value carries a note, and the MoE one too."""
    rows = accuracy_rows(catalog)
    large = [row for row in rows if abs(row.error) > 0.05]
    assert any(row.kind == "moe_decode" for row in large)
    assert [row.case for row in large if not (row.note or "").strip()] == []
    moe = next(row for row in large if row.kind == "moe_decode")
    assert "all-reduce" in (moe.note or "")
