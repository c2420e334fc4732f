"""Export-control map: TPP against performance density, each rule's class regions shaded."""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from xpuref import calc
from xpuref.data.dataset import Dataset
from xpuref.data.devices import Device
from xpuref.views.derive import derived_for, export_for
from xpuref.views.figures import _common as fig
from xpuref.views.words import class_words, rule_name, status_words

__all__ = [
    "CLASS_COLORS",
    "CLASS_SYMBOLS",
    "Rect",
    "Region",
    "class_regions",
    "condition_rects",
    "export_map",
    "not_placed",
    "placed_devices",
]

INF = math.inf

CLASS_COLORS: dict[str, str] = {
    "3A090": "#c0392b",
    "3A090.a": "#c0392b",
    "3A090.b": "#e67e22",
    "not-controlled": "#27ae60",
    "unknown": "#7f8c8d",
}

#: Marker shapes, so classes differ by shape as well as colour (a controlled class whose
#: letter the data leaves open, "3A090.a or 3A090.b", gets its own shape).
CLASS_SYMBOLS: dict[str, str] = {
    "3A090": "square",
    "3A090.a": "square",
    "3A090.b": "diamond",
    "not-controlled": "circle",
    "unknown": "x",
}
_OPEN_CONTROLLED = ("#d35400", "triangle-up")

_AXES = ("tpp", "performance_density")


@dataclass(frozen=True)
class Rect:
    """An axis-aligned box in (TPP, performance density); bounds may be infinite."""

    tpp_lo: float
    tpp_hi: float
    dens_lo: float
    dens_hi: float

    def empty(self) -> bool:
        """True when the box has no area."""
        return self.tpp_lo >= self.tpp_hi or self.dens_lo >= self.dens_hi

    def intersect(self, other: Rect) -> Rect:
        """The overlap of two boxes (possibly empty)."""
        return Rect(
            max(self.tpp_lo, other.tpp_lo),
            min(self.tpp_hi, other.tpp_hi),
            max(self.dens_lo, other.dens_lo),
            min(self.dens_hi, other.dens_hi),
        )

    def minus(self, other: Rect) -> list[Rect]:
        """This box with ``other`` cut out, as up to four boxes."""
        cut = self.intersect(other)
        if cut.empty():
            return [self]
        pieces = [
            Rect(self.tpp_lo, cut.tpp_lo, self.dens_lo, self.dens_hi),
            Rect(cut.tpp_hi, self.tpp_hi, self.dens_lo, self.dens_hi),
            Rect(cut.tpp_lo, cut.tpp_hi, self.dens_lo, cut.dens_lo),
            Rect(cut.tpp_lo, cut.tpp_hi, cut.dens_hi, self.dens_hi),
        ]
        return [p for p in pieces if not p.empty()]


_PLANE = Rect(-INF, INF, -INF, INF)

_SYMBOLS = {"min": "≥", "below": "<", "equals": "="}


def _bound(value: Any) -> str:
    """A threshold as written in the rule (600, not 600.0); booleans in lower case."""
    if isinstance(value, bool):
        return str(value).lower()
    return f"{value:g}" if isinstance(value, float) else str(value)


def _describe(node: Mapping[str, Any]) -> str:
    """A leaf condition on a metric off the chart's axes, in words."""
    parts = [
        f"{_SYMBOLS[op]} {_bound(node[op])}" for op in ("min", "below", "equals") if op in node
    ]
    return f"{node['metric']} {' and '.join(parts)}"


def condition_rects(node: Mapping[str, Any], extra: list[str]) -> list[Rect]:
    """Boxes where a rule condition can hold; conditions on other metrics go into ``extra``."""
    return calc.fold_condition(node, lambda leaf: _leaf_rects(leaf, extra), _intersect, _union)


def _intersect(parts: list[list[Rect]]) -> list[Rect]:
    """Where every child holds: the pairwise overlaps of their boxes."""
    boxes = [_PLANE]
    for child_boxes in parts:
        boxes = [cut for a in boxes for b in child_boxes if not (cut := a.intersect(b)).empty()]
    return boxes


def _union(parts: list[list[Rect]]) -> list[Rect]:
    """Where any child holds: all their boxes."""
    return [box for boxes in parts for box in boxes]


def _leaf_rects(node: Mapping[str, Any], extra: list[str]) -> list[Rect]:
    """Boxes of one single-metric test (the whole plane for a metric off the axes)."""
    metric = node["metric"]
    if metric not in _AXES:
        text = _describe(node)
        if text not in extra:
            extra.append(text)
        return [_PLANE]
    lo = float(node.get("min", -INF))
    hi = float(node.get("below", INF))
    if metric == "tpp":
        return [Rect(lo, hi, -INF, INF)]
    return [Rect(-INF, INF, lo, hi)]


@dataclass(frozen=True)
class Region:
    """Where a class applies on the chart, and what else it needs off the chart."""

    klass: str
    rects: tuple[Rect, ...]
    also: tuple[str, ...]


def class_regions(rule: Mapping[str, Any]) -> list[Region]:
    """Each class's non-overlapping boxes, earlier (higher) classes cut out, in rule order."""
    taken: list[Rect] = []
    regions = []
    for item in rule["classes"]:
        extra: list[str] = []
        mine: list[Rect] = []
        for box in condition_rects(item["condition"], extra):
            pieces = [box]
            for earlier in taken:
                pieces = [piece for part in pieces for piece in part.minus(earlier)]
            taken += pieces
            mine += pieces
        regions.append(Region(str(item["class"]), tuple(mine), tuple(extra)))
    return regions


def _threshold_values(rule: Mapping[str, Any]) -> tuple[list[float], list[float]]:
    """Every finite TPP and density bound the rule's classes use."""
    tpps: list[float] = []
    dens: list[float] = []
    for region in class_regions(rule):
        for box in region.rects:
            tpps += [v for v in (box.tpp_lo, box.tpp_hi) if math.isfinite(v)]
            dens += [v for v in (box.dens_lo, box.dens_hi) if math.isfinite(v)]
    return tpps, dens


def _span(values: Sequence[float]) -> list[float]:
    """A log10 axis range covering the values with some room."""
    return fig.log_range(values, 2)


def _region_trace(region: Region, x_range: list[float], y_range: list[float]) -> dict[str, Any]:
    """A filled, hover-less trace drawing a class's boxes clipped to the plot."""
    xs: list[float | None] = []
    ys: list[float | None] = []
    x_lo, x_hi = 10 ** x_range[0], 10 ** x_range[1]
    y_lo, y_hi = 10 ** y_range[0], 10 ** y_range[1]
    for box in region.rects:
        x0, x1 = max(box.dens_lo, x_lo), min(box.dens_hi, x_hi)
        y0, y1 = max(box.tpp_lo, y_lo), min(box.tpp_hi, y_hi)
        if x0 >= x1 or y0 >= y1:
            continue
        xs += [x0, x1, x1, x0, x0, None]
        ys += [y0, y0, y1, y1, y0, None]
    name = f"{region.klass} region"
    if region.also:
        name += f" (also needs {'; '.join(region.also)})"
    color = CLASS_COLORS.get(region.klass, "#7f8c8d")
    return {
        "type": "scatter",
        "mode": "lines",
        "name": fig.esc(name),
        "x": xs[:-1],
        "y": ys[:-1],
        "fill": "toself",
        "fillcolor": _translucent(color),
        "line": {"width": 1, "color": color, "dash": "dot"},
        "hoverinfo": "skip",
    }


def _translucent(color: str) -> str:
    """An ``#rrggbb`` colour at 15% opacity."""
    r, g, b = (int(color[i : i + 2], 16) for i in (1, 3, 5))
    return f"rgba({r},{g},{b},0.15)"


def placed_devices(catalog: Dataset) -> list[tuple[Device, float, float]]:
    """(device, TPP, performance density) for every device with both figures."""
    found = []
    for device in catalog.sorted_devices():
        derived = derived_for(device, catalog)
        if derived["tpp"] is not None and derived["performance_density"] is not None:
            found.append((device, derived["tpp"], derived["performance_density"]))
    return found


def not_placed(catalog: Dataset) -> list[tuple[Device, str]]:
    """Devices the map cannot place, with the reason."""
    missing = []
    for device in catalog.sorted_devices():
        derived = derived_for(device, catalog)
        if derived["tpp"] is None:
            missing.append((device, "no peak rate"))
        elif derived["performance_density"] is None:
            missing.append((device, "no die area"))
    return missing


def _rule_figure(
    rule: Mapping[str, Any], placed: list[tuple[Device, float, float]], catalog: Dataset
) -> dict[str, Any]:
    """One rule's map: shaded class regions, then devices grouped by their class."""
    tpps, dens = _threshold_values(rule)
    x_range = _span([d for *_, d in placed] + dens)
    y_range = _span([t for _, t, _ in placed] + tpps)
    data = [_region_trace(region, x_range, y_range) for region in class_regions(rule)]
    # Devices with the same figures (bins of one die, memory variants) share one marker whose
    # hover names them all; drawn separately they would hide each other exactly.
    spots: dict[str, dict[tuple[float, float], list[Device]]] = {}
    for device, tpp, density in placed:
        verdict = export_for(device, catalog)[rule["id"]]
        spot = (round(density, 9), round(tpp, 9))
        spots.setdefault(verdict, {}).setdefault(spot, []).append(device)
    order = [*calc.EXPORT_CLASSES, *sorted(v for v in spots if v not in calc.EXPORT_CLASSES)]
    for verdict in order:
        if verdict not in spots:
            continue
        points = []
        for devices in spots[verdict].values():
            _, tpp, density = next(p for p in placed if p[0] is devices[0])
            sign = "" if derived_for(devices[0], catalog)["tpp_exact"] else "≥ "
            lines = [
                ("TPP", sign + fig.fmt(tpp, 6)),
                ("Performance density", sign + fig.fmt(density)),
                ("Die area", f"{fig.fmt(devices[0].die_area_mm2 or 0)} mm²"),
                (f"Class under the {rule_name(rule)}", class_words(verdict)),
            ]
            lines += [("Same point", d.name) for d in devices[1:]]
            points.append((devices[0].id, density, tpp, fig.hover(devices[0].name, lines)))
        color, symbol = _OPEN_CONTROLLED
        if verdict in CLASS_COLORS:
            color, symbol = CLASS_COLORS[verdict], CLASS_SYMBOLS[verdict]
        data.append(fig.scatter(f"{class_words(verdict)} (device)", color, points, symbol=symbol))
    layout = fig.base_layout(
        height=560,
        xaxis=fig.axis("Performance density (TPP per mm² of die)", log=True, range=x_range),
        yaxis=fig.axis("Total processing performance (TPP)", log=True, range=y_range),
        legend={"orientation": "h", "y": -0.16},
    )
    return {"data": data, "layout": layout}


def export_map(catalog: Dataset, rules: list[dict[str, Any]] | None = None) -> fig.Chart:
    """The map under every rule in data/export_controls.yaml (or those given), one per rule."""
    rules = catalog.rule_dicts() if rules is None else rules
    # The newest rule first: the map opens on the rule in force.
    rules = sorted(rules, key=lambda rule: str(rule.get("published", "")), reverse=True)
    placed = placed_devices(catalog)
    variants = {str(rule["id"]): _rule_figure(rule, placed, catalog) for rule in rules}
    names = {
        str(rule["id"]): f"{rule_name(rule)} ({status_words(str(rule.get('status', '')))})"
        for rule in rules
    }
    rows = []
    for device, tpp, density in placed:
        classes = export_for(device, catalog)
        rows.append(
            fig.TableRow(
                (
                    device.name,
                    catalog.vendors[device.vendor].name,
                    fig.fmt(tpp, 6),
                    fig.fmt(device.die_area_mm2 or 0),
                    fig.fmt(density),
                    *(class_words(classes[str(rule["id"])]) for rule in rules),
                ),
                device.id,
            )
        )
    columns = (
        "Device",
        "Vendor",
        "TPP",
        "Die area (mm²)",
        "Performance density",
        *tuple(f"Class, {rule_name(rule)}" for rule in rules),
    )
    devices = [d for d, *_ in placed]
    head = ("xpuref-export-map", "Export-control classes by TPP and performance density", "Rule")
    return fig.device_chart(
        catalog, devices, head, variants, names, fig.Table(columns, tuple(rows), numeric_from=2)
    )
