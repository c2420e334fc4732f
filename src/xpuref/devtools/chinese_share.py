"""How Chinese the Chinese edition reads: the share of Chinese characters in each page's text.

Counted over the page's main content as a reader sees it, leaving out what stays as it is in
every language: figures and units, code, sources (a source's title and the words quoted from
it keep their own language), hidden text and scripts. Letters count (Han characters against
Latin letters); digits, spaces and punctuation do not.

    python -m xpuref.devtools.chinese_share SITE_DIR   # one line per page type
"""

from __future__ import annotations

import re
import sys
from collections import defaultdict
from html.parser import HTMLParser
from pathlib import Path

__all__ = ["chinese_share", "page_kind", "share_by_kind", "site_shares"]

_HAN = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]")
#: Latin letters, the multiplication and division signs (× U+00D7, ÷ U+00F7) left out.
_LATIN = re.compile(r"[A-Za-z\u00c0-\u00d6\u00d8-\u00f6\u00f8-\u024f]")
#: Elements whose text is not counted: code, figures and units, sources, machinery.
_SKIP_TAGS = {"code", "pre", "script", "style", "svg", "noscript", "template", "math"}
_SKIP_CLASSES = {
    "xpuref-value",
    "xpuref-unit",
    "xpuref-sources",
    "xpuref-search-words",
    "xpuref-version",
    "headerlink",
    "xpuref-anchor",
    "js-plotly-plot",
    "xpuref-chart",
    "xpuref-quote",
    "xpuref-quoted",
}
_VOID = {"br", "img", "input", "meta", "link", "hr", "wbr", "source", "col", "area", "base"}


class _Text(HTMLParser):
    """Collect the counted text inside the page's article."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.depth = 0
        self.article = 0
        self.skip: list[int] = []
        self.parts: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        """Track the article and the skipped elements."""
        if tag in _VOID:
            return
        self.depth += 1
        names = dict(attrs)
        classes = set((names.get("class") or "").split())
        if tag == "article" and not self.article:
            self.article = self.depth
        source_link = tag == "a" and "nofollow" in (names.get("rel") or "").split()
        if (
            tag in _SKIP_TAGS
            or classes & _SKIP_CLASSES
            or "hidden" in names
            or source_link
            or names.get("translate") == "no"
        ):
            self.skip.append(self.depth)

    def handle_endtag(self, tag: str) -> None:
        """Close the innermost element."""
        if tag in _VOID:
            return
        if self.skip and self.skip[-1] == self.depth:
            self.skip.pop()
        if self.article == self.depth:
            self.article = 0
        self.depth -= 1

    def handle_data(self, data: str) -> None:
        """Keep text inside the article and outside skipped elements."""
        if self.article and not self.skip:
            self.parts.append(data)


def chinese_share(html: str) -> tuple[float, int]:
    """The share of Han characters among the counted letters, and how many letters counted."""
    parser = _Text()
    parser.feed(html)
    text = " ".join(parser.parts)
    han = len(_HAN.findall(text))
    latin = len(_LATIN.findall(text))
    total = han + latin
    return (han / total if total else 1.0), total


def page_kind(relative: str) -> str:
    """The page type of a page below the edition root: devices, guides, calculators..."""
    parts = relative.split("/")
    if relative in ("index.html", ""):
        return "home"
    if parts[0] == "devices" and len(parts) > 2:
        return "device"
    if parts[0] == "systems" and len(parts) > 2:
        return "system"
    if parts[0] in ("guides", "calculators", "charts") and len(parts) > 2:
        return parts[0]
    return "other"


def site_shares(site_dir: Path, language: str = "zh") -> dict[str, float]:
    """Each page of the edition (relative path) with its Chinese share; redirect stubs left out."""
    root = site_dir / language
    found: dict[str, float] = {}
    for path in sorted(root.rglob("index.html")):
        relative = path.relative_to(root).as_posix()
        if relative.split("/")[0] in ("search", "assets", "data"):
            continue
        html = path.read_text(encoding="utf-8")
        if 'http-equiv="refresh"' in html:
            continue
        share, letters = chinese_share(html)
        if letters:
            found[relative] = share
    return found


def share_by_kind(shares: dict[str, float]) -> dict[str, tuple[int, float, float, float]]:
    """Per page type: pages, lowest share, mean share, and the share of pages at 90 % or more."""
    groups: dict[str, list[float]] = defaultdict(list)
    for relative, share in shares.items():
        groups[page_kind(relative)].append(share)
    return {
        kind: (
            len(values),
            min(values),
            sum(values) / len(values),
            sum(v >= 0.9 for v in values) / len(values),
        )
        for kind, values in sorted(groups.items())
    }


def main(argv: list[str]) -> int:
    """Print the shares of a built site per page type."""
    if len(argv) != 1:
        print("usage: python -m xpuref.devtools.chinese_share SITE_DIR", file=sys.stderr)
        return 2
    shares = site_shares(Path(argv[0]))
    print(f"{'type':<12} {'pages':>5} {'lowest':>7} {'mean':>6} {'>=90%':>6}")
    for kind, (count, low, mean, ok) in share_by_kind(shares).items():
        print(f"{kind:<12} {count:>5} {low:>7.1%} {mean:>6.1%} {ok:>6.0%}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
