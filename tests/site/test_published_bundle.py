"""`xpuref build --bundle` publishes the offline zip in the site and the Downloads page links it.

Built from the small fixture catalog (the mechanism does not depend on the data's size): the
link on the Downloads page resolves to a file the site serves, the zip holds the offline site
and not itself. A plain build (the run's shared one) says how to make the zip instead of
linking one.
"""

from __future__ import annotations

import re
import zipfile
from pathlib import Path
from urllib.parse import urljoin

import pytest
from tests.conftest import BuiltSite, make_data_dir, run_xpuref

pytestmark = pytest.mark.site


@pytest.fixture(scope="module")
def fixture_data(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The fixture devices with the real reference files."""
    return make_data_dir(tmp_path_factory.mktemp("bundled") / "data")


def _download_links(site: Path) -> list[str]:
    """The addresses the Downloads page links, resolved against the page's own address."""
    html = (site / "downloads" / "index.html").read_text(encoding="utf-8")
    return [urljoin("downloads/", href) for href in re.findall(r'href="([^"#?]+)"', html)]


def test_build_publishes_the_zip_and_downloads_links_it(fixture_data: Path, tmp_path: Path) -> None:
    """The linked zip exists in the site, unzips to the offline site and holds no zip."""
    site = tmp_path / "site"
    done = run_xpuref("build", "--bundle", "--out", str(site), XPUREF_DATA=str(fixture_data))
    assert done.returncode == 0, done.stderr
    archive = site / "downloads" / "xpuref-offline.zip"
    assert "downloads/xpuref-offline.zip" in _download_links(site)
    html = (site / "downloads" / "index.html").read_text(encoding="utf-8")
    size = archive.stat().st_size / 1e6
    assert re.search(rf"xpuref-offline\.zip, {size:.3g} MB", html), "the link gives the size"
    with zipfile.ZipFile(archive) as zf:
        names = zf.namelist()
        offline_downloads = zf.read("xpuref-offline/downloads.html").decode()
    assert "xpuref-offline/index.html" in names
    assert not [n for n in names if n.endswith(".zip")], "the bundle never holds itself"
    assert "xpuref-offline.zip" not in re.findall(r'href="([^"]+)"', offline_downloads)
    assert not [p for p in tmp_path.iterdir() if p.name != "site"], "no staging file is left"


def test_a_build_without_the_zip_says_how_to_make_it(built_site: BuiltSite) -> None:
    """A plain build (the run's shared build of the real catalog, made without ``--bundle``)
    leaves the zip out, and Downloads links nothing that is not there."""
    site = built_site.root
    assert not (site / "downloads" / "xpuref-offline.zip").exists()
    assert "downloads/xpuref-offline.zip" not in _download_links(site)
    assert "xpuref bundle" in (site / "downloads" / "index.html").read_text(encoding="utf-8")
