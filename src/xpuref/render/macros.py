"""The macros content pages may call, gathered from the modules that provide them."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from markupsafe import Markup

from xpuref.render.env import ENV as _ENV
from xpuref.render.messages import messages
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
            ctx.catalog,
            ctx.page_url,
            ctx.directory_urls,
            messages(ctx.language, ctx.page_url),
            ctx.edition,
        ),
        "architecture_table": lambda: architecture_table(
            ctx.catalog, ctx.language, "architectures.md"
        ),
        "system_table": lambda: system_table(
            ctx.catalog,
            ctx.page_url,
            ctx.directory_urls,
            messages(ctx.language, ctx.page_url),
            ctx.edition,
        ),
        "how_to_cite": lambda: how_to_cite(ctx),
        "offline_bundle": lambda: offline_bundle(ctx),
    }


def offline_bundle(ctx: PageContext) -> Markup:
    """The Downloads page's link to the offline zip, or how to make one when the build has none."""
    t = messages(ctx.language, ctx.page_url)
    make = t("bundle.make_html")
    if not ctx.bundle_bytes:
        return Markup("<p>{}</p>").format(t("bundle.missing_html", make=make))
    size = format_number(ctx.bundle_bytes / 1e6, 3)
    href = ctx.link_to_file(BUNDLE_PATH)
    return Markup("<p>{}</p><p>{}</p>").format(
        t("bundle.download_html", href=href, size=size), t("bundle.use_html", make=make)
    )


def how_to_cite(ctx: PageContext) -> Markup:
    """The licence, the data version and a citation, in text and BibTeX, for this build."""
    address = ctx.site_url.rstrip("/") + "/" if ctx.site_url else ""
    return Markup(
        _ENV.get_template("how_to_cite.html.j2").render(
            licence=(DATA_LICENSE_NAME, DATA_LICENSE_URL),
            t=messages(ctx.language, ctx.page_url),
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
