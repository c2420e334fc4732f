"""Page macros for charts and the compare tool, and the roofline section of device pages."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from markupsafe import Markup

from xpuref.data.dataset import Dataset
from xpuref.data.devices import Device
from xpuref.data.fields import RATES
from xpuref.render.compare_words import translate_rows
from xpuref.render.env import ENV as _ENV
from xpuref.render.inline_json import script_json
from xpuref.render.messages import Messages, messages, script_words
from xpuref.render.pagecontext import PageContext
from xpuref.views import figures
from xpuref.views.compare import MAX_DEVICES, compare_payload
from xpuref.views.figures import HALF, Chart
from xpuref.views.lookup import lookup_maps

__all__ = ["device_section", "macros", "render_chart"]


#: Filters whose label and options the catalogues name (chart.filter.<tag>, catalog.market.*).
_FILTER_TAGS = ("vendor", "kind", "market")


def _in_language(chart: Chart, t: Messages) -> Chart:
    """The chart's title and control labels in the page's language (English: unchanged)."""
    if t.language == "en":
        return chart
    filters = tuple(
        replace(
            f,
            label=t(f"chart.filter.{f.tag}"),
            options=tuple(
                (value, t(f"catalog.market.{value}") if f.tag == "market" else name)
                for value, name in f.options
            ),
        )
        if f.tag in _FILTER_TAGS
        else f
        for f in chart.filters
    )
    name = chart.id.removeprefix("xpuref-")
    title = chart.title
    if chart.id == "xpuref-device-roofline":
        title = t("chart.title.device-roofline", name=chart.title.removeprefix("Roofline of the "))
    elif name in t.prefixed("chart.title."):
        title = t(f"chart.title.{name}")
    variant = chart.variant_label.lower()
    variant_label = t(f"chart.variant.{variant}") if variant in ("precision", "rule") else ""
    return replace(
        chart,
        title=title,
        filters=filters,
        variant_label=variant_label or chart.variant_label,
        variant_names={k: _variant_name(k, v, t) for k, v in chart.variant_names.items()},
    )


#: A variant named for a precision and the devices it places: "BF16 matrix (79 devices)".
_COUNTED = re.compile(r"^(?P<label>.+) \((?P<count>\d+) devices\)$")


def _variant_name(key: str, name: str, t: Messages) -> str:
    """A precision variant's name in the page's language; any other name as it is."""
    found = _COUNTED.match(name)
    if found is None:
        return name
    label = found["label"]
    if key in RATES:
        kind = "rate.matrix" if RATES[key].unit_kind == "matrix" else "rate.vector"
        label = t(kind, precision=RATES[key].precision.label)
    elif key == HALF:
        label = t("rate.matrix", precision="BF16/FP16")
    return t("chart.variant_count", label=label, count=found["count"])


def render_chart(
    chart: Chart,
    *,
    link: Callable[[str], str] | None = None,
    csv_href: str | None = None,
    note: str = "",
    aside: Markup | None = None,
    open_table: bool = True,
    lookup: dict[str, Any] | None = None,
    t: Messages | None = None,
) -> Markup:
    """HTML for one chart: controls, plot area, dense-rate note, data table and figure JSON.

    With ``lookup`` (the name maps of `xpuref lookup` and device names), the chart's
    find-a-device box resolves what drivers print to the one SKU it names. The box's words
    and those its script writes come from ``t`` (English when left out).
    """
    t = t or messages("en")
    chart = _in_language(chart, t)
    height = max(int(v["layout"].get("height", 480)) for v in chart.variants.values())
    html = _ENV.get_template("charts/chart.html.j2").render(
        chart=chart,
        link=link,
        csv_href=csv_href,
        note=note,
        aside=aside,
        height=height,
        open_table=open_table,
        figure_json=script_json(chart.payload(), f"{chart.id}-figure-json"),
        lookup_json=None if lookup is None else script_json(lookup, f"{chart.id}-lookup-json"),
        t=t,
        script_text=script_words(t, "js.chart.", f"{chart.id}-text"),
    )
    return Markup(html)


#: Charts with a note under them (``chart.note.<key>`` in the message catalogues).
_NOTES = ("roofline", "trends", "efficiency", "export", "timeline")
_BY_VENDOR = ("roofline", "trends", "efficiency")
#: Catalog charts whose points are devices: their find box resolves driver names.
_FINDS_DEVICES = ("roofline", "trends", "efficiency", "export")


def _finder_lookup(catalog: Dataset) -> dict[str, Any]:
    """The name maps every device picker resolves against, and each device's name."""

    def build() -> dict[str, Any]:
        """The maps and the names, computed once per catalog."""
        names = {d.id: d.name for d in sorted(catalog.devices.values(), key=lambda d: d.id)}
        return {**lookup_maps(catalog), "devices": names}

    found: dict[str, Any] = catalog.remember("chart-lookup", "", build)
    return found


def macros(ctx: PageContext) -> dict[str, Callable[..., Any]]:
    """Macros this module offers to content pages."""
    catalog = ctx.catalog

    def link(device_id: str) -> str:
        """Relative link to a device page."""
        return ctx.link_to_page(f"devices/{device_id}.md")

    csv_href = ctx.link_to_file("data/devices.csv")

    def chart(build: Callable[[Dataset], Chart], note_key: str, **extra: Any) -> Markup:
        """Render one catalog-wide chart; charts of devices resolve driver names in their finder."""
        t = messages(ctx.language, ctx.page_url)
        note = t(f"chart.note.{note_key}") + (
            t("chart.note.markets") if note_key in _BY_VENDOR else ""
        )
        lookup = _finder_lookup(catalog) if note_key in _FINDS_DEVICES else None
        return render_chart(
            build(catalog), link=link, csv_href=csv_href, note=note, lookup=lookup, t=t, **extra
        )

    def export_map_chart() -> Markup:
        """The export-control map with its list of devices it cannot place."""
        aside = Markup(
            _ENV.get_template("charts/not_placed.html.j2").render(
                items=figures.not_placed(catalog), link=link
            )
        )
        return chart(figures.export_map, "export", aside=aside)

    def compare_tool() -> Markup:
        """The compare page's pickers, table and data."""
        t = messages(ctx.language, ctx.page_url)
        data = translate_rows(compare_payload(catalog, link), catalog, t)
        html = _ENV.get_template("charts/compare.html.j2").render(
            slots=MAX_DEVICES,
            data_json=script_json(data, "xpuref-compare-data-json"),
            t=t,
            script_text=script_words(t, "js.compare.", "xpuref-compare-text"),
        )
        return Markup(html)

    return {
        "roofline_chart": lambda: chart(figures.roofline_explorer, "roofline"),
        "trends_chart": lambda: chart(figures.trends, "trends"),
        "efficiency_chart": lambda: chart(figures.efficiency, "efficiency"),
        "export_map_chart": export_map_chart,
        "timeline_chart": lambda: chart(figures.architecture_timeline, "timeline"),
        "compare_tool": compare_tool,
    }


def device_section(device: Device, catalog: Dataset, language: str = "en") -> Markup:
    """The roofline section of a device page, or nothing when the device lacks the inputs."""
    t = messages(language, f"devices/{device.id}.md")
    chart = figures.device_roofline(device, catalog)
    if chart is None:
        return Markup("")
    body = render_chart(
        chart,
        note=t("chart.note.device_roofline"),
        open_table=True,
        t=t,
    )
    return Markup("## Roofline\n\n") + body
