"""Tests for carries_count: a derivation input's quote may spell a small count as a word."""

from __future__ import annotations

from xpuref.data.provenance import carries, carries_count

ZEN4 = "Zen 2, 3, and 4 all have two 256-bit FMA units and four 256-bit ALUs."
GRACEMONT = "Common operations have at least two ports"


def test_a_count_in_words_carries_its_number() -> None:
    """'two ... ports' carries 2 for an input, though no digit 2 is printed."""
    assert not carries(GRACEMONT, 2)
    assert carries_count(GRACEMONT, 2)
    assert carries_count(ZEN4, 4)  # "four 256-bit ALUs"


def test_a_word_carries_only_its_exact_count() -> None:
    """A word is no rounding of a figure: 'two' carries 2, not 2.1, 3 or 20."""
    assert not carries_count(GRACEMONT, 2.1)
    assert not carries_count(GRACEMONT, 3)
    assert not carries_count(GRACEMONT, 20)
    assert not carries_count("twofold", 2)  # whole words only


def test_numbers_still_carry_as_before() -> None:
    """Printed numbers keep the rounding rule of carries."""
    assert carries_count(ZEN4, 256)
    assert carries_count("1,979 teraFLOPS", 1979)
    assert not carries_count("1,979 teraFLOPS", 2000)
