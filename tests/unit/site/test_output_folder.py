"""A build replaces only a folder it made (or an empty one); bad paths and options fail cleanly."""

from __future__ import annotations

from pathlib import Path

import pytest
from tests.conftest import run_cli, run_xpuref

from xpuref.site.build import MARKER, SiteBuildError, check_output

#: Builds through the command line into refused places: the full tier, not check.sh.
pytestmark = pytest.mark.hardening


def _tree(root: Path) -> dict[str, bytes]:
    """Every file under root with its bytes."""
    return {str(p.relative_to(root)): p.read_bytes() for p in root.rglob("*") if p.is_file()}


def test_folder_with_other_files_is_refused(tmp_path: Path, data_copy: Path) -> None:
    """A repository-like folder (.git, sources) is left untouched and the build says why."""
    repo = tmp_path / "repo"
    (repo / ".git").mkdir(parents=True)
    (repo / ".git" / "HEAD").write_text("ref: refs/heads/main\n")
    (repo / "README.md").write_text("keep me\n")
    before = _tree(repo)
    done = run_xpuref("build", "--out", str(repo), XPUREF_DATA=str(data_copy))
    assert done.returncode == 1
    assert "did not write" in done.stderr and "Traceback" not in done.stderr
    assert _tree(repo) == before


def test_data_folder_is_refused(data_copy: Path) -> None:
    """Pointing --out at a data folder never replaces it."""
    before = _tree(data_copy)
    done = run_xpuref("build", "--out", str(data_copy), XPUREF_DATA=str(data_copy))
    assert done.returncode == 1 and "Traceback" not in done.stderr
    assert _tree(data_copy) == before


def test_unwritable_place_is_a_clear_error(data_copy: Path) -> None:
    """/proc/site cannot be written: one line, exit 1, no traceback."""
    done = run_xpuref("build", "--out", "/proc/site", XPUREF_DATA=str(data_copy))
    assert done.returncode == 1
    assert "Traceback" not in done.stderr and "/proc" in done.stderr


@pytest.mark.parametrize("sizes", ["abc", "10,x", "0", "-5", ""])
def test_bench_sizes_must_be_numbers(sizes: str) -> None:
    """bench --sizes abc is refused with a usage message, not a traceback."""
    done = run_cli("bench", "--sizes", sizes)
    assert done.returncode == 2
    assert "--sizes" in done.stderr or "size" in done.stderr
    assert "Traceback" not in done.stderr


def test_check_output_accepts_missing_empty_and_marked(tmp_path: Path) -> None:
    """Missing, empty and marker-carrying folders may be replaced; a file may not."""
    check_output(tmp_path / "new")
    (tmp_path / "empty").mkdir()
    check_output(tmp_path / "empty")
    marked = tmp_path / "marked"
    marked.mkdir()
    (marked / MARKER).write_text("x")
    (marked / "index.html").write_text("old site")
    check_output(marked)
    (tmp_path / "file").write_text("x")
    with pytest.raises(SiteBuildError, match="not a folder"):
        check_output(tmp_path / "file")
    link = tmp_path / "link"
    link.symlink_to(marked)
    with pytest.raises(SiteBuildError, match="symbolic link"):
        check_output(link)
