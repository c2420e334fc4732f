"""Text from data made safe for places the theme prints without escaping (page titles)."""

from __future__ import annotations

__all__ = ["theme_safe"]

# Look-alike characters for the few that could end an element or attribute in theme templates.
_LOOKALIKES = str.maketrans({"<": "‹", ">": "›", "&": "＆", '"': "”", "'": "’", "`": "ʻ"})


def theme_safe(text: str) -> str:
    """Replace markup-significant characters with look-alikes and fold control characters."""
    cleaned = "".join(ch if ch.isprintable() else " " for ch in text)
    return cleaned.translate(_LOOKALIKES)
