"""Shared pieces of the figure builders: escaping, colours, axes, charts and their tables."""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from xpuref.data.dataset import Dataset
from xpuref.data.devices import Device
from xpuref.data.fields import RATES
from xpuref.views.figures._palette import vendor_style
from xpuref.views.numbers import format_number

__all__ = [
    "HALF",
    "Chart",
    "Filter",
    "Table",
    "TableRow",
    "axis",
    "base_layout",
    "device_chart",
    "esc",
    "fmt",
    "half_rate",
    "hover",
    "log_range",
    "precision_label",
    "rate_of",
    "rate_unit",
    "scatter",
    "tags_for",
    "vendor_colors",
    "vendor_filters",
    "vendor_symbols",
]

#: Pseudo-key for "the larger of the BF16 and FP16 matrix rates".
HALF = "half_matrix"


def esc(text: str) -> str:
    """Escape text for plotly's HTML-like labels (``&``, ``<`` and ``>`` become entities)."""
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def fmt(value: float, digits: int = 4) -> str:
    """A derived number for charts: ``digits`` significant figures, shown as on a datasheet."""
    return format_number(value, digits)


def hover(title: str, lines: Iterable[tuple[str, str]]) -> str:
    """Hover text: the title in bold, then one ``label: value`` line each, all escaped."""
    parts = [f"<b>{esc(title)}</b>"]
    parts += [f"<br>{esc(label)}: {esc(value)}" for label, value in lines]
    return "".join(parts)


def precision_label(key: str) -> str:
    """Human name of a peak-rate key (or of the BF16/FP16 pseudo-key)."""
    if key == HALF:
        return "BF16/FP16 matrix"
    return RATES[key].label if key in RATES else key


def rate_unit(key: str) -> str:
    """TOPS for integer rates, TFLOPS for floating point."""
    return RATES[key].unit if key in RATES else "TFLOPS"


def half_rate(device: Device) -> tuple[str, float] | None:
    """The larger of the device's dense BF16 and FP16 matrix rates, with its key."""
    found = [
        (key, rate)
        for key, rate in (
            ("bf16_matrix", device.peak_dense.get("bf16_matrix")),
            ("fp16_matrix", device.peak_dense.get("fp16_matrix")),
        )
        if rate is not None
    ]
    return max(found, key=lambda item: item[1]) if found else None


def rate_of(device: Device, key: str) -> tuple[str, float] | None:
    """The device's rate for ``key`` (a peak-rate key or HALF), with the key it came from."""
    if key == HALF:
        return half_rate(device)
    value = device.peak_dense.get(key)
    return None if value is None else (key, value)


def vendor_colors(catalog: Dataset) -> dict[str, str]:
    """Each vendor's fixed colour (the same on every chart and in the catalog)."""
    return {slug: vendor_style(slug).color for slug in catalog.vendors}


def vendor_symbols(catalog: Dataset) -> dict[str, str]:
    """Each vendor's fixed marker shape."""
    return {slug: vendor_style(slug).symbol for slug in catalog.vendors}


def log_range(values: Iterable[float], pad: float = 1.6) -> list[float]:
    """An explicit plotly log-axis range (log10 units) around positive values."""
    found = [v for v in values if v > 0]
    if not found:
        return [0.0, 1.0]
    return [math.log10(min(found) / pad), math.log10(max(found) * pad)]


def axis(title: str, *, log: bool = False, **extra: Any) -> dict[str, Any]:
    """A plain axis; colours are applied in the browser to follow the light or dark palette."""
    spec: dict[str, Any] = {"title": {"text": title}, "automargin": True, "zeroline": False}
    if log:
        spec["type"] = "log"
    spec.update(extra)
    return spec


def base_layout(height: int = 520, **extra: Any) -> dict[str, Any]:
    """A minimal layout (no plotly template), transparent so the page colours show through."""
    layout: dict[str, Any] = {
        "height": height,
        "margin": {"l": 60, "r": 20, "t": 30, "b": 60},
        "hovermode": "closest",
        "showlegend": True,
        "legend": {"orientation": "h", "y": -0.18},
        "paper_bgcolor": "rgba(0,0,0,0)",
        "plot_bgcolor": "rgba(0,0,0,0)",
    }
    layout.update(extra)
    return layout


def tags_for(devices: Iterable[Device]) -> dict[str, dict[str, str]]:
    """Per-device attributes the browser filters points by."""
    return {d.id: {"vendor": d.vendor, "kind": d.kind, "market": d.market} for d in devices}


@dataclass(frozen=True)
class Filter:
    """A select box that hides points whose tag differs from the chosen value."""

    tag: str
    label: str
    options: tuple[tuple[str, str], ...]


def vendor_filters(catalog: Dataset, devices: Iterable[Device]) -> tuple[Filter, ...]:
    """Vendor, kind and market filters over the given devices."""
    chosen = list(devices)
    vendors = sorted({d.vendor for d in chosen})
    kinds = sorted({d.kind for d in chosen})
    markets = [m for m in MARKETS if any(d.market == m for d in chosen)]
    return (
        Filter("vendor", "Vendor", tuple((v, catalog.vendors[v].name) for v in vendors)),
        Filter("kind", "Kind", tuple((k, k.upper()) for k in kinds)),
        Filter("market", "Market", tuple((m, m.capitalize()) for m in markets)),
    )


#: Markets in the order filters list them.
MARKETS = ("datacenter", "workstation", "consumer", "edge")


@dataclass(frozen=True)
class TableRow:
    """One row of a chart's data table; ``device`` links the first cell to its page."""

    cells: tuple[str, ...]
    device: str | None = None


@dataclass(frozen=True)
class Table:
    """The numbers a chart draws, as a table shown beside it."""

    columns: tuple[str, ...]
    rows: tuple[TableRow, ...]
    numeric_from: int = 1


@dataclass(frozen=True)
class Chart:
    """One chart: figure variants (e.g. per precision), filters, and its data table."""

    id: str
    title: str
    variants: dict[str, dict[str, Any]]
    table: Table
    variant_label: str = ""
    variant_names: dict[str, str] = field(default_factory=dict)
    tags: dict[str, dict[str, str]] = field(default_factory=dict)
    filters: tuple[Filter, ...] = ()
    #: What the find box draws for a typed device when the chart has no device points (a
    #: device page's roofline: the precisions it draws and its intensity range).
    find: dict[str, Any] = field(default_factory=dict)

    @property
    def default(self) -> str:
        """The variant drawn first."""
        return next(iter(self.variants))

    def payload(self) -> dict[str, Any]:
        """What the page embeds as JSON for charts.js."""
        payload = {"variants": self.variants, "default": self.default, "tags": self.tags}
        return {**payload, "find": self.find} if self.find else payload

    def trace_count(self, variant: str | None = None) -> int:
        """Number of traces in a variant (the default one unless named)."""
        return len(self.variants[variant or self.default]["data"])


def device_chart(
    catalog: Dataset,
    devices: list[Device],
    head: tuple[str, str, str],
    variants: dict[str, dict[str, Any]],
    names: dict[str, str],
    table: Table,
) -> Chart:
    """A chart of catalog devices: ``head`` is (id, title, variant label); tags and filters
    come from the devices drawn."""
    chart_id, title, variant_label = head
    return Chart(
        id=chart_id,
        title=title,
        variants=variants,
        table=table,
        variant_label=variant_label,
        variant_names=names,
        tags=tags_for(devices),
        filters=vendor_filters(catalog, devices),
    )


def scatter(
    name: str,
    color: str,
    points: list[tuple[str, float, float, str]],
    symbol: str = "circle",
    markets: list[str] | None = None,
    **extra: Any,
) -> dict[str, Any]:
    """A marker trace of (device id, x, y, hover text) points; the name is escaped.

    With ``markets`` (one per point), data-center parts are drawn filled and workstation,
    consumer and edge parts as open markers of the same shape.
    """
    opened = [m != "datacenter" for m in markets] if markets is not None else []
    trace: dict[str, Any] = {
        "type": "scatter",
        "mode": "markers",
        "name": esc(name),
        "ids": [p[0] for p in points],
        "x": [p[1] for p in points],
        "y": [p[2] for p in points],
        "text": [p[3] for p in points],
        "hovertemplate": "%{text}<extra></extra>",
        "marker": {
            "color": color,
            "symbol": symbol
            if markets is None
            else [symbol if m == "datacenter" else f"{symbol}-open" for m in markets],
            "size": 9,
            # An open marker is drawn by its outline alone: a thick one in the vendor's colour,
            # so it stays visible on the dark palette too.
            "line": {"width": 0.5, "color": "#ffffff"}
            if not any(opened)
            else {
                "width": [2 if o else 0.5 for o in opened],
                "color": [color if o else "#ffffff" for o in opened],
            },
        },
    }
    trace.update(extra)
    return trace
