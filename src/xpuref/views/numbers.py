"""The one number formatter of the Python side: figures as a datasheet prints them."""

from __future__ import annotations

from decimal import Decimal

__all__ = ["format_number"]


def format_number(value: float, digits: int | None = None) -> str:
    """Thousands separated, no trailing zeros; rounded to ``digits`` significant figures.

    Without ``digits`` the value is shown exactly as stored (0.08912 stays 0.08912), so a cited
    figure carries the data's own number; derived figures pass the digits they mean.
    """
    number = float(value)
    if digits is not None:
        number = float(f"{number:.{digits}g}")
    if number.is_integer() and abs(number) < 1e21:
        return f"{int(number):,}"
    return format(Decimal(repr(number)), ",f")
