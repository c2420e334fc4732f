"""What devices achieve beside their peak: measured rows, the ratio, the conditions in words."""

from __future__ import annotations

from dataclasses import dataclass

from xpuref.data.dataset import Dataset
from xpuref.data.measured import MeasuredFile, MeasuredRecord, to_base_unit
from xpuref.data.measured_checks import ceiling
from xpuref.views.figures._common import precision_label
from xpuref.views.numbers import format_number

__all__ = [
    "METRIC_LABELS",
    "MeasuredRow",
    "achieved_bf16",
    "achieved_by_precision",
    "conditions_text",
    "measured_rows",
    "measured_sku_count",
]

#: What each metric is called on pages.
METRIC_LABELS: dict[str, str] = {
    "gemm": "Dense GEMM",
    "memory_bandwidth": "Memory bandwidth",
    "allreduce_busbw": "All-reduce bus bandwidth",
    "host_link": "Host link",
}


@dataclass(frozen=True)
class MeasuredRow:
    """One measured figure with the ceiling it is held against and where it comes from."""

    id: str
    device: str
    metric: str
    label: str
    precision: str | None
    value: float
    unit: str
    ceiling: float | None
    ceiling_unit: str
    ceiling_label: str
    ratio: float | None
    conditions: str
    quote: str
    note: str | None
    source_url: str | None
    source_title: str
    source_accessed: str
    cited: bool

    @property
    def value_text(self) -> str:
        """The figure as the page prints it."""
        return format_number(self.value)

    @property
    def ceiling_text(self) -> str:
        """The ceiling as the page prints it (empty when not published)."""
        return "" if self.ceiling is None else format_number(float(f"{self.ceiling:.6g}"))

    def plain(self) -> dict[str, object]:
        """The row as JSON-ready values (devices.json)."""
        return {
            "id": self.id,
            "metric": self.metric,
            "precision": self.precision,
            "value": self.value,
            "unit": self.unit,
            "ceiling": self.ceiling,
            "ceiling_unit": self.ceiling_unit,
            "share_of_ceiling": None if self.ratio is None else round(self.ratio, 4),
            "conditions": self.conditions,
            "quote": self.quote,
            "note": self.note,
            "source_url": self.source_url,
            "source_title": self.source_title,
            "cited": self.cited,
        }


def conditions_text(record: MeasuredRecord) -> str:
    """The conditions of a record as one line of words."""
    c = record.conditions
    parts = []
    if c.shape is not None:
        parts.append(f"shape {c.shape.m}×{c.shape.n}×{c.shape.k} (M×N×K)")
    if c.shapes:
        parts.append(f"shapes: {c.shapes}")
    parts.append(f"{c.devices} device{'s' if c.devices != 1 else ''}")
    parts.append(c.software)
    for label, value in (
        ("driver", c.driver),
        ("clocks", c.clocks),
        ("message", None if c.message_bytes is None else f"{c.message_bytes:,} bytes"),
        ("direction", c.direction),
        ("system", c.system),
        ("settings", c.settings),
        ("method", c.method),
    ):
        if value:
            parts.append(f"{label}: {value}")
    if c.power_limit_w is not None:
        parts.append(f"power {format_number(c.power_limit_w)} W")
    parts.append(f"run by {c.ran_by}")
    parts.append(f"measured {c.date}" if c.date else "date not stated")
    return "; ".join(parts)


def _label(record: MeasuredRecord) -> str:
    """What was measured, with its precision."""
    base = METRIC_LABELS[record.metric]
    return f"{base}, {precision_label(record.precision)}" if record.precision else base


def _origin(file: MeasuredFile, record: MeasuredRecord) -> str:
    """The title of the page read, or the run of the measuring tool that made the record."""
    page = file.page(record)
    if page is not None:
        return page.title
    run = file.run
    return "" if run is None else f"our own run of {run.tool} {run.version}: {run.command}"


def _row(ds: Dataset, record: MeasuredRecord, file: MeasuredFile) -> MeasuredRow:
    """One record as a page row."""
    device = ds.devices[record.device]
    top = ceiling(device, record)
    page = file.page(record)
    run = file.run
    ratio = None if top is None else to_base_unit(record.value, record.unit) / top.value
    return MeasuredRow(
        id=record.id,
        device=record.device,
        metric=record.metric,
        label=_label(record),
        precision=record.precision,
        value=record.value,
        unit=record.unit,
        ceiling=None if top is None else round(top.value, 6),
        ceiling_unit="" if top is None else top.unit,
        ceiling_label="" if top is None else top.label,
        ratio=ratio,
        conditions=conditions_text(record),
        quote=record.quote,
        note=record.note,
        source_url=None if page is None else page.url,
        source_title=_origin(file, record),
        source_accessed=page.accessed if page is not None else (run.date if run else ""),
        cited=page is not None,
    )


def measured_rows(ds: Dataset, device_id: str | None = None) -> list[MeasuredRow]:
    """Measured rows (of one device, or all), by device, metric order, precision, value."""

    def build() -> list[MeasuredRow]:
        rows = [_row(ds, record, file) for record, file in ds.measured]
        order = list(METRIC_LABELS)
        return sorted(
            rows, key=lambda r: (r.device, order.index(r.metric), r.precision or "", -r.value)
        )

    every: list[MeasuredRow] = ds.remember("measured-rows", "", build)
    return [r for r in every if device_id is None or r.device == device_id]


def achieved_bf16(ds: Dataset, device_id: str) -> MeasuredRow | None:
    """The highest cited dense BF16 GEMM figure of a device (None: none measured)."""
    rows = [
        r
        for r in measured_rows(ds, device_id)
        if r.cited and r.metric == "gemm" and r.precision == "bf16_matrix"
    ]
    return max(rows, key=lambda r: r.value, default=None)


def achieved_by_precision(ds: Dataset, device_id: str) -> dict[str, float]:
    """The highest cited dense GEMM figure per precision, per visible device, in TFLOPS/TOPS."""
    best: dict[str, float] = {}
    for r in measured_rows(ds, device_id):
        if r.cited and r.metric == "gemm" and r.precision is not None:
            best[r.precision] = max(best.get(r.precision, 0.0), r.value)
    return best


def measured_sku_count(ds: Dataset) -> int:
    """How many SKUs carry at least one cited measurement."""
    return len({r.device for r in measured_rows(ds) if r.cited})
