"""Tests for xpuref.site.bundle.zip_tree: one top folder, sorted entries, fixed timestamps."""

from __future__ import annotations

import zipfile
from pathlib import Path

from xpuref.site.bundle import BUNDLE_ROOT, zip_tree


def _tree(root: Path) -> Path:
    """A small folder to zip."""
    (root / "b").mkdir(parents=True)
    (root / "index.html").write_text("<h1>x</h1>")
    (root / "b" / "a.js").write_text("1")
    return root


def test_zip_is_reproducible_and_rooted(tmp_path: Path) -> None:
    """Same tree, same bytes; every entry sits under the bundle folder, in order."""
    tree = _tree(tmp_path / "site")
    first = zip_tree(tree, tmp_path / "a.zip", 1_700_000_000)
    second = zip_tree(tree, tmp_path / "b.zip", 1_700_000_000)
    assert first.read_bytes() == second.read_bytes()
    with zipfile.ZipFile(first) as zf:
        names = zf.namelist()
        assert names == [f"{BUNDLE_ROOT}/b/a.js", f"{BUNDLE_ROOT}/index.html"]
        assert zf.getinfo(names[0]).date_time == (2023, 11, 14, 22, 13, 20)
    assert not (tmp_path / "a.zip.partial").exists()


def test_epoch_before_1980_is_clamped(tmp_path: Path) -> None:
    """An unknown (zero) epoch still gives a valid zip."""
    out = zip_tree(_tree(tmp_path / "site"), tmp_path / "z.zip", 0)
    with zipfile.ZipFile(out) as zf:
        assert zf.getinfo(f"{BUNDLE_ROOT}/index.html").date_time == (1980, 1, 1, 0, 0, 0)
