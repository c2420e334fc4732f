"""Efficiency: dense rate per watt against dense rate per GB/s of memory bandwidth, by vendor."""

from __future__ import annotations

from typing import Any

from xpuref.data.dataset import Dataset
from xpuref.data.devices import Device
from xpuref.views.derive import derived_for
from xpuref.views.figures import _common as fig

__all__ = ["EFFICIENCY_PRECISIONS", "efficiency", "efficiency_point"]

EFFICIENCY_PRECISIONS: tuple[str, ...] = (
    fig.HALF,
    "fp8_matrix",
    "int8_matrix",
    "tf32_matrix",
    "fp32",
)


def efficiency_point(
    device: Device, key: str, ds: Dataset
) -> tuple[str, float, float, float] | None:
    """(key used, rate, rate per watt, rate per GB/s) from the derived figures, or None."""
    found = fig.rate_of(device, key)
    if found is None:
        return None
    derived = derived_for(device, ds)
    per_watt = derived["tflops_per_watt"].get(found[0])
    ridge = derived["ridge_points"].get(found[0])
    if per_watt is None or ridge is None:
        return None
    # ridge point (FLOP/B) = TFLOPS x 1e12 / (GB/s x 1e9), so TFLOPS per GB/s = ridge / 1000
    return found[0], found[1], per_watt, ridge / 1e3


def _figure(
    catalog: Dataset, key: str, placed: list[tuple[Device, str, float, float, float]]
) -> dict[str, Any]:
    """One precision's scatter: a trace per vendor."""
    colors = fig.vendor_colors(catalog)
    symbols = fig.vendor_symbols(catalog)
    data = []
    for slug in sorted({d.vendor for d, *_ in placed}):
        points = []
        markets: list[str] = []
        for device, used, rate, per_watt, per_gbs in placed:
            if device.vendor != slug:
                continue
            unit = fig.rate_unit(used)
            text = fig.hover(
                device.name,
                [
                    (fig.precision_label(used), f"{fig.fmt(rate)} {unit}"),
                    ("Per watt", f"{fig.fmt(per_watt)} {unit}/W"),
                    ("Per GB/s", f"{fig.fmt(per_gbs)} {unit} per GB/s"),
                    ("Power", f"{fig.fmt(device.power.tdp_w or 0)} W"),
                    ("Memory bandwidth", f"{fig.fmt(device.memory.bandwidth_gbs or 0)} GB/s"),
                ],
            )
            points.append((device.id, per_watt, per_gbs, text))
            markets.append(device.market)
        data.append(
            fig.scatter(catalog.vendors[slug].name, colors[slug], points, symbols[slug], markets)
        )
    unit = fig.rate_unit(key)
    layout = fig.base_layout(
        xaxis=fig.axis(
            f"Dense {fig.precision_label(key)} {unit} per watt",
            log=True,
            range=fig.log_range((p[3] for p in placed), 1.5),
        ),
        yaxis=fig.axis(
            f"Dense {fig.precision_label(key)} {unit} per GB/s",
            log=True,
            range=fig.log_range((p[4] for p in placed), 1.5),
        ),
    )
    return {"data": data, "layout": layout}


def efficiency(catalog: Dataset) -> fig.Chart:
    """Rate per watt against rate per GB/s, one variant per precision."""
    variants: dict[str, dict[str, Any]] = {}
    names: dict[str, str] = {}
    shown: dict[str, Device] = {}
    for key in EFFICIENCY_PRECISIONS:
        placed = []
        for device in catalog.sorted_devices():
            point = efficiency_point(device, key, catalog)
            if point is not None:
                placed.append((device, *point))
        if placed:
            variants[key] = _figure(catalog, key, placed)
            names[key] = f"{fig.precision_label(key)} ({len(placed)} devices)"
            shown.update({d.id: d for d, *_ in placed})
    rows = []
    for device in catalog.sorted_devices():
        if device.id not in shown:
            continue
        point = efficiency_point(device, fig.HALF, catalog)
        cells = ("", "") if point is None else (fig.fmt(point[2]), fig.fmt(point[3]))
        rows.append(
            fig.TableRow(
                (
                    device.name,
                    catalog.vendors[device.vendor].name,
                    fig.fmt(device.power.tdp_w or 0),
                    fig.fmt(device.memory.bandwidth_gbs or 0),
                    *cells,
                ),
                device.id,
            )
        )
    columns = (
        "Device",
        "Vendor",
        "Power (W)",
        "Bandwidth (GB/s)",
        "BF16/FP16 matrix TFLOPS per W",
        "BF16/FP16 matrix TFLOPS per GB/s",
    )
    devices = list(shown.values())
    head = ("xpuref-efficiency", "Dense rate per watt and per GB/s", "Precision")
    return fig.device_chart(
        catalog, devices, head, variants, names, fig.Table(columns, tuple(rows), numeric_from=2)
    )
