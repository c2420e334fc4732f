"""The macros content pages may call, gathered from the modules that provide them."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from markupsafe import Markup, escape

from xpuref.render.env import ENV as _ENV
from xpuref.render.pagecontext import BUNDLE_PATH, PageContext
from xpuref.render.pages import architecture_table, device_table
from xpuref.render.systems import system_table
from xpuref.views.numbers import format_number
from xpuref.views.publish import DATA_LICENSE_NAME, DATA_LICENSE_URL

__all__ = ["how_to_cite", "offline_bundle", "page_macros", "page_values"]


def _core(ctx: PageContext) -> dict[str, Callable[..., Markup]]:
    """Dataset and architecture tables."""
    return {
        "device_table": lambda: device_table(
            ctx.catalog, ctx.page_url, ctx.directory_urls, ctx.edition
        ),
        "architecture_table": lambda: architecture_table(ctx.catalog, ctx.edition == "zh/"),
        "system_table": lambda: system_table(
            ctx.catalog, ctx.page_url, ctx.directory_urls, ctx.edition
        ),
        "how_to_cite": lambda: how_to_cite(ctx),
        "offline_bundle": lambda: offline_bundle(ctx),
    }


def offline_bundle(ctx: PageContext) -> Markup:
    """The Downloads page's link to the offline zip, or how to make one when the build has none."""
    make = (
        "<code>xpuref bundle</code> writes it (<code>dist/xpuref-offline.zip</code>); "
        "<code>xpuref build --bundle</code> publishes it with the site, linked here."
    )
    if not ctx.bundle_bytes:
        return Markup(f"<p>This copy of the site does not carry the offline zip: {make}</p>")
    size = format_number(ctx.bundle_bytes / 1e6, 3)
    href = escape(ctx.link_to_file(BUNDLE_PATH))
    return Markup(
        f'<p><a class="md-button" href="{href}" download>Download the offline site '
        f"(xpuref-offline.zip, {size} MB)</a></p>"
        "<p>Unzip it and open <code>xpuref-offline/index.html</code> in a browser: every page, "
        "chart, calculator and the search work from the file with no network. This zip is "
        f"built from the same data version as these pages. {make}</p>"
    )


def how_to_cite(ctx: PageContext) -> Markup:
    """The licence, the data version and a citation, in text and BibTeX, for this build."""
    address = ctx.site_url.rstrip("/") + "/" if ctx.site_url else ""
    return Markup(
        _ENV.get_template("how_to_cite.html.j2").render(
            licence=(DATA_LICENSE_NAME, DATA_LICENSE_URL),
            version=ctx.version,
            address=address,
            year=(ctx.version.date or "")[:4],
        )
    )


def page_macros(ctx: PageContext) -> dict[str, Callable[..., Any]]:
    """Every macro available to content pages."""
    from xpuref.render import accuracy, charts, knowledge, tables
    from xpuref.render import calculators as calculators_page

    found: dict[str, Callable[..., Any]] = {}
    for provider in (
        _core,
        charts.macros,
        calculators_page.macros,
        accuracy.macros,
        knowledge.macros,
        tables.macros,
    ):
        found.update(provider(ctx))
    return found


def page_values(ctx: PageContext) -> dict[str, Any]:
    """Plain values available to content pages."""
    devices = ctx.catalog.devices.values()
    return {
        "device_count": len(ctx.catalog.devices),
        "vendor_count": len({d.vendor for d in devices}),
        "architecture_count": len(ctx.catalog.architectures),
        "system_count": len(ctx.catalog.systems),
        "data_version": ctx.version.label,
        "data_date": ctx.version.date,
    }
