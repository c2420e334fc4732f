"""Shared fixtures: paths to the project and a writable copy of the valid test data."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
VALID = ROOT / "tests" / "fixtures" / "valid"


@pytest.fixture
def data_copy(tmp_path: Path) -> Path:
    """A fresh copy of the valid fixture data folder."""
    target = tmp_path / "data"
    shutil.copytree(VALID, target)
    return target
