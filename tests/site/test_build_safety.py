"""A build cleans up after a killed build and leaves a readable site. (That a second build
replaces a site, one after the other, is test_build_locking's test of two concurrent builds.)"""

from __future__ import annotations

import stat
from pathlib import Path

import pytest
from tests.conftest import make_data_dir, run_xpuref

from xpuref.site.build import MARKER

pytestmark = pytest.mark.site


def test_build_cleans_stale_staging_and_publishes_readable_site(tmp_path: Path) -> None:
    """Stale staging folders beside the output go; the site is mode 0755 and carries its marker."""
    data = str(make_data_dir(tmp_path / "data"))  # the small fixture catalog builds faster
    root = tmp_path / "out"
    root.mkdir()
    out = root / "site"
    stale = root / ".site.building-killed"
    stale.mkdir()
    (stale / "index.html").write_text("half a site")
    done = run_xpuref("build", "--out", str(out), XPUREF_DATA=data)
    assert done.returncode == 0, done.stderr
    assert not stale.exists()
    assert stat.S_IMODE(out.stat().st_mode) == 0o755
    assert (out / MARKER).is_file()
    assert (out / "_headers").read_text().startswith("/*\n  Content-Security-Policy:")
    assert sorted(p.name for p in root.iterdir()) == ["site"]
