"""How much the search ranks each page's sections: concepts above the device pages that name them.

Device pages repeat concept words in every spec table ("Tensor Core", "HBM3e", "memory
bandwidth"), and being short they outrank the glossary entry or guide that explains the word.
The theme's search multiplies a section's score by its page's ``search: boost`` meta value, so
the glossary, guides, calculators and other explaining pages get a boost and device and
system pages keep the plain score; a device's name still wins for a device query, because
titles weigh a thousand times more than body text. The theme also scores a whole page
about 2.5 times a section of one, so a glossary entry (a section) needs more than the guides'
boost to stay above a device whose title carries the word twice ("OAM" in a name and alias).
"""

from __future__ import annotations

__all__ = ["BOOSTS", "search_boost"]

#: Boost by the page's source path (first match wins); pages not listed keep 1.
BOOSTS: tuple[tuple[str, float], ...] = (
    ("glossary.md", 3.6),
    ("calculators/", 3.0),
    ("guides/", 3.0),
    ("math.md", 3.0),
    ("ecosystem.md", 3.0),
    ("export-controls.md", 3.0),
    # A vendor's section there ("寒武纪 Cambricon") answers a search for the vendor's name.
    ("architectures.md", 3.0),
    ("charts/", 2.0),
    ("devices/index.md", 2.0),
    ("compare.md", 2.0),
    ("downloads.md", 2.0),
    ("index.md", 2.0),
)


def search_boost(src_uri: str) -> float:
    """The search boost for the page written from ``src_uri`` (a path inside the docs folder)."""
    for prefix, boost in BOOSTS:
        if src_uri == prefix or (prefix.endswith("/") and src_uri.startswith(prefix)):
            return boost
    return 1.0
