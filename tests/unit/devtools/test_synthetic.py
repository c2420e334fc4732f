"""Tests for xpuref.devtools.synthetic: cloned catalogs are valid and have the requested size."""

from __future__ import annotations

from pathlib import Path

import pytest

from xpuref.data.dataset import load_dataset
from xpuref.devtools.synthetic import make_synthetic_data


def test_clones_validate(data_copy: Path, tmp_path: Path) -> None:
    """A synthetic catalog of 7 devices passes validation with 7 unique ids."""
    out = make_synthetic_data(data_copy, tmp_path / "syn", 7)
    catalog = load_dataset(out)
    assert len(catalog.devices) == 7
    assert all("-syn" in d for d in catalog.devices)
    assert (out / "architectures.yaml").exists()


def test_systems_are_left_out(data_copy: Path, tmp_path: Path) -> None:
    """Systems name real device ids the clones lack, so a synthetic catalog has none."""
    (data_copy / "systems").mkdir()
    (data_copy / "systems" / "x.yaml").write_text("id: x\n")
    out = make_synthetic_data(data_copy, tmp_path / "syn", 3)
    assert not (out / "systems").exists()
    assert load_dataset(out).systems == {}


def test_count_must_be_positive(data_copy: Path, tmp_path: Path) -> None:
    """Zero devices is refused with the argument named."""
    with pytest.raises(ValueError, match="count"):
        make_synthetic_data(data_copy, tmp_path / "syn", 0)
