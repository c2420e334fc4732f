"""Architecture timeline: each vendor's generations placed on the years they appeared.

Labels sit beside their marker, right or left. Generations whose labels would touch at the width
the chart is drawn at on a desktop screen go to separate lanes of their vendor's row, so no two
labels overlap; vendors with few generations share one row, their labels naming the vendor.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from xpuref.data.dataset import Dataset
from xpuref.data.devices import Architecture
from xpuref.views.figures import _common as fig

__all__ = ["architecture_timeline"]

#: Vendors with at least this many generations get a row of their own.
OWN_ROW = 3
#: Plot-area width the lanes are planned for (the chart at a 1440 px wide window), in pixels.
PLAN_WIDTH_PX = 840
#: Pixels a label character takes at the label font size, and the gap kept around each label.
CHAR_PX, GAP_PX, MARKER_PX = 5.9, 12, 6
LANE_PX = 17
OTHER = "Other vendors"
HEADERS = ("Vendor", "Year", "Architecture", "Codename", "Process")


@dataclass(frozen=True)
class _Placed:
    """One generation with its row, lane and label."""

    arch: Architecture
    row: str
    label: str
    lane: int = 0
    side: str = "right"


def _rows(catalog: Dataset) -> dict[str, list[Architecture]]:
    """Architectures by row: big vendors by name, the rest together; each row oldest first."""
    by_vendor: dict[str, list[Architecture]] = {}
    for arch in catalog.architectures.values():
        by_vendor.setdefault(arch.vendor, []).append(arch)
    rows: dict[str, list[Architecture]] = {}
    for slug in sorted(by_vendor, key=lambda s: (-len(by_vendor[s]), s)):
        key = slug if len(by_vendor[slug]) >= OWN_ROW else OTHER
        rows.setdefault(key, []).extend(by_vendor[slug])
    return {k: sorted(v, key=lambda a: (a.year, a.name)) for k, v in rows.items()}


def _short(arch: Architecture, limit: int = 18) -> str:
    """A marker label: the name without its bracketed aside, else the codename, else cut."""
    name = arch.name.split(" (")[0].strip()
    if len(name) <= limit:
        return name
    if arch.codename and len(arch.codename) <= limit:
        return arch.codename
    return name[: limit - 1].rstrip() + "…"


def _label(arch: Architecture, row: str, catalog: Dataset) -> str:
    """The marker label; in the shared row it starts with the vendor unless the name does."""
    label = _short(arch)
    if row != OTHER:
        return label
    vendor = catalog.vendors[arch.vendor].name.split(" ")[0]
    return label if label.lower().startswith(vendor.lower()) else f"{vendor} {label}"


def _free(spans: list[tuple[float, float]], start: float, end: float) -> bool:
    """Whether [start, end] touches none of a lane's spans."""
    return all(end <= lo or start >= hi for lo, hi in spans)


def _lanes(items: list[_Placed], years_per_px: float) -> list[_Placed]:
    """Put each label in the first lane with room for it right of its marker, else left of it.

    A lane keeps the spans its labels and markers cover, so no label runs over another label
    or over another generation's marker in the same lane.
    """
    marker = MARKER_PX * years_per_px
    lanes: list[list[tuple[float, float]]] = []
    placed = []
    for item in items:
        x = float(item.arch.year)
        width = (len(item.label) * CHAR_PX + GAP_PX) * years_per_px
        options = ((x - marker, x + width, "right"), (x - width, x + marker, "left"))
        spot = next(
            (
                (i, lo, hi, side)
                for i, spans in enumerate(lanes)
                for lo, hi, side in options
                if _free(spans, lo, hi)
            ),
            None,
        )
        if spot is None:
            lanes.append([])
            spot = (len(lanes) - 1, *options[0])
        lane, lo, hi, side = spot
        lanes[lane].append((lo, hi))
        placed.append(_Placed(item.arch, item.row, item.label, lane, side))
    return placed


def architecture_timeline(catalog: Dataset) -> fig.Chart:
    """A row per big vendor (one shared row for the rest), a labelled marker per generation."""
    colors, symbols = fig.vendor_colors(catalog), fig.vendor_symbols(catalog)
    years = [a.year for a in catalog.architectures.values()]
    x_range = [min(years) - 1, max(years) + 3]
    years_per_px = (x_range[1] - x_range[0]) / PLAN_WIDTH_PX
    placed: list[_Placed] = []
    row_top: dict[str, float] = {}
    top = 0.0
    for row, archs in _rows(catalog).items():
        items = [_Placed(a, row, _label(a, row, catalog)) for a in archs]
        laid = _lanes(items, years_per_px)
        row_top[row] = top
        top += max(p.lane for p in laid) + 1.6
        placed += laid
    data: list[dict[str, Any]] = []
    table_rows = []
    # The words the "find a device" box matches: each generation's devices, by name and alias,
    # so typing "H100" rings Hopper.
    members: dict[str, list[str]] = {}
    for device in catalog.sorted_devices():
        members.setdefault(device.architecture, []).extend([device.name, *device.aliases])
    for slug in sorted({p.arch.vendor for p in placed}):
        mine = [p for p in placed if p.arch.vendor == slug]
        vendor = catalog.vendors[slug].name
        texts = []
        for p in mine:
            a = p.arch
            lines = [("Year", str(a.year))]
            lines += [(k, v) for k, v in (("Codename", a.codename), ("Process", a.process)) if v]
            lines += [("New", item) for item in a.introduced[:3]]
            texts.append(fig.hover(f"{vendor} {a.name}", lines))
            cells = (vendor, str(a.year), a.name, a.codename or "", a.process or "")
            table_rows.append(fig.TableRow(cells))
        data.append(
            {
                "type": "scatter",
                "mode": "markers+text",
                "name": fig.esc(vendor),
                "ids": [p.arch.id for p in mine],
                "customdata": [fig.esc(" ".join(members.get(p.arch.id, []))) for p in mine],
                "x": [p.arch.year for p in mine],
                "y": [row_top[p.row] + p.lane for p in mine],
                "text": [fig.esc(p.label) for p in mine],
                "textposition": [f"middle {p.side}" for p in mine],
                "textfont": {"size": 10},
                "cliponaxis": False,
                "hovertext": texts,
                "hovertemplate": "%{hovertext}<extra></extra>",
                "marker": {"color": colors[slug], "size": 9, "symbol": symbols[slug]},
                "showlegend": False,
            }
        )
    names = {row: (catalog.vendors[row].name if row != OTHER else OTHER) for row in row_top}
    layout = fig.base_layout(
        height=int(top * LANE_PX) + 80,
        xaxis=fig.axis("Year", range=x_range, dtick=2),
        yaxis=fig.axis(
            "",
            range=[top - 0.6, -0.8],
            tickvals=list(row_top.values()),
            ticktext=[fig.esc(names[row]) for row in row_top],
            showgrid=False,
            fixedrange=True,
        ),
        margin={"l": 110, "r": 20, "t": 10, "b": 45},
        showlegend=False,
    )
    table_rows.sort(key=lambda r: (r.cells[0], r.cells[1], r.cells[2]))
    return fig.Chart(
        id="xpuref-timeline",
        title="Architecture generations by vendor",
        variants={"all": {"data": data, "layout": layout}},
        table=fig.Table(HEADERS, tuple(table_rows), 1),
    )
