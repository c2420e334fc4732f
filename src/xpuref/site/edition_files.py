"""Give each language edition its own search index and sitemap, and its pages their own base.

The i18n plugin writes one search index and one sitemap for both editions at the site root.
Searching the English site would then list every Chinese twin beside its English page, and
the theme's instant navigation (which follows only the addresses in the sitemap at its base)
would carry a reader into the other edition without loading its interface. So the root keeps
the English entries, ``zh/`` gets the Chinese ones (addresses relative to ``zh/``), and every
Chinese page names ``zh/`` as its base, where the theme looks for both files.
"""

from __future__ import annotations

import gzip
import json
import re
from pathlib import Path

from xpuref.site.editions import edition_prefix
from xpuref.views.urls import relative_url

__all__ = ["edition_base", "inline_search_index", "split_search_index", "split_sitemap"]

_BASE = re.compile(r'("base": )"([^"]*)"')
_URL = re.compile(r"\n?\s*<url>.*?</url>", re.S)
_LOC = re.compile(r"<loc>([^<]*)</loc>")


def edition_base(html: str, page_url: str, language: str) -> str:
    """The page with the theme's base set to its edition's root (``zh/``), not the site root."""
    if not page_url.startswith(f"{language}/"):
        return html
    base = relative_url(page_url, f"{language}/").rstrip("/") or "."
    return _BASE.sub(lambda m: f'{m[1]}"{base}"', html, count=1)


def split_search_index(site_dir: Path, language: str) -> int:
    """Move the edition's entries out of the root index into its own; return how many moved."""
    root = site_dir / "search" / "search_index.json"
    index = json.loads(root.read_text(encoding="utf-8"))
    prefix = f"{language}/"
    mine = [d for d in index["docs"] if d["location"].startswith(prefix)]
    if not mine:
        return 0
    index["docs"] = [d for d in index["docs"] if not d["location"].startswith(prefix)]
    root.write_text(_dumps(index), encoding="utf-8")
    own = {**index, "docs": [{**d, "location": d["location"][len(prefix) :]} for d in mine]}
    target = site_dir / language / "search" / "search_index.json"
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(_dumps(own), encoding="utf-8")
    return len(mine)


#: How the theme reads the index from file:// (Material's offline plugin writes the same line).
_INDEX_SCRIPT = "var __index = "


def inline_search_index(site_dir: Path, language: str) -> Path | None:
    """Write the edition's index as the script the theme loads from file://; drop the JSON.

    Material's offline plugin writes ``search/search_index.js`` once, from the root index
    before it is split, so it would hold both editions and ``zh/`` would have none. From a
    file the theme reads only the script, so the JSON copy is left out of the bundle.
    """
    folder = site_dir / edition_prefix(language) / "search"
    index = folder / "search_index.json"
    if not index.exists():
        return None
    script = folder / "search_index.js"
    script.write_text(_INDEX_SCRIPT + index.read_text(encoding="utf-8"), encoding="utf-8")
    index.unlink()
    return script


def _dumps(index: object) -> str:
    """JSON written the way the theme's search plugin writes it."""
    return json.dumps(index, separators=(",", ":"), default=str)


def split_sitemap(site_dir: Path, site_url: str, language: str) -> int:
    """Keep the root sitemap's English addresses; write the edition's to its own sitemap."""
    root = site_dir / "sitemap.xml"
    if not root.exists():
        return 0
    text = root.read_text(encoding="utf-8")
    prefix = site_url.rstrip("/") + f"/{language}/"
    entries = _URL.findall(text)
    if not entries:
        return 0
    mine = [e for e in entries if (m := _LOC.search(e)) and m[1].startswith(prefix)]
    head = text[: text.index(entries[0])]
    tail = "\n</urlset>\n"
    rest = [e for e in entries if e not in mine]
    packed = root.with_name("sitemap.xml.gz")
    # The build's own time stamp, as MkDocs wrote it into the gzip header.
    stamp = int.from_bytes(packed.read_bytes()[4:8], "little") if packed.exists() else 0
    for path, kept in ((root, rest), (site_dir / language / "sitemap.xml", mine)):
        body = head + "".join(kept) + tail
        path.write_text(body, encoding="utf-8")
        gz_path = path.with_name("sitemap.xml.gz")
        with (
            gz_path.open("wb") as raw,
            gzip.GzipFile(fileobj=raw, filename=str(gz_path), mode="wb", mtime=stamp) as gz,
        ):
            gz.write(body.encode("utf-8"))
    return len(mine)
