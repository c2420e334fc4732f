"""Search boosts: explaining pages rank above device pages, device pages keep the plain score."""

from __future__ import annotations

import pytest

from xpuref.site.search_rank import search_boost


@pytest.mark.parametrize(
    ("src_uri", "above_one"),
    [
        ("glossary.md", True),
        ("guides/gpu-memory.md", True),
        ("calculators/llm.md", True),
        ("math.md", True),
        ("index.md", True),
        ("devices/nvidia-h100-sxm5-80gb.md", False),
        ("systems/google-tpu-v5p-pod.md", False),
        ("guides.md", False),  # a folder prefix matches only inside the folder
    ],
)
def test_boosts_by_page_kind(src_uri: str, above_one: bool) -> None:
    """Concept pages get a boost above 1; pages generated per device or system get exactly 1."""
    assert (search_boost(src_uri) > 1.0) is above_one
    if not above_one:
        assert search_boost(src_uri) == 1.0


def test_the_glossary_ranks_above_guides_and_calculators() -> None:
    """A term's own entry outranks a page that merely uses the term."""
    assert search_boost("glossary.md") > search_boost("guides/storage.md")
    assert search_boost("guides/storage.md") > search_boost("charts/trends.md")
