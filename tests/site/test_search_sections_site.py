"""The fast section reader on the real site's pages: it reads every article itself (none is left
to the theme's slower parser, which would undo the build's speed-up), and on a page of each kind
it gives the theme's own sections (tests/unit/site/test_search_sections.py holds it to the theme
on the markup the theme treats specially)."""

from __future__ import annotations

import re
from typing import Any

import pytest
from tests.conftest import BuiltSite
from tests.sampling import all_pages

from xpuref.site.search_sections import THEME_PARSER, SectionReader, read_events

pytestmark = pytest.mark.site

_ARTICLE = re.compile(r"<article\b[^>]*>(.*)</article>", re.S)
#: A page of each kind, in both editions: written pages with tables, code and admonitions,
#: widgets, charts, the catalog, a device and a system.
_KINDS = [
    "index.html",
    "glossary/index.html",
    "math/index.html",
    "python/index.html",
    "guides/interconnects/index.html",
    "calculators/llm/index.html",
    "charts/roofline/index.html",
    "devices/index.html",
    "devices/nvidia-h100-sxm5-80gb/index.html",
    "systems/nvidia-dgx-h100/index.html",
    "compare/index.html",
]


def _sections(parser: type[Any], html: str) -> list[tuple[Any, ...]]:
    """The sections a parser gives: heading, id, depth, title and text."""
    reader = parser()
    reader.feed(html)
    reader.close()
    return [(s.el.tag, s.id, s.depth, s.title, s.text) for s in reader.data]


def test_every_article_is_read_fast_and_as_the_theme_reads_it(built_site: BuiltSite) -> None:
    """No article of either edition holds markup the fast reader leaves to the theme; the
    sample's sections are the theme's."""
    articles: dict[str, str] = {}
    for path in all_pages(built_site.root):
        match = _ARTICLE.search((built_site.root / path).read_text(encoding="utf-8"))
        assert match, f"{path}: no article"
        articles[path] = match.group(1)
    assert len(articles) > 400
    for html in articles.values():
        for _ in read_events(html):  # raises Unreadable where it would leave the page
            pass
    for path in [*_KINDS, *(f"zh/{kind}" for kind in _KINDS)]:
        theme = _sections(THEME_PARSER, articles[path])
        assert len(theme) > 1 or "devices/index" in path, path
        assert _sections(SectionReader, articles[path]) == theme, path
