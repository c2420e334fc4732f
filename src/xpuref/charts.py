"""Page macros for charts (filled in by its own work)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from markupsafe import Markup

from xpuref.catalog import Catalog
from xpuref.pagecontext import PageContext
from xpuref.schema import Device

__all__ = ["device_section", "macros"]


def macros(ctx: PageContext) -> dict[str, Callable[..., Any]]:
    """Macros this module offers to content pages."""
    return {}


def device_section(device: Device, catalog: Catalog) -> Markup:
    """Extra HTML for a device page (its roofline chart); empty until charts exist."""
    return Markup("")
