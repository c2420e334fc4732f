"""Render systems: one generated page per system and the table on the systems index page."""

from __future__ import annotations

from typing import Any

from markupsafe import Markup

from xpuref.data.dataset import Dataset
from xpuref.data.systems import System
from xpuref.data.version import DataVersion
from xpuref.render.datatext import page_text
from xpuref.render.env import ENV as _ENV
from xpuref.render.messages import Messages, messages
from xpuref.render.page_head import page_head
from xpuref.render.pagecontext import ENGLISH_SITE, Published
from xpuref.views.coverage import source_tiers
from xpuref.views.numbers import format_number
from xpuref.views.systems import member_rows, system_totals, total_rows
from xpuref.views.urls import page_url, relative_url

__all__ = ["canonical_system_url", "device_systems", "system_page", "system_table"]


def canonical_system_url(site_url: str, system_id: str) -> str:
    """The permanent public address of a system page (relative when no site URL is set)."""
    base = site_url if not site_url or site_url.endswith("/") else site_url + "/"
    return f"{base}systems/{system_id}/"


def _link(from_url: str, src_uri: str, directory_urls: bool) -> str:
    """Relative link from the page at ``from_url`` to a Markdown page."""
    return relative_url(from_url, page_url(src_uri, directory_urls))


def system_page(
    system: System,
    catalog: Dataset,
    version: DataVersion,
    where: Published = ENGLISH_SITE,
) -> str:
    """The Markdown source of a system's page in ``where.language``, linking each member's page."""
    site_url, directory_urls, language = where.site_url, where.directory_urls, where.language
    here = page_url(f"systems/{system.id}.md", directory_urls)
    t = messages(language, f"systems/{system.id}.md")
    vendor = catalog.vendors[system.vendor]
    title = system.name_zh if language == "zh" and system.name_zh else system.name
    vendor_name = vendor.name_zh if language == "zh" and vendor.name_zh else vendor.name
    members = member_rows(system, catalog)
    return _ENV.get_template("system_page.md.j2").render(
        **page_text(catalog.root, language, t, f"systems/{system.id}.md"),
        **page_head(t, language, title, vendor_name, "system.description"),
        system=system,
        members=members,
        member_links={
            m.device.id: _link(here, f"devices/{m.device.id}.md", directory_urls) for m in members
        },
        rows=total_rows(system, catalog),
        source_numbers={s.id: i for i, s in enumerate(system.sources, start=1)},
        source_tiers=source_tiers(system.sources, system.vendor, catalog),
        version=version,
        canonical_url=canonical_system_url(site_url, system.id),
        format_number=format_number,
    )


def _cell(value: float | None) -> dict[str, str]:
    """A numeric table cell with its sort key."""
    if value is None:
        return {"text": "—", "sort": ""}
    return {"text": format_number(float(f"{value:.6g}")), "sort": repr(float(value))}


def _row(
    system: System, catalog: Dataset, from_url: str, directory_urls: bool, edition: str = ""
) -> dict[str, Any]:
    """One row of the systems table."""
    totals = system_totals(system, catalog)
    peak = totals["peak"]
    half = max((peak[k] for k in ("bf16_matrix", "fp16_matrix") if k in peak), default=None)
    memory = totals["memory_bytes"]
    return {
        "name": system.name,
        "vendor": catalog.vendors[system.vendor].name,
        "year": system.launch_year,
        "href": _link(from_url, f"{edition}systems/{system.id}.md", directory_urls),
        "members": [
            {
                "count": m.count,
                "name": m.device.name,
                "href": _link(from_url, f"{edition}devices/{m.device.id}.md", directory_urls),
            }
            for m in member_rows(system, catalog)
        ],
        "numbers": [
            _cell(system.scale_up.domain_size),
            _cell(None if memory is None else memory / 2**30),
            _cell(None if half is None else half / 1e15),
            _cell(peak["fp8_matrix"] / 1e15 if "fp8_matrix" in peak else None),
            _cell(None if system.power is None else system.power.tdp_w / 1e3),
        ],
    }


def system_table(
    catalog: Dataset,
    from_url: str,
    directory_urls: bool = True,
    t: Messages | None = None,
    edition: str = "",
) -> Markup:
    """The systems table, linking each system and member relative to the page at ``from_url``.

    ``edition`` ("" or "zh/") keeps the links in the reader's edition.
    """
    rows = [_row(s, catalog, from_url, directory_urls, edition) for s in catalog.sorted_systems()]
    template = _ENV.get_template("system_table.html.j2")
    return Markup(template.render(rows=rows, t=t or messages("en")))


def device_systems(
    device_id: str, catalog: Dataset, directory_urls: bool = True
) -> list[dict[str, Any]]:
    """The systems a device is a member of, with links from the device's own page."""
    here = page_url(f"devices/{device_id}.md", directory_urls)
    found = []
    for system in catalog.systems_with(device_id):
        count = sum(m.count for m in system.members if m.device == device_id)
        found.append(
            {
                "name": system.name,
                "count": count,
                "href": _link(here, f"systems/{system.id}.md", directory_urls),
            }
        )
    return found
