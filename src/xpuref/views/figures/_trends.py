"""Trends: dense BF16/FP16 matrix peak, memory bandwidth and capacity against launch date.

The bandwidth panel plots off-chip memory (HBM, GDDR, LPDDR, DDR) only: a wafer-scale part's
on-chip SRAM (Cerebras: 20,000,000 GB/s) would squeeze every other point into one line.
Capacity is plotted in GiB (2^30 bytes), the unit HBM and GDDR sizes are stored in; on-chip
SRAM capacities are drawn too, and their hover says so.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from xpuref.data.dataset import Dataset
from xpuref.data.devices import Device
from xpuref.views.figures import _common as fig

__all__ = ["TREND_PANELS", "launch_position", "trends"]


def launch_position(device: Device) -> float:
    """The launch date as a fractional year (month precision) for the x axis."""
    parts = device.launch_date.split("-")
    month = int(parts[1]) if len(parts) > 1 else 1
    return round(int(parts[0]) + (month - 1) / 12, 4)


def _half(device: Device) -> float | None:
    """Larger of the dense BF16/FP16 matrix rates."""
    found = fig.half_rate(device)
    return None if found is None else found[1]


def _bandwidth(device: Device) -> float | None:
    """Off-chip memory bandwidth (None for on-chip SRAM)."""
    return None if device.memory.on_chip else device.memory.bandwidth_gbs


def _capacity_gib(device: Device) -> float | None:
    """Memory capacity in GiB."""
    found = device.memory.capacity_bytes
    return None if found is None else found / 2**30


#: (axis id, title, unit, value getter) for each stacked panel, top to bottom.
TREND_PANELS: tuple[tuple[str, str, str, Callable[[Device], float | None]], ...] = (
    ("y", "Dense BF16/FP16 matrix", "TFLOPS", _half),
    ("y2", "Off-chip memory bandwidth", "GB/s", _bandwidth),
    ("y3", "Memory capacity", "GiB", _capacity_gib),
)

_DOMAINS = ((0.70, 1.0), (0.36, 0.64), (0.0, 0.30))


def trends(catalog: Dataset) -> fig.Chart:
    """Three stacked log panels sharing a launch-date axis, a trace per vendor per panel."""
    colors = fig.vendor_colors(catalog)
    symbols = fig.vendor_symbols(catalog)
    devices = [
        d for d in catalog.sorted_devices() if any(get(d) is not None for *_, get in TREND_PANELS)
    ]
    data: list[dict[str, Any]] = []
    layout = fig.base_layout(height=820, margin={"l": 70, "r": 20, "t": 20, "b": 60})
    layout["legend"] = {"orientation": "h", "y": -0.08}
    in_legend: set[str] = set()  # a vendor's entry comes with the first panel that draws it
    for index, (axis_id, title, unit, get) in enumerate(TREND_PANELS):
        values = [v for d in devices if (v := get(d)) is not None]
        name = "yaxis" if axis_id == "y" else f"yaxis{axis_id[1:]}"
        layout[name] = fig.axis(
            f"{title}<br>({unit})",
            log=True,
            range=fig.log_range(values, 1.4),
            domain=_DOMAINS[index],
        )
        for slug in sorted({d.vendor for d in devices}):
            points = []
            markets: list[str] = []
            for device in devices:
                value = get(device)
                if device.vendor != slug or value is None:
                    continue
                lines = [(title, f"{fig.fmt(value)} {unit}"), ("Launch", device.launch_date)]
                if axis_id == "y":
                    used = fig.half_rate(device)
                    assert used is not None
                    lines.insert(1, ("Rate used", fig.precision_label(used[0])))
                if axis_id == "y3" and device.memory.on_chip:
                    lines.insert(1, ("Memory", "on-chip SRAM"))
                points.append(
                    (device.id, launch_position(device), value, fig.hover(device.name, lines))
                )
                markets.append(device.market)
            if points:
                data.append(
                    fig.scatter(
                        catalog.vendors[slug].name,
                        colors[slug],
                        points,
                        symbols[slug],
                        markets,
                        yaxis=axis_id,
                        legendgroup=slug,
                        showlegend=slug not in in_legend,
                    )
                )
                in_legend.add(slug)
    layout["xaxis"] = fig.axis("Launch (year)", anchor="y3", dtick=1)
    rows = tuple(
        fig.TableRow(
            (
                d.name,
                catalog.vendors[d.vendor].name,
                d.launch_date,
                *("" if (v := get(d)) is None else fig.fmt(v) for *_, get in TREND_PANELS),
            ),
            d.id,
        )
        for d in devices
    )
    columns = ("Device", "Vendor", "Launch", *tuple(f"{t} ({u})" for _, t, u, _ in TREND_PANELS))
    return fig.Chart(
        id="xpuref-trends",
        title="Peak, bandwidth and capacity over time",
        variants={"all": {"data": data, "layout": layout}},
        table=fig.Table(columns, rows, numeric_from=3),
        tags=fig.tags_for(devices),
        filters=fig.vendor_filters(catalog, devices),
    )
