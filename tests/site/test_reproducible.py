"""Two builds of the same commit produce byte-identical sites, the offline zip among their files;
`xpuref build --bundle` publishes that zip in the site and the Downloads page links it.

Both from the small fixture catalog (the mechanisms do not depend on the data's size): the two
`build --bundle` runs serve both checks, and each build makes the offline site and its zip as
`xpuref bundle` does (``zip_tree`` with the data's own date). A plain build (the run's shared
one) says how to make the zip instead of linking one.
"""

from __future__ import annotations

import hashlib
import re
import zipfile
from pathlib import Path
from urllib.parse import urljoin

import pytest
from tests.conftest import BuiltSite, make_data_dir, run_xpuref

pytestmark = pytest.mark.site

ZIP = "downloads/xpuref-offline.zip"


def _digest(tree: Path) -> dict[str, str]:
    """Map each file of a tree to the SHA-256 of its bytes."""
    return {
        p.relative_to(tree).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
        for p in sorted(tree.rglob("*"))
        if p.is_file()
    }


@pytest.fixture(scope="module")
def two_builds(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """Two `build --bundle` runs of the fixture catalog, each into a folder of its own."""
    work = tmp_path_factory.mktemp("bundled")
    data = make_data_dir(work / "data")
    sites = work / "a" / "site", work / "b" / "site"
    for site in sites:
        site.parent.mkdir()
        done = run_xpuref("build", "--bundle", "--out", str(site), XPUREF_DATA=str(data))
        assert done.returncode == 0, done.stderr
    return sites


def _download_links(site: Path) -> list[str]:
    """The addresses the Downloads page links, resolved against the page's own address."""
    html = (site / "downloads" / "index.html").read_text(encoding="utf-8")
    return [urljoin("downloads/", href) for href in re.findall(r'href="([^"#?]+)"', html)]


def test_two_builds_are_identical_zip_and_all(two_builds: tuple[Path, Path]) -> None:
    """Every file of two builds has the same bytes, the published offline zip too."""
    first, second = (_digest(site) for site in two_builds)
    assert len(first) > 20 and ZIP in first
    differing = sorted(k for k in first.keys() | second.keys() if first.get(k) != second.get(k))
    assert differing == []


def test_build_publishes_the_zip_and_downloads_links_it(two_builds: tuple[Path, Path]) -> None:
    """The linked zip exists in the site, unzips to the offline site and holds no zip."""
    site = two_builds[0]
    archive = site / ZIP
    assert ZIP in _download_links(site)
    html = (site / "downloads" / "index.html").read_text(encoding="utf-8")
    size = archive.stat().st_size / 1e6
    assert re.search(rf"xpuref-offline\.zip, {size:.3g} MB", html), "the link gives the size"
    with zipfile.ZipFile(archive) as zf:
        names = zf.namelist()
        offline_downloads = zf.read("xpuref-offline/downloads.html").decode()
    assert "xpuref-offline/index.html" in names
    assert not [n for n in names if n.endswith(".zip")], "the bundle never holds itself"
    assert "xpuref-offline.zip" not in re.findall(r'href="([^"]+)"', offline_downloads)
    assert [p.name for p in site.parent.iterdir()] == ["site"], "no staging file is left"


def test_a_build_without_the_zip_says_how_to_make_it(built_site: BuiltSite) -> None:
    """A plain build (the run's shared build of the real catalog, made without ``--bundle``)
    leaves the zip out, and Downloads links nothing that is not there."""
    site = built_site.root
    assert not (site / ZIP).exists()
    assert ZIP not in _download_links(site)
    assert "xpuref bundle" in (site / "downloads" / "index.html").read_text(encoding="utf-8")
