"""The built site ships no source maps and, without a public address, no canonical link."""

from __future__ import annotations

from pathlib import Path

from xpuref.site.shipped import drop_canonical, drop_source_maps


def test_source_maps_and_their_comments_are_removed(tmp_path: Path) -> None:
    """Map files go; the comments that name them go; other text stays byte for byte."""
    js = tmp_path / "assets" / "bundle.min.js"
    css = tmp_path / "assets" / "main.min.css"
    js.parent.mkdir(parents=True)
    js.write_text("var a=1;\n//# sourceMappingURL=bundle.min.js.map\n", encoding="utf-8")
    css.write_text("a{color:red}\n/*# sourceMappingURL=main.min.css.map*/\n", encoding="utf-8")
    plain = tmp_path / "plain.js"
    plain.write_text("var b=2;\n", encoding="utf-8")
    for name in ("bundle.min.js.map", "main.min.css.map"):
        (js.parent / name).write_text("{}", encoding="utf-8")
    removed = drop_source_maps(tmp_path)
    assert [p.name for p in removed] == ["bundle.min.js.map", "main.min.css.map"]
    assert not list(tmp_path.rglob("*.map"))
    assert js.read_text(encoding="utf-8") == "var a=1;\n"
    assert css.read_text(encoding="utf-8") == "a{color:red}\n"
    assert plain.read_text(encoding="utf-8") == "var b=2;\n"


def test_the_canonical_link_is_dropped_and_nothing_else() -> None:
    """Only the canonical link element leaves the page."""
    html = (
        '<head><link rel="canonical" href="https://xpuref.example.org/x/">\n'
        '<link rel="icon" href="i.png"></head>'
    )
    assert drop_canonical(html) == '<head><link rel="icon" href="i.png"></head>'
