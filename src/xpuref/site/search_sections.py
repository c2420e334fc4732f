"""Split pages into search sections as the theme does, with a fast reader of well-formed HTML.

The theme's search plugin splits each page into sections (a heading and the text under it)
with a subclass of the standard library's ``html.parser.HTMLParser``. Reading the markup in
Python and testing every open element against the skipped ones on every call took about a
quarter of a whole site build. ``SectionReader`` gives the same sections faster, in two parts:

- ``read_events`` makes the standard parser's handler calls with regular expressions, for a
  page made of plain start and end tags (ASCII names, whitespace between attributes),
  comments without ``--`` inside, character references in text and attribute values, and
  script and style bodies that hold no ``</`` or ``<!--``. A page holding anything else (a
  ``<`` in text, a declaration, an unusual name) raises ``Unreadable``, and the theme's own
  parser reads it whole, so no page depends on a guess.
- ``sections`` applies the theme's rules (headings with ids start sections, permalinks stay out
  of titles, excluded and script-like blocks are skipped, whitespace is collapsed outside
  ``pre``, empty kept tags are dropped) with counts of open tags instead of list scans.

Tests hold both to the standard parser and the theme's sections, on tricky and random pages
and on the real site's.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from html import escape, unescape
from typing import Any

from material.plugins.search import plugin as search_plugin

__all__ = ["SectionReader", "Unreadable", "attributes", "install", "read_events", "sections"]

#: The theme's section parser, as shipped (kept so ``install`` can run more than once).
THEME_PARSER: type[Any] = search_plugin.Parser
#: The tags whose markup the theme keeps in the index (paragraphs, lists, code...).
THEME_KEEP: frozenset[str] = frozenset(THEME_PARSER().keep)

#: One token of a well-formed page: text, a start tag (name, attributes, "/" of "/>"), an end
#: tag, or a comment with no "--" inside. Names are plain (letters, digits, "-"; attributes also
#: "_", ":", ".", "@"), so every Python's HTML parser reads them alike.
_TOKEN = re.compile(
    r"([^<]++)"
    r"|<([a-zA-Z][a-zA-Z0-9-]*+)((?:[ \t\n\r\f]++[a-zA-Z_:@][-a-zA-Z0-9_:.@]*+(?:[ \t\n\r\f]*+="
    r"[ \t\n\r\f]*+(?:\"[^\"]*+\"|'[^']*+'|[^\s\"'=<>`]++))?)*+)[ \t\n\r\f]*+(/?)>"
    r"|</([a-zA-Z][a-zA-Z0-9-]*+)[ \t\n\r\f]*+>"
    r"|<!--((?:[^-]|-(?!-))*+)-->"
)
#: One attribute of a start tag: its name and a double-quoted, single-quoted or bare value.
_ATTR = re.compile(
    r"([a-zA-Z_:@][-a-zA-Z0-9_:.@]*+)(?:[ \t\n\r\f]*+=[ \t\n\r\f]*+"
    r"(?:\"([^\"]*+)\"|'([^']*+)'|([^\s\"'=<>`]++)))?"
)
#: Elements whose body the standard parser passes on as raw text up to their end tag.
_RAW = ("script", "style")
#: Elements whose body some Python versions' parsers read as raw or escapable text; a page
#: holding one, or a raw-text element written as "<script/>", is left to the standard parser.
_UNSURE = frozenset({"xmp", "iframe", "noembed", "noframes", "plaintext", "textarea", "title"})

#: One handler call of the standard parser, as ``read_events`` gives it.
Event = tuple[Any, ...]


def attributes(text: str) -> list[tuple[str, str | None]]:
    """A start tag's attributes as the standard parser gives them (names lower-cased, values
    unquoted with character references decoded, None for an attribute without a value)."""
    found: list[tuple[str, str | None]] = []
    for match in _ATTR.finditer(text):
        double, single, bare = match.group(2, 3, 4)
        value = double if double is not None else single if single is not None else bare
        found.append((match.group(1).lower(), unescape(value) if value else value))
    return found


class Unreadable(Exception):
    """The page holds markup the fast reader leaves to the standard parser."""


def read_events(html: str) -> Iterator[Event]:
    """The handler calls the standard parser makes for ``html``, in order: ("data", text),
    ("start", tag, attribute text), ("startend", tag, attribute text), ("end", tag) or
    ("comment", text). Raises Unreadable, possibly after some events, where the page holds
    markup this reader leaves to the standard parser."""
    position = 0
    for match in _TOKEN.finditer(html):
        if match.start() != position:
            if match.start() > position:
                raise Unreadable(html[position : position + 40])
            continue  # inside a raw-text body already passed on
        position = match.end()
        text, tag, attrs, slash, closing, comment = match.groups()
        if text is not None:
            yield ("data", unescape(text) if "&" in text else text)
        elif tag is not None:
            tag = tag.lower()
            if tag in _UNSURE or (slash and tag in _RAW):
                raise Unreadable(tag)
            yield ("startend" if slash else "start", tag, attrs)
            if tag in _RAW and not slash:
                stop = html.find("</", position)
                body = html[position:stop]
                closed = html[stop : stop + len(tag) + 3].lower() == f"</{tag}>"
                if stop < 0 or "<!--" in body or not closed:
                    raise Unreadable(tag)
                if body:
                    yield ("data", body)
                yield ("end", tag)
                position = stop + len(tag) + 3
        elif closing is not None:
            yield ("end", closing.lower())
        else:
            yield ("comment", comment)
    if position != len(html):
        raise Unreadable(html[position : position + 40])


_HEADINGS = frozenset(f"h{level}" for level in range(1, 7))
#: What the theme never lets an excluded element's end give back (it skips them for good).
_ALWAYS_SKIPPED = frozenset({"script", "style", "object"})
#: Attribute text that may exclude an element from the index (read in full only then).
_MAY_EXCLUDE = re.compile(r"data-search-exclude|linenodiv|&", re.I)


def sections(events: Iterable[Event]) -> list[Any]:
    """The theme's sections of a page read as ``events``: what the theme's parser gives.

    The theme's handlers keep the open elements as a list of objects that compare by tag, and
    test them against the set of skipped ones on every call; here the open tags are counted
    instead, which gives the same answers (an element counts as open, or skipped, whenever any
    open element has its tag). Attributes are read only where the theme looks at them: on
    headings, links, and tags whose attribute text may exclude them."""
    element, section_of = search_plugin.Element, search_plugin.Section
    keep, void = THEME_KEEP, search_plugin.void
    found: list[Any] = []
    section: Any = None
    context: list[str] = []
    links: list[bool] = []  # whether each open element is a heading's permalink
    count: dict[str, int] = {}
    skipped = set(_ALWAYS_SKIPPED)
    hidden = 0  # open elements whose tag is skipped
    for kind, *args in events:
        if kind == "data":
            if hidden:
                continue
            text = args[0]
            pre = count.get("pre")
            if not pre:
                text = " " if text.isspace() else text.replace("\n", " ")
            if section is None:
                section = section_of(element("hx"))
                found.append(section)
            if count.get(section.el.tag):
                if not any(links):
                    section.title.append(escape(text, quote=False))
            elif text.isspace():
                if not section.text or not section.text[-1].isspace() or pre:
                    section.text.append(text)
            else:
                section.text.append(escape(text, quote=False))
            continue
        if kind in ("start", "startend"):
            tag, raw = args
            if tag not in void:
                read = tag in _HEADINGS or tag == "a" or (raw and _MAY_EXCLUDE.search(raw))
                attrs = dict(attributes(raw)) if read else {}
                context.append(tag)
                count[tag] = count.get(tag, 0) + 1
                if tag in skipped:
                    hidden += 1
                links.append(tag == "a" and attrs.get("class") == "headerlink")
                if tag in _HEADINGS and "id" in attrs:
                    depth = len(context)
                    if tag != "h1" and not found:
                        section = section_of(element("hx"), depth)
                        found.append(section)
                    section = section_of(element(tag, attrs), depth)
                    if found:
                        section.id = attrs["id"]
                    found.append(section)
                if section is None:
                    section = section_of(element("hx"))
                    found.append(section)
                if "data-search-exclude" in attrs or attrs.get("class") == "linenodiv":
                    if tag not in skipped:
                        skipped.add(tag)
                        hidden += count[tag]
                elif tag in keep and not hidden:
                    part = section.title if count.get(section.el.tag) else section.text
                    part.append(f"<{tag}>")
            if kind == "start":
                continue
        if kind in ("end", "startend"):
            tag = args[0]
            if not context or context[-1] != tag:
                continue
            if section.depth > len(context):
                for earlier in reversed(found):
                    if earlier.depth <= len(context):
                        section.depth = float("inf")
                        section = earlier
                        break
            context.pop()
            count[tag] -= 1
            links.pop()
            if tag in skipped:
                hidden -= 1
                if tag not in _ALWAYS_SKIPPED:
                    skipped.remove(tag)
                    hidden -= count[tag]
                continue
            if tag in keep and not hidden:
                part = section.title if count.get(section.el.tag) else section.text
                index = part.index(f"<{tag}>")
                if any(not piece.isspace() for piece in part[index + 1 :]):
                    part.append(f"</{tag}>")
                else:
                    del part[index:]
    return found


class SectionReader(THEME_PARSER):  # type: ignore[misc]
    """The theme's section parser, reading well-formed pages with ``read_events`` and
    ``sections`` (anything else with the theme's own parser)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        """Start as the theme's parser does, with nothing read yet."""
        super().__init__(*args, **kwargs)
        self._pending: list[str] = []

    def feed(self, data: str) -> None:
        """Keep the text; it is read whole when the parser is closed."""
        self._pending.append(data)

    def close(self) -> None:
        """Read everything fed, with the fast reader where it can and the theme's else."""
        html = "".join(self._pending)
        self._pending = []
        try:
            self.data = sections(read_events(html))
        except Unreadable:
            reference = THEME_PARSER()
            reference.feed(html)
            reference.close()
            self.data = reference.data


def install() -> None:
    """Make the theme's search plugin split pages with ``SectionReader``."""
    search_plugin.Parser = SectionReader
