"""What every generated page's template starts with: front matter, its words, title and maker."""

from __future__ import annotations

from typing import Any

from xpuref.render.messages import Messages
from xpuref.render.safetext import front_matter

__all__ = ["page_head"]


def page_head(t: Messages, language: str, title: str, vendor: str, about: str) -> dict[str, Any]:
    """Template values shared by device and system pages; ``about`` names the description key."""
    return {
        "front_matter": front_matter(title, t(about, name=title)),
        "t": t,
        "colon": "：" if language == "zh" else ": ",
        "language": language,
        "title": title,
        "vendor_name": vendor,
    }
