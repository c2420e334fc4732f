"""Check every internal link and anchor of a built site, offline, from the files alone."""

from __future__ import annotations

import html
import posixpath
import re
from dataclasses import dataclass
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlsplit

__all__ = ["BrokenLink", "check_site"]

_LINK_ATTRS = {
    ("a", "href"),
    ("link", "href"),
    ("script", "src"),
    ("img", "src"),
    ("iframe", "src"),
    ("source", "src"),
}


@dataclass(frozen=True, order=True)
class BrokenLink:
    """A link in ``page`` to ``target`` that does not resolve, and why."""

    page: str
    target: str
    reason: str

    def __str__(self) -> str:
        """One line per broken link."""
        return f"{self.page}: {self.target}: {self.reason}"


class _Collector(HTMLParser):
    """Gather the ids a page defines and the links it makes (the reference reading: the
    standard library's HTML parser; ``_scan`` reads pages the same way, about ten times faster)."""

    def __init__(self) -> None:
        """Start empty."""
        super().__init__(convert_charrefs=True)
        self.ids: set[str] = set()
        self.links: list[str] = []
        self.refresh: str | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        """Record ids, links and meta refresh targets."""
        _record(self, tag, {k: v for k, v in attrs if v is not None})


def _record(found: _Collector, tag: str, values: dict[str, str]) -> None:
    """Record one start tag's id, link and meta refresh target."""
    for key in ("id", "name"):
        if key in values and (key == "id" or tag == "a"):
            found.ids.add(values[key])
    for name, attr in _LINK_ATTRS:
        if tag == name and attr in values:
            found.links.append(values[attr])
    if tag == "meta" and values.get("http-equiv", "").lower() == "refresh":
        content = values.get("content", "")
        if "url=" in content.lower():
            found.refresh = content[content.lower().index("url=") + 4 :].strip()


#: The tags whose attributes are read whatever they hold (links, named anchors, refresh).
_READ_TAGS = frozenset({"a", "meta", *(name for name, _ in _LINK_ATTRS)})
#: What the HTML parser does not read as tags: comments, and the text of script and style
#: elements (their start tags stay, for a script's src).
_UNREAD = re.compile(
    r"<!--.*?(?:-->|\Z)|(<(script|style)(?=[\s/>])(?:[^>\"']++|\"[^\"]*+\"|'[^']*+')*+>).*?(?:</\2\s*>|\Z)",
    re.S | re.I,
)
#: A start tag: its name and the text of its attributes (quoted values may hold ">"). The
#: quantifiers are possessive, so a tag left open never makes the search backtrack.
_TAG = re.compile(r"<([a-zA-Z][^\s/>]*)((?:[^>\"']++|\"[^\"]*+\"|'[^']*+')*+)>")
#: One attribute: its name and its value, double-quoted, single-quoted or bare.
_ATTR = re.compile(r"""([^\s"'>/=][^\s"'>/=]*)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?""")


def _scan(text: str) -> _Collector:
    """Read one page's start tags as the HTML parser reports them (names lower-cased,
    character references in values decoded, the last of a repeated attribute kept)."""
    found = _Collector()
    text = _UNREAD.sub(lambda m: m.group(1) or "", text)
    for tag in _TAG.finditer(text):
        name = tag.group(1).lower()
        if name not in _READ_TAGS and "id" not in tag.group(2).lower():
            continue  # holds neither a link nor an id
        values: dict[str, str] = {}
        for attr in _ATTR.finditer(tag.group(2)):
            value = next((v for v in attr.group(2, 3, 4) if v is not None), None)
            if value is not None:
                values[attr.group(1).lower()] = html.unescape(value)
        _record(found, name, values)
    return found


def _parse(path: Path) -> _Collector:
    """Read one HTML file."""
    return _scan(path.read_text(encoding="utf-8", errors="replace"))


def _resolve(root: Path, page: Path, target: str, offline: bool = False) -> tuple[Path | None, str]:
    """Turn a link into (file it points to, fragment); None for links we do not check.

    Offline (a bundle opened from file://) a site-absolute link points at the root of the
    reader's file system, so it is reported as leading outside the bundle.
    """
    parts = urlsplit(target)
    if parts.scheme or parts.netloc or target.startswith(("mailto:", "data:", "javascript:")):
        return None, ""
    if not parts.path:
        return page, unquote(parts.fragment)
    base = posixpath.dirname(page.relative_to(root).as_posix())
    if parts.path.startswith("/"):
        if offline:
            return root / "__outside__" / parts.path.lstrip("/"), ""
        base = ""  # site-absolute (served sites' 404 page uses these): from the site root
    joined = posixpath.normpath(posixpath.join(base, unquote(parts.path).lstrip("/")))
    if joined.startswith(".."):
        return root / "__outside__" / joined, ""
    resolved = root / joined
    if parts.path.endswith("/") or resolved.is_dir():
        resolved = resolved / "index.html"
    return resolved, unquote(parts.fragment)


def check_site(root: Path, *, offline: bool = False) -> list[BrokenLink]:
    """Return every broken internal link or anchor under ``root`` (empty when all resolve).

    With ``offline`` the tree is read as the bundle is, from file://, where "/" is not the site.
    """
    pages = sorted(root.rglob("*.html"))
    parsed = {p: _parse(p) for p in pages}
    broken: list[BrokenLink] = []
    for page, found in parsed.items():
        targets = list(found.links)
        if found.refresh:
            targets.append(found.refresh)
        for target in targets:
            path, fragment = _resolve(root, page, target, offline)
            if path is None:
                continue
            name = page.relative_to(root).as_posix()
            if not path.is_file():
                broken.append(BrokenLink(name, target, "no such file"))
                continue
            if fragment and path.suffix == ".html":
                ids = parsed[path].ids if path in parsed else _parse(path).ids
                if fragment not in ids:
                    broken.append(BrokenLink(name, target, f"no element with id '{fragment}'"))
    return sorted(set(broken))
