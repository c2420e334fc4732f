"""Tests for xpuref.devtools.linkcheck on small hand-made sites."""

from __future__ import annotations

from pathlib import Path

from xpuref.devtools.linkcheck import check_site


def _site(tmp_path: Path, files: dict[str, str]) -> Path:
    """Write a tiny site."""
    for name, body in files.items():
        path = tmp_path / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(body)
    return tmp_path


def test_clean_site_has_no_broken_links(tmp_path: Path) -> None:
    """Relative pages, directory links, anchors and assets all resolve."""
    root = _site(
        tmp_path,
        {
            "index.html": '<a href="devices/">d</a><a href="devices/a/#bw">bw</a>'
            '<script src="assets/x.js"></script><a href="https://example.org/">x</a>',
            "devices/index.html": '<a href="a/">a</a><a href="../index.html#top">top</a>',
            "devices/a/index.html": '<tr id="bw"></tr><a href="#bw">self</a>',
            "assets/x.js": "",
        },
    )
    (root / "index.html").write_text((root / "index.html").read_text() + '<h1 id="top"></h1>')
    assert check_site(root) == []


def test_missing_file_and_anchor_are_reported(tmp_path: Path) -> None:
    """A dead page and a dead anchor are each reported once, with the page they are on."""
    root = _site(
        tmp_path,
        {
            "index.html": '<a href="gone/">x</a><a href="b.html#nope">y</a><a href="#here">z</a>',
            "b.html": '<p id="yes"></p>',
        },
    )
    found = [str(b) for b in check_site(root)]
    assert found == [
        "index.html: #here: no element with id 'here'",
        "index.html: b.html#nope: no element with id 'nope'",
        "index.html: gone/: no such file",
    ]


def test_meta_refresh_target_checked(tmp_path: Path) -> None:
    """A redirect page pointing nowhere is broken."""
    root = _site(
        tmp_path, {"old/index.html": '<meta http-equiv="refresh" content="0; url=../new/">'}
    )
    assert [b.reason for b in check_site(root)] == ["no such file"]


def test_link_outside_site_is_broken(tmp_path: Path) -> None:
    """A relative link climbing out of the site root cannot resolve."""
    root = _site(tmp_path, {"index.html": '<a href="../../etc/passwd">x</a>'})
    assert [b.reason for b in check_site(root)] == ["no such file"]


def test_site_absolute_links_break_offline(tmp_path: Path) -> None:
    """From file:// a link to /assets/... leaves the bundle; served, it resolves from the root."""
    root = _site(tmp_path, {"404.html": '<link href="/assets/x.css">', "assets/x.css": "body{}"})
    assert check_site(root) == []
    assert [b.reason for b in check_site(root, offline=True)] == ["no such file"]
