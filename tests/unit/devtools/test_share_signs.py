"""The multiplication and division signs are not letters in the Chinese share; é still is."""

from __future__ import annotations

import pytest

from xpuref.devtools.chinese_share import chinese_share


def test_times_and_divide_signs_are_not_counted() -> None:
    """× and ÷ sit in the Latin-1 block but are signs: only Han and letters count."""
    share, letters = chinese_share("<article><p>数量 × 芯片数 ÷ 8</p></article>")
    assert (share, letters) == (1.0, 5)


def test_accented_letters_still_count() -> None:
    """Latin letters with accents (é, ü) still count as Latin."""
    share, letters = chinese_share("<article><p>显存 café über</p></article>")
    assert letters == 10
    assert share == pytest.approx(2 / 10)
