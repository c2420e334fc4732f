"""Remember results computed from one object (a device, a catalog) for the rest of a build."""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

__all__ = ["clear", "per_object"]

T = TypeVar("T")
# Results keyed by (kind, id(obj)), kept with the object so its id() cannot be reused meanwhile.
_CACHE: dict[tuple[str, int], tuple[object, object]] = {}
_LIMIT = 20_000


def per_object(kind: str, obj: object, compute: Callable[[], T]) -> T:
    """Return ``compute()`` for this object and kind, computing it only the first time."""
    key = (kind, id(obj))
    hit = _CACHE.get(key)
    if hit is None or hit[0] is not obj:
        if len(_CACHE) >= _LIMIT:
            _CACHE.clear()
        hit = (obj, compute())
        _CACHE[key] = hit
    value: T = hit[1]  # type: ignore[assignment]
    return value


def clear() -> None:
    """Forget every remembered result."""
    _CACHE.clear()
