"""Argument checks shared by the calc modules; every failure is a ValueError naming the argument."""

from __future__ import annotations

import math
from typing import Any

__all__ = [
    "LARGEST",
    "MAX_COUNT",
    "SMALLEST",
    "check_choice",
    "check_count",
    "check_counts",
    "check_flag",
    "check_number",
]

#: Real arguments live between these magnitudes: far beyond any physical figure, yet far from
#: where products and quotients of them underflow to 0 or overflow to infinity.
SMALLEST = 1e-30
LARGEST = 1e30
#: Counts up to 2**53 stay exact as floating-point numbers (in Python and in JavaScript).
MAX_COUNT = 2**53


def _is_real(value: Any) -> bool:
    """Return True for int or float values that are not bool."""
    return isinstance(value, int | float) and not isinstance(value, bool)


def check_count(name: str, value: Any, *, minimum: int = 1) -> int:
    """Return value if it is an int (not bool) of at least minimum, else raise ValueError."""
    if not isinstance(value, int) or isinstance(value, bool):
        raise ValueError(f"{name} must be an integer, got {value!r}")
    if value < minimum:
        raise ValueError(f"{name} must be >= {minimum}, got {value!r}")
    if value > MAX_COUNT:
        raise ValueError(f"{name} must be at most 2**53, got a number of {len(str(value))} digits")
    return value


def check_counts(**values: Any) -> tuple[int, ...]:
    """Check several counts (each at least 1) at once; return them in the order given."""
    return tuple(check_count(name, value) for name, value in values.items())


def check_number(name: str, value: Any, *, allow_zero: bool = False) -> float:
    """Return value as float if it is a finite positive real (or zero when allowed)."""
    if not _is_real(value):
        raise ValueError(f"{name} must be a real number, got {value!r}")
    try:
        number = float(value)
    except OverflowError:
        raise ValueError(
            f"{name} must be finite, got a number of {len(str(value))} digits"
        ) from None
    if not math.isfinite(number):
        raise ValueError(f"{name} must be finite, got {value!r}")
    if number < 0 or (number == 0 and not allow_zero):
        bound = ">= 0" if allow_zero else "> 0"
        raise ValueError(f"{name} must be {bound}, got {value!r}")
    if number > LARGEST or 0 < number < SMALLEST:
        raise ValueError(f"{name} must be 0 or between 1e-30 and 1e30, got {value!r}")
    return number


def check_choice(name: str, value: Any, choices: tuple[str, ...]) -> str:
    """Return value if it is one of the allowed strings, else raise ValueError."""
    if not isinstance(value, str) or value not in choices:
        raise ValueError(f"{name} must be one of {', '.join(choices)}; got {value!r}")
    return value


def check_flag(name: str, value: Any) -> bool:
    """Return value if it is True or False (not 0, 1 or a string), else raise ValueError."""
    if not isinstance(value, bool):
        raise ValueError(f"{name} must be True or False, got {value!r}")
    return value
