"""Transfer weight of a built page: its HTML plus the local scripts and styles it loads, gzipped."""

from __future__ import annotations

import gzip
import posixpath
import re
from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlsplit

__all__ = [
    "CHART_MARKER",
    "PLOTLY_PATH",
    "PageWeight",
    "heaviest_page",
    "heaviest_pages",
    "page_weight",
]

#: Attribute that marks a chart container; charts.js then loads plotly.
CHART_MARKER = "data-xpuref-chart"
#: Where charts.js loads plotly from, relative to the site root.
PLOTLY_PATH = "assets/vendor/plotly/plotly-basic.min.js"


@dataclass(frozen=True)
class PageWeight:
    """Gzipped bytes of a page and of each local file it loads (paths relative to the site)."""

    page: str
    parts: dict[str, int] = field(default_factory=dict)

    @property
    def total(self) -> int:
        """Sum of all parts, in gzipped bytes."""
        return sum(self.parts.values())


class _Assets(HTMLParser):
    """Collect ``<script src>`` and stylesheet ``<link href>`` addresses, and chart markers."""

    def __init__(self) -> None:
        """Start with nothing found."""
        super().__init__()
        self.urls: list[str] = []
        self.has_chart = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        """Note asset references and chart containers."""
        found = dict(attrs)
        if CHART_MARKER in found:
            self.has_chart = True
        if tag == "script" and found.get("src"):
            self.urls.append(str(found["src"]))
        rel = (found.get("rel") or "").lower().split()
        if tag == "link" and "stylesheet" in rel and found.get("href"):
            self.urls.append(str(found["href"]))


def _gzipped(data: bytes) -> int:
    """Size of ``data`` after gzip at level 6 (a common server default)."""
    return len(gzip.compress(data, compresslevel=6, mtime=0))


def _local(site: Path, html_rel: str, url: str) -> str | None:
    """The site-relative path of a local asset address, or None for remote or data URLs."""
    parts = urlsplit(url)
    if parts.scheme or parts.netloc or url.startswith("//"):
        return None
    path = unquote(parts.path)
    if path.startswith("/"):
        joined = path.lstrip("/")
    else:
        joined = posixpath.normpath(posixpath.join(posixpath.dirname(html_rel), path))
    if joined.startswith("..") or not (site / joined).is_file():
        return None
    return joined


def page_weight(site: Path, html_path: str | Path) -> PageWeight:
    """Weigh one page: ``html_path`` is a file in ``site`` (absolute, or relative to ``site``)."""
    site = Path(site)
    html_file = Path(html_path)
    if not html_file.is_absolute():
        html_file = site / html_file
    rel = html_file.relative_to(site).as_posix()
    raw = html_file.read_bytes()
    parser = _Assets()
    parser.feed(raw.decode("utf-8", errors="replace"))
    parts = {rel: _gzipped(raw)}
    wanted = [_local(site, rel, url) for url in parser.urls]
    if parser.has_chart:
        wanted.append(PLOTLY_PATH if (site / PLOTLY_PATH).is_file() else None)
    for path in wanted:
        if path is not None and path not in parts:
            parts[path] = _gzipped((site / path).read_bytes())
    return PageWeight(rel, parts)


_SKIP = re.compile(r"(^|/)(404\.html|assets/|search/)")


def heaviest_pages(site: Path, count: int = 5) -> list[PageWeight]:
    """The ``count`` heaviest HTML pages of a built site, heaviest first."""
    site = Path(site)
    weights = [
        page_weight(site, html)
        for html in sorted(site.rglob("*.html"))
        if not _SKIP.search(html.relative_to(site).as_posix())
    ]
    return sorted(weights, key=lambda w: (-w.total, w.page))[:count]


def heaviest_page(site: Path) -> tuple[str, int]:
    """(site-relative path, gzipped bytes) of the heaviest page of a built site."""
    found = heaviest_pages(site, 1)
    if not found:
        raise ValueError(f"no HTML pages under {site}")
    return found[0].page, found[0].total
