"""Trim what the built site ships: no source maps, no canonical link to an unset address."""

from __future__ import annotations

import re
from pathlib import Path

__all__ = ["drop_canonical", "drop_source_maps"]

_MAP_COMMENT = re.compile(
    r"\n?(?://# sourceMappingURL=[^\n]*|/\*# sourceMappingURL=[^\n]*?\*/)\s*$"
)
_CANONICAL = re.compile(r'<link rel="canonical" href="[^"]*">\s*')


def drop_source_maps(site_dir: Path) -> list[Path]:
    """Delete every ``.map`` file under ``site_dir`` and the comments naming them; return them."""
    removed = sorted(site_dir.rglob("*.map"))
    for path in removed:
        path.unlink()
    for pattern in ("*.js", "*.css"):
        for path in site_dir.rglob(pattern):
            text = path.read_text(encoding="utf-8")
            if "sourceMappingURL=" not in text[-400:]:
                continue
            path.write_text(_MAP_COMMENT.sub("\n", text).rstrip("\n") + "\n", encoding="utf-8")
    return removed


def drop_canonical(html: str) -> str:
    """The page without its canonical link (used when no public address is set)."""
    return _CANONICAL.sub("", html, count=1)
