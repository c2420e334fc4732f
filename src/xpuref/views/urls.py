"""Addresses of pages, relative to the page that links them, for both URL styles."""

from __future__ import annotations

import posixpath

__all__ = ["page_url", "relative_url"]


def page_url(src_uri: str, directory_urls: bool) -> str:
    """Return the site address of a Markdown source path (``devices/x.md``)."""
    stem = src_uri.removesuffix(".md")
    if stem == "index" or stem.endswith("/index"):
        base = stem.removesuffix("index")
        return base if directory_urls else f"{base}index.html"
    return f"{stem}/" if directory_urls else f"{stem}.html"


def relative_url(from_url: str, to_url: str) -> str:
    """Link from the page at ``from_url`` to ``to_url`` (both relative to the site root)."""
    from_dir = from_url if from_url.endswith("/") or not from_url else posixpath.dirname(from_url)
    target_dir, name = posixpath.split(to_url)
    rel = posixpath.relpath(target_dir or ".", from_dir.rstrip("/") or ".")
    joined = name if rel == "." else posixpath.join(rel, name)
    if to_url.endswith("/"):
        joined = (rel if rel != "." else ".") + "/"
    return joined
