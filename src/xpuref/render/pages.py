"""Render data into page content through autoescaped Jinja templates."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

from markupsafe import Markup

from xpuref.data.dataset import Dataset
from xpuref.data.devices import Device
from xpuref.data.fields import RATES
from xpuref.data.version import DataVersion
from xpuref.render import charts
from xpuref.render.datatext import data_text, page_text
from xpuref.render.env import ENV as _ENV
from xpuref.render.messages import Messages, messages, script_words
from xpuref.render.page_head import page_head
from xpuref.render.page_macros import expand_macros
from xpuref.render.pagecontext import ENGLISH_SITE, Published
from xpuref.render.systems import device_systems
from xpuref.views.catalog import (
    CatalogRow,
    catalog_facets,
    catalog_ranges,
    catalog_rows,
    rate_choices,
)
from xpuref.views.chinese_names import chinese_name
from xpuref.views.coverage import device_source_tiers
from xpuref.views.derive import derived_for, export_detail
from xpuref.views.export_view import export_rows
from xpuref.views.figures import HALF, vendor_colors
from xpuref.views.measured import measured_rows
from xpuref.views.numbers import format_number
from xpuref.views.spec import SpecRow, device_spec_rows
from xpuref.views.urls import page_url, relative_url
from xpuref.views.words import market_words

__all__ = [
    "DerivedRow",
    "architecture_table",
    "canonical_device_url",
    "derived_rows",
    "device_page",
    "device_table",
    "render_page_macros",
]


@dataclass(frozen=True)
class DerivedRow:
    """One derived figure on a device page."""

    anchor: str
    label: str
    value: str
    unit: str


def _num(value: float, digits: int = 4) -> str:
    """Round a derived figure for display."""
    return format_number(value, digits)


def _rate_label(key: str, t: Messages) -> str:
    """A rate's label in the page's language: 'BF16 matrix', 'FP32 (vector)'."""
    rate = RATES[key]
    kind = "rate.matrix" if rate.unit_kind == "matrix" else "rate.vector"
    return t(kind, precision=rate.precision.label)


def _short_label(key: str, t: Messages) -> str:
    """A rate's label for derived rows: without "(vector)"."""
    if key not in RATES:
        return key
    if RATES[key].unit_kind == "matrix":
        return _rate_label(key, t)
    return RATES[key].precision.label


def _translated(row: SpecRow, device: Device, t: Messages) -> SpecRow:
    """A spec row labelled from the page's catalogue (the row keeps its field and anchor)."""
    rate = next((k for k, r in RATES.items() if r.path == row.field), None)
    if rate is not None:
        label = t("rate.dense", label=_rate_label(rate, t))
    elif row.field == "power.tdp_w" and device.power.term:
        label = t("field.power_term", term=device.power.term)
    else:
        label = t(f"field.{row.field}")
    return replace(row, label=label)


def derived_rows(device: Device, ds: Dataset, t: Messages | None = None) -> list[DerivedRow]:
    """Rows for the derived-figures table, from xpuref.calc's results."""
    t = t or messages("en")
    derived = derived_for(device, ds)
    rows: list[DerivedRow] = []
    for key, value in derived["sparse"].items():
        unit = RATES[key].unit
        rows.append(
            DerivedRow(
                f"sparse-{key.replace('_', '-')}",
                t("derived.sparse", rate=_short_label(key, t)),
                _num(value),
                unit,
            )
        )
    # A device lacking a rate its architecture runs has only a lower bound on TPP and density;
    # one whose missing rates its architecture caps is exact only under that reading, so say so.
    sign = "" if derived["tpp_exact"] is not False else "≥ "
    first = next(iter(export_detail(device, ds).values()), None)
    capped = first["tpp_ceilings"] if first else []
    note = ""
    if capped:
        names = ", ".join(_rate_label(key, t) for key in capped if key in RATES)
        note = t("derived.capped", names=names)
    if (tpp := derived["tpp"]) is not None:
        rows.append(
            DerivedRow(
                "tpp",
                t("derived.tpp") + note,
                sign + _num(tpp, 6),
                "",
            )
        )
    if (density := derived["performance_density"]) is not None:
        rows.append(
            DerivedRow(
                "performance-density",
                t("derived.density") + note,
                sign + _num(density),
                "",
            )
        )
    for key, value in derived["ridge_points"].items():
        rows.append(
            DerivedRow(
                f"ridge-{key.replace('_', '-')}",
                t("derived.ridge", rate=_short_label(key, t)),
                _num(value),
                "FLOPs/byte",
            )
        )
    for key, value in derived["tflops_per_watt"].items():
        unit = f"{RATES[key].unit}/W"
        rows.append(
            DerivedRow(
                f"per-watt-{key.replace('_', '-')}",
                t("derived.per_watt", rate=_short_label(key, t)),
                _num(value),
                unit,
            )
        )
    if (per_flop := derived["bytes_per_flop"]) is not None:
        rows.append(
            DerivedRow(
                "bytes-per-flop",
                t("derived.bytes_per_flop"),
                _num(per_flop),
                "bytes/FLOP",
            )
        )
    return rows


def _roofline(device: Device, catalog: Dataset, language: str) -> Markup:
    """The roofline section, its heading in the page's language (the chart is shared)."""
    section = charts.device_section(device, catalog, language)
    heading = "## Roofline\n"
    if language == "en" or not section.startswith(heading):
        return section
    title = data_text(catalog.root, language)("Roofline")
    return Markup("## {}\n").format(title) + Markup(section[len(heading) :])


def canonical_device_url(site_url: str, device_id: str) -> str:
    """The permanent public address of a device page (empty when no public address is set)."""
    if not site_url:
        return ""
    base = site_url if site_url.endswith("/") else site_url + "/"
    return f"{base}devices/{device_id}/"


def device_page(
    device: Device,
    catalog: Dataset,
    version: DataVersion,
    where: Published = ENGLISH_SITE,
) -> str:
    """The Markdown source of a device's page in ``where.language``, linking its systems.

    Every word the page adds to the data comes from that language's message catalogue; the
    Chinese page is titled with the device's Chinese name and gives the English one below it.
    """
    site_url, directory_urls, language = where.site_url, where.directory_urls, where.language
    t = messages(language, f"devices/{device.id}.md")
    vendor = catalog.vendors[device.vendor]
    name_zh = chinese_name(device, vendor)
    if language == "zh":
        title, vendor_name = name_zh, vendor.name_zh or vendor.name
        other_name, other_label, other_lang = device.name, "device.english_name", "en"
    else:
        title, vendor_name = device.name, vendor.name
        other_name, other_label, other_lang = name_zh, "device.chinese_name", "zh"
    if other_name == title:
        other_name = ""
    return _ENV.get_template("device_page.md.j2").render(
        **page_head(t, language, title, vendor_name, "device.description"),
        **page_text(catalog.root, language, t, f"devices/{device.id}.md"),
        other_name=other_name,
        other_label=other_label,
        other_lang=other_lang,
        device=device,
        arch=catalog.architectures[device.architecture],
        rows=[_translated(row, device, t) for row in device_spec_rows(device, catalog)],
        derived_rows=derived_rows(device, catalog, t),
        source_numbers={s.id: i for i, s in enumerate(device.sources, start=1)},
        source_tiers=device_source_tiers(device, catalog),
        version=version,
        canonical_url=canonical_device_url(site_url, device.id),
        extra_html=_roofline(device, catalog, language),
        export_rows=export_rows(device, catalog),
        market=market_words(device.market),
        licences=sorted(
            (e for e in catalog.licences if device.id in e.devices), key=lambda e: e.date
        ),
        systems=device_systems(device.id, catalog, directory_urls),
        measured=measured_rows(catalog, device.id),
        add_compare_words=script_words(t, "js.add_compare.", "xpuref-add-compare-text"),
        compare_href=relative_url(
            page_url(f"devices/{device.id}.md", directory_urls),
            page_url("compare.md", directory_urls),
        ),
        quality_href=relative_url(
            page_url(f"devices/{device.id}.md", directory_urls),
            page_url("data-quality.md", directory_urls),
        ),
    )


def _cell(value: float | None, note: str = "") -> dict[str, str]:
    """A numeric catalog cell with its sort key and an optional label (on-chip SRAM)."""
    if value is None:
        return {"text": "—", "sort": "", "note": ""}
    return {"text": format_number(float(f"{value:.6g}")), "sort": repr(float(value)), "note": note}


def _memory_cell(r: CatalogRow, t: Messages) -> dict[str, str]:
    """The memory cell: a card's total, with chips x per-chip beside it where there are several."""
    cell = _cell(r.memory_gb, t("catalogpage.sram") if r.on_chip else "")
    if r.chips > 1 and r.memory_per_chip_gb is not None:
        per = format_number(float(f"{r.memory_per_chip_gb:.6g}"))
        cell["text"] = t("catalogpage.per_chip", total=cell["text"], chips=r.chips, per=per)
    return cell


def _rate_words(label: str, t: Messages) -> str:
    """A rate label with its "matrix" and "vector" in the page's language.

    Past English the unit's parentheses go too ("FP64 (vector)" reads "FP64 向量").
    """
    words = re.sub(r"\b(matrix|vector)\b", lambda m: t(f"calc.word.{m.group(1)}"), label)
    return words if t.language == "en" else re.sub(r" \((\S+)\)$", r" \1", words)


def device_table(
    catalog: Dataset,
    from_url: str,
    directory_urls: bool = True,
    t: Messages | None = None,
    edition: str = "",
) -> Markup:
    """The catalog table, linking each device relative to the page at ``from_url``.

    ``edition`` ("" or "zh/") keeps the links in the reader's edition.
    """
    t = t or messages("en")
    found = catalog_rows(catalog)
    colors = vendor_colors(catalog)
    rows = []
    for r in found:
        rows.append(
            {
                "row": r,
                "href": relative_url(
                    from_url, edition + page_url(f"devices/{r.id}.md", directory_urls)
                ),
                "color": colors.get(r.vendor, "#888888"),
                "memory": _memory_cell(r, t),
                "bandwidth": _cell(r.bandwidth_gbs, t("catalogpage.sram") if r.on_chip else ""),
                "rate": _cell(r.rates.get(HALF)),
                "tdp": _cell(r.tdp_w),
                "achieved": _cell(r.achieved_bf16),
            }
        )
    markets = {r.market: t(f"catalog.market.{r.market}") for r in found}
    facets = [
        replace(
            f,
            label=t(f"catalog.facet.{f.name}"),
            options=tuple(
                (value, markets[value] if f.name == "market" else title, count)
                for value, title, count in f.options
            ),
        )
        for f in catalog_facets(catalog, found)
    ]
    html = _ENV.get_template("device_table.html.j2").render(
        rows=rows,
        facets=facets,
        ranges=[replace(r, label=t(f"catalog.range.{r.key}")) for r in catalog_ranges()],
        rates=[(key, _rate_words(label, t), unit) for key, label, unit in rate_choices(found)],
        vendor_names={slug: v.name for slug, v in catalog.vendors.items()},
        market_names=markets,
        compare_href=relative_url(from_url, edition + page_url("compare.md", directory_urls)),
        t=t,
        # Past English each option names its precision only; the column head gives the unit.
        units_in_options=t.language == "en",
        script_text=script_words(t, "js.catalog.", "xpuref-catalog-text"),
    )
    return Markup(html)


def architecture_table(
    catalog: Dataset, language: str = "en", page: str = "architectures.md"
) -> Markup:
    """Architecture generations grouped by vendor, oldest first, in the page's language.

    In the Chinese edition a vendor's heading leads with its Chinese name where it has one
    ("寒武纪 Cambricon"), so the vendor is found by the name its readers search for.
    """
    groups = []
    for slug in sorted({a.vendor for a in catalog.architectures.values()}):
        items = sorted(
            (a for a in catalog.architectures.values() if a.vendor == slug),
            key=lambda a: (a.year, a.name),
        )
        vendor = catalog.vendors[slug]
        zh_name = vendor.name_zh if language != "en" else None
        name = f"{zh_name} {vendor.name}" if zh_name else vendor.name
        groups.append(({"slug": slug, "name": name}, items))
    t = messages(language, page)
    return Markup(
        _ENV.get_template("architecture_table.html.j2").render(
            groups=groups, t=t, **page_text(catalog.root, language, t, page)
        )
    )


def render_page_macros(
    markdown: str, functions: dict[str, Callable[..., Any]], values: dict[str, Any]
) -> str:
    """Expand the project's macros and values in a content page."""
    if "{{" not in markdown and "{%" not in markdown and "{#" not in markdown:
        return markdown
    return expand_macros(markdown, functions, values)
