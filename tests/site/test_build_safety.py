"""A build cleans up after a killed build, leaves a readable site, and can replace it again."""

from __future__ import annotations

import stat
from pathlib import Path

import pytest
from tests.conftest import run_xpuref

from xpuref.site.build import MARKER

pytestmark = pytest.mark.site


def test_build_cleans_stale_staging_and_publishes_readable_site(tmp_path: Path) -> None:
    """Stale staging folders beside the output go; the site is mode 0755 and carries its marker."""
    out = tmp_path / "site"
    stale = tmp_path / ".site.building-killed"
    stale.mkdir()
    (stale / "index.html").write_text("half a site")
    done = run_xpuref("build", "--out", str(out))
    assert done.returncode == 0, done.stderr
    assert not stale.exists()
    assert stat.S_IMODE(out.stat().st_mode) == 0o755
    assert (out / MARKER).is_file()
    assert (out / "_headers").read_text().startswith("/*\n  Content-Security-Policy:")
    again = run_xpuref("build", "--out", str(out))
    assert again.returncode == 0, again.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == ["site"]
