"""The offline bundle's 404 page with relative addresses.

MkDocs writes 404.html with site-absolute addresses (``/assets/...``) so that a server can show it
at any depth. From ``file://`` those point at the root of the disk; in the bundle the page sits at
the top of the tree, so the same addresses without the leading slash are right.
"""

from __future__ import annotations

import re
from pathlib import Path

__all__ = ["relative_404", "rewrite_404"]

_ATTR = re.compile(r'((?:href|src|action)=")/(?!/)')
_CONFIG = re.compile(r'("(?:base|search)":\s*")/(?!/)')
_EMPTY_BASE = re.compile(r'("base":\s*)""')


def relative_404(html: str) -> str:
    """Turn the site-absolute addresses of a top-level 404 page into relative ones."""
    html = _ATTR.sub(r"\1", html)
    html = html.replace('href="."', 'href="index.html"').replace('href=""', 'href="index.html"')
    html = _CONFIG.sub(r"\1", html)
    return _EMPTY_BASE.sub(r'\1"."', html)


def rewrite_404(site_dir: Path) -> bool:
    """Rewrite ``404.html`` under ``site_dir`` in place; False when there is none."""
    page = site_dir / "404.html"
    if not page.is_file():
        return False
    page.write_text(relative_404(page.read_text(encoding="utf-8")), encoding="utf-8")
    return True
