"""The fast section reader gives the search index exactly what the theme's own parser gives:
the same handler calls as the standard HTML parser on the pages it reads, the same sections on
those and on every page it leaves to the theme, and on random pages built from the markup the
theme treats specially (headings, permalinks, excluded blocks, pre, kept and skipped tags)."""

from __future__ import annotations

from html.parser import HTMLParser
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from material.plugins.search import plugin as search_plugin

from xpuref.site.search_sections import (
    THEME_PARSER,
    SectionReader,
    Unreadable,
    attributes,
    install,
    read_events,
)

#: Pages the fast reader reads itself: each holds something the theme or the parser treats
#: specially.
READABLE = {
    "permalink": (
        '<h1 id="t">Title<a class="headerlink" href="#t">&para;</a></h1><p>A &amp; B</p>'
    ),
    "link in a heading": (
        '<h2 id="l">See <a href="#x">link</a> text<a class="headerlink" href="#l">&para;</a></h2>'
    ),
    "h2 first": (
        '<p>pre</p><h2 id="a">A</h2><p>x</p><h3 id="b">B</h3><ul><li>one</li><li> </li></ul>'
    ),
    "pre": "<pre><code>line1\n  line2\n\n</code></pre><p>a\nb</p>\n\n<p>c</p>",
    "nested heading": '<div><h2 id="n">Nested</h2><p>in</p></div><p>after</p><h2 id="m">M</h2>',
    "deep exit": '<div><div><h3 id="d">Deep</h3><p>x</p></div></div><p>out</p><h2 id="e">E</h2>',
    "excluded": "<div data-search-exclude><p>hidden</p><div>inner</div>shown</div><p>after</p>",
    "back to the outer section": (
        '<div><h2 id="a">A</h2><p>x</p><section><h3 id="b">B</h3><p>in</p></section>y</div><p>z</p>'
    ),
    "excluded inside its own tag": "<div><div data-search-exclude>x</div>y</div><p>z</p>",
    "two scripts": "<script>a</script><p>b</p><script>c</script><p>d</p>",
    "whitespace runs in pre": "<pre>x <span>\n</span> \n<b> </b>\t</pre><p> <i> </i> </p>",
    "excluded heading": '<h2 id="x" data-search-exclude>X</h2><p>t</p><h2 id="y">Y</h2><p>u</p>',
    "linenodiv": (
        '<table><tr><td class="linenodiv"><pre>1\n2</pre></td>'
        "<td><pre><code>x = 1</code></pre></td></tr></table>"
    ),
    "raw bodies": (
        "<p>a</p><script>if (a < b && c) { x = '<p>'; }</script><STYLE>p > a {}</Style>"
        '<object data="x"><p>o</p></object><p>b</p><script></script>'
    ),
    "void and self-closing": (
        '<p>a<br>b<br/>c<img src="x.png" alt="q"/><svg><path d="M0 0"/></svg>d</p><hr />'
    ),
    "attributes": (
        "<p class=x title='a > b' data-k=\"&lt;&quot;\" hidden>t</p>"
        '<a href=/x/ class=headerlink>lnk</a><a x=1/>s<a x=1 />e<p y="">z</p>'
    ),
    "upper case": '<P>Up</P><H2 ID="u">U</H2><Pre>a\nb</PRE><P CLASS="k">q</p>',
    "comments": "<p>a<!-- c -->b</p><!----><p>c<!-- - -->d</p>",
    "references": "<p>&lt;tag&gt; &amp;amp; &#169; &#x4e2d; &nbsp;x &unknown; &amp</p>",
    "empty kept": "<p> </p><ul><li></li></ul><p><code> </code></p><p>\n</p>",
    "chinese": '<h2 id="z">张量核心</h2><p>显存 带宽</p>',
    "stray ends": "<p>a</span></p></div><p>b",
    "text only": "plain text\n more &amp; more",
    "empty": "",
    "heading without id": "<h2>No id</h2><p>x</p>",
    "repeated id": '<h2 id="a" id="b">D</h2><p>x</p>',
    "spaces in tags": "<p\n class=\"k\"\tid='i'  >t</p  ><br\n/>",
    "sup and sub": "<p>x<sup>2</sup> and H<sub>2</sub>O</p>",
}
#: Pages holding markup the fast reader leaves to the theme's parser.
UNREADABLE = {
    "less-than in text": "<p>a < b</p>",
    "doctype": "<!DOCTYPE html><p>x</p>",
    "processing instruction": "<p>x<?pi?></p>",
    "escapable raw text": "<textarea><p>x</p></textarea>",
    "script end with more": "<script>a</script x><p>y</p>",
    "comment in script": "<script>a<!--b--></script><p>y</p>",
    "end tag in script": "<script>a</b></script><p>y</p>",
    "double equals": "<p x==1>t</p>",
    "attributes run together": '<p a="1"b="2">t</p>',
    "no-break space in a tag": "<p\xa0class=x>t</p>",
    "dashes in a comment": "<p>a<!-- a -- b -->c</p>",
    "self-closing script": "<script/><p>x</p>",
    "tag left open": "<p>unclosed <b",
    "colon in a tag name": "<svg:rect/><p>x</p>",
    "script never closed": "<p>a</p><script>x",
    "a tag running past a script's end": '<script><a b="</script>"><p>x</p>',
}


class _Recorder(HTMLParser):
    """The standard parser's handler calls, as ``read_events`` reports them."""

    def __init__(self) -> None:
        """Start with no calls."""
        super().__init__()
        self.calls: list[tuple[Any, ...]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        """Record a start tag."""
        self.calls.append(("start", tag, attrs))

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        """Record a tag written as ``<tag/>``."""
        self.calls.append(("startend", tag, attrs))

    def handle_endtag(self, tag: str) -> None:
        """Record an end tag."""
        self.calls.append(("end", tag))

    def handle_data(self, data: str) -> None:
        """Record text."""
        self.calls.append(("data", data))

    def handle_comment(self, data: str) -> None:
        """Record a comment."""
        self.calls.append(("comment", data))


def _standard_calls(html: str) -> list[tuple[Any, ...]]:
    """What the standard parser calls for ``html``."""
    recorder = _Recorder()
    recorder.feed(html)
    recorder.close()
    return recorder.calls


def _fast_calls(html: str) -> list[tuple[Any, ...]]:
    """What ``read_events`` reports for ``html``, attributes read in full."""
    return [
        (kind, args[0], attributes(args[1])) if kind in ("start", "startend") else (kind, *args)
        for kind, *args in read_events(html)
    ]


def _sections(parser: type[HTMLParser], html: str) -> object:
    """The sections a parser gives (heading tag and attributes, id, depth, title, text), or the
    error it raises."""
    reader: Any = parser()
    try:
        reader.feed(html)
        reader.close()
    except Exception as exc:  # the theme fails on some malformed pages: so must the reader
        return type(exc)
    return [
        (s.el.tag, s.el.attrs, s.id, s.depth, s.title, s.text, s.is_excluded()) for s in reader.data
    ]


@pytest.mark.parametrize("html", READABLE.values(), ids=READABLE.keys())
def test_reads_well_formed_pages_as_the_standard_parser(html: str) -> None:
    """Each call the standard parser makes, in order, with the same tags, attributes and text."""
    assert _fast_calls(html) == _standard_calls(html)


@pytest.mark.parametrize("html", UNREADABLE.values(), ids=UNREADABLE.keys())
def test_leaves_other_markup_to_the_theme(html: str) -> None:
    """Markup that Python versions' parsers may read differently is refused, not guessed."""
    with pytest.raises(Unreadable):
        _fast_calls(html)


@pytest.mark.parametrize(
    "html", [*READABLE.values(), *UNREADABLE.values()], ids=[*READABLE, *UNREADABLE]
)
def test_sections_are_the_themes(html: str) -> None:
    """The same sections as the theme's parser, whichever reader reads the page."""
    theme = _sections(THEME_PARSER, html)
    assert theme != [] or html == ""
    assert _sections(SectionReader, html) == theme


#: Pieces of markup the theme treats specially, for random pages.
_OPEN = st.sampled_from(
    [
        *("p", "div", "h1", "h2", "h3", "pre", "code", "li", "ul", "a", "span", "sup", "td"),
        *("script", "style", "object", "br", "img"),
    ]
)
_ATTRS = st.sampled_from(
    [
        *("", ' id="s1"', ' id="s2"', ' class="headerlink"', " data-search-exclude"),
        *(' class="linenodiv"', " title='a>b'", ' data-v="&amp;q"', ' ID="S3" Class="x"'),
    ]
)
_PIECE = st.one_of(
    st.tuples(_OPEN, _ATTRS).map(lambda t: f"<{t[0]}{t[1]}>"),
    st.tuples(_OPEN, _ATTRS).map(lambda t: f"<{t[0]}{t[1]}/>"),
    _OPEN.map(lambda tag: f"</{tag}>"),
    st.sampled_from(["a", " ", "\n", "b c", "x\ny", "&amp;", "  \n ", "中文", "<!-- c -->"]),
)


@settings(max_examples=300)
@given(st.lists(_PIECE, max_size=30).map("".join))
def test_random_pages_give_the_themes_sections(html: str) -> None:
    """Random pages of headings, permalinks, excluded and skipped blocks, pre and kept tags,
    opened and closed in any order, give the theme's sections (or its error)."""
    assert _sections(SectionReader, html) == _sections(THEME_PARSER, html)


def test_install_hands_the_theme_the_reader(monkeypatch: pytest.MonkeyPatch) -> None:
    """After ``install`` the theme's search index splits pages with the reader."""
    monkeypatch.setattr(search_plugin, "Parser", THEME_PARSER)
    install()
    assert search_plugin.Parser is SectionReader
