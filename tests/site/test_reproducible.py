"""Two builds of the same commit produce byte-identical sites and bundles."""

from __future__ import annotations

import hashlib
from pathlib import Path

import pytest
from tests.conftest import make_data_dir, run_xpuref

pytestmark = pytest.mark.site


def _digest(tree: Path) -> dict[str, str]:
    """Map each file of a tree to the SHA-256 of its bytes."""
    return {
        p.relative_to(tree).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
        for p in sorted(tree.rglob("*"))
        if p.is_file()
    }


def _run(data: Path, *args: str) -> None:
    """Run the xpuref command line on a data folder and insist it succeeds."""
    done = run_xpuref(*args, XPUREF_DATA=str(data))
    assert done.returncode == 0, done.stderr


@pytest.fixture
def small_data(tmp_path: Path) -> Path:
    """The fixture catalog with the real reference files: every page kind, a quick build."""
    return make_data_dir(tmp_path / "data")


def test_two_site_builds_are_identical(tmp_path: Path, small_data: Path) -> None:
    """Every file of two builds has the same bytes."""
    _run(small_data, "build", "--out", str(tmp_path / "a"))
    _run(small_data, "build", "--out", str(tmp_path / "b"))
    first, second = _digest(tmp_path / "a"), _digest(tmp_path / "b")
    assert len(first) > 20
    differing = sorted(k for k in first.keys() | second.keys() if first.get(k) != second.get(k))
    assert differing == []


def test_two_bundles_are_identical(tmp_path: Path, small_data: Path) -> None:
    """The offline zip is byte-for-byte reproducible."""
    _run(small_data, "bundle", "--out", str(tmp_path / "a.zip"))
    _run(small_data, "bundle", "--out", str(tmp_path / "b.zip"))
    assert (tmp_path / "a.zip").read_bytes() == (tmp_path / "b.zip").read_bytes()
