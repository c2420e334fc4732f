"""Tests for xpuref.devtools.linkcheck on small hand-made sites."""

from __future__ import annotations

from pathlib import Path

from xpuref.devtools.linkcheck import _Collector, _scan, check_site


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


#: Pages that read alike only where the scanner handles what the HTML parser does: case,
#: character references, quoted ">", repeated and valueless attributes, comments, script and
#: style text, bare values, a refresh, and tags left open at the end.
TRICKY = [
    '<A HREF="x&amp;y.html" ID=top><p id="a&lt;b">',
    '<script src="s.js">var a = "<a href=bad.html>";</script><a href="ok.html">',
    "<style>a[href='x'] { }</style><!-- <a href=c.html> --><img src=i.png alt=\"a>b\">",
    '<a href=1.html href=2.html><a name=n1 href><a name="n2">',
    '<meta http-equiv="Refresh" content="0; URL=../x/"><link rel=icon href=\'f.ico\'>',
    '<div data-x="id" id="d" hidden><iframe src="e.html"></iframe><source src=v.mp4>',
    '<a href="x.html" title=\'say "hi" > there\' id=q>',
    '<a href="never-closed.html',
    "<script>if (a < b) { x = '<div id=\"ghost\">'; }",
]


def test_the_scanner_reads_pages_as_the_html_parser_does() -> None:
    """The fast scanner finds the ids, links and refresh target the standard parser finds."""
    for page in TRICKY:
        reference = _Collector()
        reference.feed(page)
        reference.close()
        found = _scan(page)
        assert (found.ids, found.links, found.refresh) == (
            reference.ids,
            reference.links,
            reference.refresh,
        ), page
    assert _scan(TRICKY[0]).links == ["x&y.html"] and _scan(TRICKY[3]).ids == {"n1", "n2"}
