"""Roofline explorer (all devices: peak against memory bandwidth) and one device's roofline."""

from __future__ import annotations

import math
from typing import Any

from xpuref import calc
from xpuref.data.dataset import Dataset
from xpuref.data.devices import Device
from xpuref.views.derive import derived_for
from xpuref.views.figures import _common as fig

__all__ = ["EXPLORER_PRECISIONS", "RIDGE_LINES", "device_roofline", "roofline_explorer"]

#: Precisions offered by the explorer, in menu order (HALF: larger of BF16/FP16 matrix).
EXPLORER_PRECISIONS: tuple[str, ...] = (
    fig.HALF,
    "bf16_matrix",
    "fp16_matrix",
    "fp8_matrix",
    "fp4_matrix",
    "int8_matrix",
    "tf32_matrix",
    "fp32",
    "fp64_matrix",
    "fp64",
)

#: Arithmetic intensities (FLOPs per byte) drawn as constant-ridge guide lines.
RIDGE_LINES: tuple[float, ...] = (1, 10, 100, 1000)


def _ridge_line(ridge: float, x_range: list[float], y_range: list[float]) -> dict[str, Any]:
    """A guide line through points whose ridge point is ``ridge`` FLOP/B, clipped to the plot."""
    # peak TFLOPS = ridge FLOP/B x bandwidth GB/s x 1e9 / 1e12, so bandwidth = 1e3 x TFLOPS / ridge
    x_lo = max(10 ** x_range[0], 1e3 * 10 ** y_range[0] / ridge)
    x_hi = min(10 ** x_range[1], 1e3 * 10 ** y_range[1] / ridge)
    xs = [x_lo, x_hi] if x_lo < x_hi else []
    label = f"{fig.fmt(ridge)} FLOP/B"
    return {
        "type": "scatter",
        "mode": "lines+text",
        "name": f"ridge {label}",
        "showlegend": False,
        "x": xs,
        "y": [ridge * x / 1e3 for x in xs],
        "text": ["", label] if xs else [],
        "textposition": "bottom left",
        "textfont": {"size": 10},
        "hoverinfo": "skip",
        "line": {"dash": "dot", "width": 1, "color": "rgba(128,128,128,0.6)"},
    }


def _explorer_figure(
    catalog: Dataset, key: str, placed: list[tuple[Device, str, float]]
) -> dict[str, Any]:
    """One precision's explorer figure: a trace per vendor, plus ridge guide lines."""
    colors = fig.vendor_colors(catalog)
    symbols = fig.vendor_symbols(catalog)
    x_range = fig.log_range(d.memory.bandwidth_gbs or 0 for d, _, _ in placed)
    y_range = fig.log_range(rate for _, _, rate in placed)
    data: list[dict[str, Any]] = [_ridge_line(r, x_range, y_range) for r in RIDGE_LINES]
    for slug in sorted({d.vendor for d, _, _ in placed}):
        points = []
        markets: list[str] = []
        for device, used, rate in placed:
            if device.vendor != slug:
                continue
            bandwidth = device.memory.bandwidth_gbs or 0.0
            ridge = derived_for(device, catalog)["ridge_points"][used]
            text = fig.hover(
                device.name,
                [
                    (fig.precision_label(used), f"{fig.fmt(rate)} {fig.rate_unit(used)}"),
                    ("Memory bandwidth", f"{fig.fmt(bandwidth)} GB/s"),
                    ("Ridge point", f"{fig.fmt(ridge)} FLOP/B"),
                    ("Kind", device.kind.upper()),
                ],
            )
            points.append((device.id, bandwidth, rate, text))
            markets.append(device.market)
        data.append(
            fig.scatter(catalog.vendors[slug].name, colors[slug], points, symbols[slug], markets)
        )
    unit = fig.rate_unit(key)
    layout = fig.base_layout(
        xaxis=fig.axis("Memory bandwidth (GB/s)", log=True, range=x_range),
        yaxis=fig.axis(f"Dense {fig.precision_label(key)} peak ({unit})", log=True, range=y_range),
    )
    return {"data": data, "layout": layout}


def _placed(catalog: Dataset, key: str) -> list[tuple[Device, str, float]]:
    """Devices with both a rate for ``key`` and a memory bandwidth."""
    found = []
    for device in catalog.sorted_devices():
        rate = fig.rate_of(device, key)
        if rate is not None and device.memory.bandwidth_gbs is not None:
            found.append((device, rate[0], rate[1]))
    return found


def roofline_explorer(catalog: Dataset) -> fig.Chart:
    """Every device's dense peak against memory bandwidth, one variant per precision."""
    variants: dict[str, dict[str, Any]] = {}
    names: dict[str, str] = {}
    shown: dict[str, Device] = {}
    for key in EXPLORER_PRECISIONS:
        placed = _placed(catalog, key)
        if not placed:
            continue
        variants[key] = _explorer_figure(catalog, key, placed)
        names[key] = f"{fig.precision_label(key)} ({len(placed)} devices)"
        shown.update({d.id: d for d, _, _ in placed})
    columns = (
        "Device",
        "Vendor",
        "Kind",
        "Bandwidth (GB/s)",
        *tuple(fig.precision_label(k) for k in variants),
    )
    rows = []
    for device in catalog.sorted_devices():
        if device.id not in shown:
            continue
        rates = [fig.rate_of(device, k) for k in variants]
        rows.append(
            fig.TableRow(
                (
                    device.name,
                    catalog.vendors[device.vendor].name,
                    device.kind.upper(),
                    fig.fmt(device.memory.bandwidth_gbs or 0.0),
                    *("" if r is None else fig.fmt(r[1]) for r in rates),
                ),
                device.id,
            )
        )
    devices = list(shown.values())
    head = ("xpuref-roofline-explorer", "Dense peak against memory bandwidth", "Precision")
    return fig.device_chart(
        catalog, devices, head, variants, names, fig.Table(columns, tuple(rows), numeric_from=3)
    )


def device_roofline(device: Device, ds: Dataset) -> fig.Chart | None:
    """The device's roofline for every precision it lists, or None without a bandwidth."""
    bandwidth = device.memory.bandwidth_gbs
    rates = dict(device.peak_dense)
    if bandwidth is None or not rates:
        return None
    ridges = derived_for(device, ds)["ridge_points"]
    low = 10 ** math.floor(math.log10(min(ridges.values()) / 10))
    high = 10 ** math.ceil(math.log10(max(ridges.values()) * 10))
    data: list[dict[str, Any]] = []
    rows = []
    for key, rate in rates.items():
        ridge = ridges[key]
        xs = [low, ridge, high]
        ys = [calc.attainable_flops(x, rate * 1e12, bandwidth * 1e9) / 1e12 for x in (low, high)]
        label = fig.precision_label(key)
        unit = fig.rate_unit(key)
        texts = [
            fig.hover(
                f"{device.name}: {label}",
                [
                    ("Peak", f"{fig.fmt(rate)} {unit}"),
                    ("Ridge point", f"{fig.fmt(ridge)} FLOP/B"),
                    ("At", f"{fig.fmt(x)} FLOP/B: {fig.fmt(y)} {unit}"),
                ],
            )
            for x, y in zip(xs, (ys[0], rate, ys[1]), strict=True)
        ]
        data.append(
            {
                "type": "scatter",
                "mode": "lines+markers",
                "name": fig.esc(label),
                "x": xs,
                "y": [ys[0], rate, ys[1]],
                "text": texts,
                "hovertemplate": "%{text}<extra></extra>",
                "marker": {"size": [0, 8, 0]},
                "line": {"width": 2},
            }
        )
        rows.append(fig.TableRow((label, fig.fmt(rate), unit, fig.fmt(ridge))))
    layout = fig.base_layout(
        height=440,
        xaxis=fig.axis("Arithmetic intensity (FLOPs per byte of memory traffic)", log=True),
        yaxis=fig.axis("Attainable dense rate (TFLOPS or TOPS)", log=True),
        legend={"orientation": "v", "x": 1.02, "y": 1},
        margin={"l": 60, "r": 20, "t": 20, "b": 60},
    )
    return fig.Chart(
        id="xpuref-device-roofline",
        title=f"Roofline of the {device.name}",
        variants={"all": {"data": data, "layout": layout}},
        table=fig.Table(("Precision", "Dense peak", "Unit", "Ridge point (FLOP/B)"), tuple(rows)),
        find={"device": device.id, "roofs": list(rates), "x": [low, high]},
    )
