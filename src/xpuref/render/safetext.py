"""Text from data made safe for places the theme prints without escaping (page titles)."""

from __future__ import annotations

import json

from markupsafe import Markup

__all__ = ["front_matter", "theme_safe"]

# Look-alike characters for the few that could end an element or attribute in theme templates.
_LOOKALIKES = str.maketrans({"<": "‹", ">": "›", "&": "＆", '"': "”", "'": "’", "`": "ʻ"})


def theme_safe(text: str) -> str:
    """Replace markup-significant characters with look-alikes and fold control characters."""
    cleaned = "".join(ch if ch.isprintable() else " " for ch in text)
    return cleaned.translate(_LOOKALIKES)


def front_matter(title: str, description: str) -> Markup:
    """YAML front matter (without its fences) giving a generated page its title and description."""
    # A JSON string is a valid YAML double-quoted scalar, and json.dumps is far cheaper than PyYAML.
    fields = {"description": theme_safe(description), "title": theme_safe(title)}
    return Markup("\n".join(f"{k}: {json.dumps(v, ensure_ascii=False)}" for k, v in fields.items()))
