"""Render data into page content through autoescaped Jinja templates."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import yaml
from jinja2 import Environment, PackageLoader, StrictUndefined, select_autoescape
from markupsafe import Markup

from xpuref import charts
from xpuref.catalog import Catalog
from xpuref.derive import derived_for, export_for
from xpuref.safetext import theme_safe
from xpuref.schema import Device
from xpuref.spec import PEAK_LABELS, format_number, spec_rows
from xpuref.urls import page_url, relative_url
from xpuref.version import DataVersion

__all__ = [
    "DerivedRow",
    "architecture_table",
    "canonical_device_url",
    "derived_rows",
    "device_page",
    "device_table",
    "render_page_macros",
    "template_env",
]


def template_env() -> Environment:
    """The package's template environment, autoescaping everything."""
    return Environment(
        loader=PackageLoader("xpuref", "templates"),
        autoescape=select_autoescape(default=True, default_for_string=True),
        undefined=StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
    )


_ENV = template_env()


@dataclass(frozen=True)
class DerivedRow:
    """One derived figure on a device page."""

    anchor: str
    label: str
    value: str
    unit: str


# Short labels for derived-figure rows: the spec labels without "(vector)".
_KEY_LABELS = {key: label.removesuffix(" (vector)") for key, label in PEAK_LABELS.items()}


def _num(value: float, digits: int = 4) -> str:
    """Round a derived figure for display."""
    return format_number(float(f"{value:.{digits}g}"))


def derived_rows(device: Device) -> list[DerivedRow]:
    """Rows for the derived-figures table, from xpuref.calc's results."""
    derived = derived_for(device)
    rows: list[DerivedRow] = []
    for key, value in (derived.get("sparse") or {}).items():
        unit = "TOPS" if key.startswith("int") else "TFLOPS"
        rows.append(
            DerivedRow(
                f"sparse-{key.replace('_', '-')}",
                f"{_KEY_LABELS.get(key, key)}, with sparsity",
                _num(value),
                unit,
            )
        )
    if derived.get("tpp") is not None:
        rows.append(
            DerivedRow("tpp", "Total processing performance (TPP)", _num(derived["tpp"], 6), "")
        )
    if derived.get("performance_density") is not None:
        rows.append(
            DerivedRow(
                "performance-density",
                "Performance density (TPP per mm²)",
                _num(derived["performance_density"]),
                "",
            )
        )
    for key, value in (derived.get("ridge_points") or {}).items():
        rows.append(
            DerivedRow(
                f"ridge-{key.replace('_', '-')}",
                f"Ridge point, {_KEY_LABELS.get(key, key)}",
                _num(value),
                "FLOPs/byte",
            )
        )
    for key, value in (derived.get("tflops_per_watt") or {}).items():
        unit = "TOPS/W" if key.startswith("int") else "TFLOPS/W"
        rows.append(
            DerivedRow(
                f"per-watt-{key.replace('_', '-')}",
                f"{_KEY_LABELS.get(key, key)} per watt",
                _num(value),
                unit,
            )
        )
    if derived.get("bytes_per_flop") is not None:
        rows.append(
            DerivedRow(
                "bytes-per-flop",
                "Memory bytes per matrix FLOP",
                _num(derived["bytes_per_flop"]),
                "bytes/FLOP",
            )
        )
    for rule, verdict in export_for(device).items():
        rows.append(DerivedRow(f"export-{rule}", f"US export class, rule {rule}", verdict, ""))
    return rows


def canonical_device_url(site_url: str, device_id: str) -> str:
    """The permanent public address of a device page (relative when no site URL is set)."""
    base = site_url if not site_url or site_url.endswith("/") else site_url + "/"
    return f"{base}devices/{device_id}/"


def device_page(device: Device, catalog: Catalog, version: DataVersion, site_url: str = "") -> str:
    """The Markdown source of a device's page."""
    front = yaml.safe_dump(
        {
            "title": theme_safe(device.name),
            "description": theme_safe(f"Specifications of the {device.name}"),
        },
        allow_unicode=True,
        sort_keys=True,
    ).strip()
    return _ENV.get_template("device_page.md.j2").render(
        front_matter=Markup(front),
        device=device,
        vendor=catalog.vendors[device.vendor],
        arch=catalog.architectures[device.architecture],
        rows=spec_rows(device),
        derived_rows=derived_rows(device),
        source_numbers={s.id: i for i, s in enumerate(device.sources, start=1)},
        version=version,
        canonical_url=canonical_device_url(site_url, device.id),
        extra_html=charts.device_section(device, catalog),
    )


def _cell(value: float | None) -> dict[str, str]:
    """A numeric catalog cell with its sort key."""
    if value is None:
        return {"text": "—", "sort": ""}
    return {"text": format_number(value), "sort": repr(float(value))}


def device_table(catalog: Catalog, from_url: str, directory_urls: bool = True) -> Markup:
    """The catalog table, linking each device relative to the page at ``from_url``."""
    rows = []
    for d in catalog.sorted_devices():
        rates = d.peak_dense
        half = max(
            (r for r in (rates.bf16_matrix, rates.fp16_matrix) if r is not None), default=None
        )
        search = " ".join([d.name, d.id, *d.aliases, d.architecture, d.vendor]).casefold()
        rows.append(
            {
                "name": d.name,
                "vendor": d.vendor,
                "kind": d.kind,
                "year": d.launch_year,
                "href": relative_url(from_url, page_url(f"devices/{d.id}.md", directory_urls)),
                "search": search,
                "numbers": [
                    _cell(d.memory.capacity_gb),
                    _cell(d.memory.bandwidth_gbs),
                    _cell(half),
                    _cell(rates.fp8_matrix),
                    _cell(d.power.tdp_w),
                ],
            }
        )
    html = _ENV.get_template("device_table.html.j2").render(
        rows=rows,
        vendors=sorted({d.vendor for d in catalog.devices.values()}),
        kinds=sorted({d.kind for d in catalog.devices.values()}),
    )
    return Markup(html)


def architecture_table(catalog: Catalog) -> Markup:
    """Architecture generations grouped by vendor, oldest first."""
    groups = []
    for slug in sorted({a.vendor for a in catalog.architectures.values()}):
        items = sorted(
            (a for a in catalog.architectures.values() if a.vendor == slug),
            key=lambda a: (a.year, a.name),
        )
        groups.append(({"slug": slug, "name": catalog.vendors[slug].name}, items))
    return Markup(_ENV.get_template("architecture_table.html.j2").render(groups=groups))


def render_page_macros(
    markdown: str, functions: dict[str, Callable[..., Any]], values: dict[str, Any]
) -> str:
    """Render a content page as a Jinja template with the project's macros available."""
    if "{{" not in markdown and "{%" not in markdown:
        return markdown
    template = _ENV.from_string(markdown)
    return template.render(**functions, **values)
