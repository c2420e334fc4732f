"""Every address a data file cites must come from a registered, citable publisher."""

from __future__ import annotations

import re
from typing import Any

from xpuref.data.problems import Problem
from xpuref.data.publishers import Registry
from xpuref.data.urls import parse_url
from xpuref.data.yamlfile import FieldPath, SourceFile, problem_at

__all__ = ["check_sites", "listing_page"]

#: Paths of tag, category and topic listings: pages that only list articles, and change as new
#: ones arrive (a repository's "releases/tag/..." page is one release, not a listing).
_LISTING = re.compile(r"/(?:news-tags?|tags?|category|categories|topics?)/", re.IGNORECASE)


def listing_page(url: str) -> bool:
    """Whether an address is a tag, category or topic listing rather than one article."""
    try:
        path = parse_url(url).path
    except ValueError:
        return False
    return bool(_LISTING.search(path)) and "/releases/tag/" not in path


def _urls(raw: Any, path: FieldPath = ()) -> list[tuple[FieldPath, str]]:
    """Every ``url`` value in a parsed file, with its path."""
    found: list[tuple[FieldPath, str]] = []
    if isinstance(raw, dict):
        for key, value in raw.items():
            if key == "url" and isinstance(value, str):
                found.append(((*path, "url"), value))
            elif key == "cites":
                continue  # the document a page cites is named, not read: its host is not checked
            else:
                found += _urls(value, (*path, str(key)))
    elif isinstance(raw, list):
        for i, item in enumerate(raw):
            found += _urls(item, (*path, i))
    return found


def check_sites(src: SourceFile, registry: Registry) -> list[Problem]:
    """Refuse addresses from unregistered or refused sites (cite the original instead)."""
    problems: list[Problem] = []
    for path, url in _urls(src.data):
        try:
            parse_url(url)
        except ValueError as exc:
            problems.append(problem_at(src, path, str(exc)))
            continue
        pub = registry.lookup(url)
        if pub is None:
            problems.append(
                problem_at(
                    src,
                    path,
                    f"the site of {url!r} is not in data/publishers.yaml: register it with its "
                    "tier, or cite another page",
                )
            )
        elif pub.tier == "refused":
            problems.append(problem_at(src, path, f"{pub.site} may not be cited: {pub.reason}"))
        elif listing_page(url):
            problems.append(
                problem_at(
                    src,
                    path,
                    f"{url!r} is a tag or listing page, whose content changes: cite the article "
                    "itself",
                )
            )
    return problems
