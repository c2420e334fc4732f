"""Page macros for data tables (filled in by its own work)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from xpuref.pagecontext import PageContext

__all__ = ["macros"]


def macros(ctx: PageContext) -> dict[str, Callable[..., Any]]:
    """Macros this module offers to content pages."""
    return {}
