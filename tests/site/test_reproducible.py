"""Two builds of the same commit produce byte-identical sites and bundles."""

from __future__ import annotations

import hashlib
from pathlib import Path

import pytest
from tests.conftest import run_xpuref

pytestmark = pytest.mark.site


def _digest(tree: Path) -> dict[str, str]:
    """Map each file of a tree to the SHA-256 of its bytes."""
    return {
        p.relative_to(tree).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
        for p in sorted(tree.rglob("*"))
        if p.is_file()
    }


def _run(*args: str) -> None:
    """Run the xpuref command line and insist it succeeds."""
    done = run_xpuref(*args)
    assert done.returncode == 0, done.stderr


def test_two_site_builds_are_identical(tmp_path: Path) -> None:
    """Every file of two builds has the same bytes."""
    _run("build", "--out", str(tmp_path / "a"))
    _run("build", "--out", str(tmp_path / "b"))
    first, second = _digest(tmp_path / "a"), _digest(tmp_path / "b")
    assert len(first) > 20
    differing = sorted(k for k in first.keys() | second.keys() if first.get(k) != second.get(k))
    assert differing == []


def test_two_bundles_are_identical(tmp_path: Path) -> None:
    """The offline zip is byte-for-byte reproducible."""
    _run("bundle", "--out", str(tmp_path / "a.zip"))
    _run("bundle", "--out", str(tmp_path / "b.zip"))
    assert (tmp_path / "a.zip").read_bytes() == (tmp_path / "b.zip").read_bytes()
