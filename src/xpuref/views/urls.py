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
    here = [part for part in from_dir.split("/") if part]
    there = [part for part in target_dir.split("/") if part]
    common = 0
    for mine, theirs in zip(here, there, strict=False):
        if mine != theirs:
            break
        common += 1
    # Plain segment arithmetic: site addresses never hold "." or ".." segments to normalise.
    rel = "/".join([".."] * (len(here) - common) + there[common:]) or "."
    if to_url.endswith("/"):
        return rel + "/"
    return name if rel == "." else f"{rel}/{name}"
