"""Architecture timeline: each vendor's generations placed on the years they appeared."""

from __future__ import annotations

from typing import Any

from xpuref.data.dataset import Dataset
from xpuref.data.devices import Architecture
from xpuref.views.figures._common import (
    Chart,
    Table,
    TableRow,
    axis,
    base_layout,
    esc,
    hover,
    vendor_colors,
)

__all__ = ["architecture_timeline"]


def _by_vendor(catalog: Dataset) -> dict[str, list[Architecture]]:
    """Architectures grouped by vendor slug, oldest first."""
    groups: dict[str, list[Architecture]] = {}
    for arch in sorted(catalog.architectures.values(), key=lambda a: (a.year, a.name)):
        groups.setdefault(arch.vendor, []).append(arch)
    return dict(sorted(groups.items()))


def _short(name: str, limit: int = 18) -> str:
    """A marker label: the name, cut at ``limit`` characters."""
    return name if len(name) <= limit else name[: limit - 1].rstrip() + "…"


def _offsets(archs: list[Architecture]) -> list[float]:
    """Vertical offsets that spread generations sharing a year around their vendor's row."""
    per_year: dict[int, int] = {}
    for arch in archs:
        per_year[arch.year] = per_year.get(arch.year, 0) + 1
    seen: dict[int, int] = {}
    out = []
    for arch in archs:
        count, index = per_year[arch.year], seen.get(arch.year, 0)
        seen[arch.year] = index + 1
        out.append(round((index - (count - 1) / 2) * 0.3, 3))
    return out


def architecture_timeline(catalog: Dataset) -> Chart:
    """A row per vendor, a labelled marker per generation at its year."""
    colors = vendor_colors(catalog)
    groups = _by_vendor(catalog)
    data: list[dict[str, Any]] = []
    rows = []
    for row, (slug, archs) in enumerate(groups.items()):
        vendor = catalog.vendors[slug].name
        texts = []
        for arch in archs:
            lines = [("Year", str(arch.year))]
            if arch.codename:
                lines.append(("Codename", arch.codename))
            if arch.process:
                lines.append(("Process", arch.process))
            lines += [("New", item) for item in arch.introduced[:3]]
            texts.append(hover(f"{vendor} {arch.name}", lines))
            rows.append(
                TableRow(
                    (vendor, str(arch.year), arch.name, arch.codename or "", arch.process or "")
                )
            )
        offsets = _offsets(archs)
        data.append(
            {
                "type": "scatter",
                "mode": "markers+text",
                "name": esc(vendor),
                "x": [a.year for a in archs],
                "y": [row + off for off in offsets],
                "text": [esc(_short(a.name)) for a in archs],
                "textposition": [
                    "middle right" if off else ("top center" if i % 2 == 0 else "bottom center")
                    for i, off in enumerate(offsets)
                ],
                "textfont": {"size": 10},
                "hovertext": texts,
                "hovertemplate": "%{hovertext}<extra></extra>",
                "marker": {"color": colors[slug], "size": 10, "symbol": "diamond"},
                "showlegend": False,
            }
        )
    years = [a.year for a in catalog.architectures.values()]
    layout = base_layout(
        height=max(320, 70 * len(groups) + 120),
        xaxis=axis("Year", range=[min(years) - 1, max(years) + 2], dtick=2),
        yaxis=axis(
            "",
            range=[len(groups) - 0.5, -0.6],
            tickvals=list(range(len(groups))),
            ticktext=[esc(catalog.vendors[slug].name) for slug in groups],
            showgrid=False,
        ),
        margin={"l": 90, "r": 30, "t": 20, "b": 50},
        showlegend=False,
    )
    return Chart(
        id="xpuref-timeline",
        title="Architecture generations by vendor",
        variants={"all": {"data": data, "layout": layout}},
        table=Table(("Vendor", "Year", "Architecture", "Codename", "Process"), tuple(rows), 1),
    )
