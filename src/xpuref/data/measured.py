"""Typed model of data/measured/*.yaml: what devices achieve, with the conditions of each run.

One file per source: a page read (``source``), or a run of ``xpuref measure`` (``run``). Every
record names a catalogued device, what was measured (a dense GEMM at one precision, memory
bandwidth, all-reduce bus bandwidth or the host link), the value and unit as the source reports
it, the conditions that change it, and the words or table cell that carry the number.
"""

from __future__ import annotations

import re
from typing import Annotated, Literal

from pydantic import Field, model_validator

from xpuref.data import base

__all__ = [
    "BANDWIDTH_UNITS",
    "METRICS",
    "Conditions",
    "MeasuredFile",
    "MeasuredRecord",
    "Run",
    "Shape",
    "quote_carries",
    "to_base_unit",
]

Metric = Literal["gemm", "memory_bandwidth", "allreduce_busbw", "host_link"]
#: What can be measured, in the order pages list them.
METRICS: tuple[str, ...] = ("gemm", "memory_bandwidth", "allreduce_busbw", "host_link")
Unit = Literal["TFLOPS", "TOPS", "GB/s", "GiB/s"]
#: Bandwidth units and their size in GB/s (decimal).
BANDWIDTH_UNITS: dict[str, float] = {"GB/s": 1.0, "GiB/s": 2**30 / 1e9}
Count = Annotated[int, Field(ge=1, le=2**31)]
Value = Annotated[float, Field(gt=0, le=1e9)]
RateKey = Annotated[str, Field(pattern=r"^[a-z0-9]+(_matrix)?$", max_length=20)]


class Shape(base.Strict):
    """The matrix shape of a GEMM: (m x k) times (k x n)."""

    m: Count
    n: Count
    k: Count


class Conditions(base.Strict):
    """What changes the figure: who ran it, with what, on how many devices, at what shape."""

    ran_by: base.Text
    software: base.Text
    devices: Count
    date: base.PastDate | None = None
    shape: Shape | None = None
    shapes: base.Text | None = None
    method: base.Text | None = None
    driver: base.Text | None = None
    clocks: base.Text | None = None
    power_limit_w: Annotated[float, Field(gt=0, le=1e5)] | None = None
    message_bytes: Count | None = None
    direction: Literal["h2d", "d2h", "bidirectional"] | None = None
    system: base.Text | None = None
    settings: base.Text | None = None


class MeasuredRecord(base.Strict):
    """One measured figure of one device under stated conditions."""

    id: base.Slug
    device: base.Slug
    metric: Metric
    precision: RateKey | None = None
    value: Value
    unit: Unit
    quote: base.Text
    conditions: Conditions
    source: base.Slug | None = None
    note: base.LongText | None = None

    @model_validator(mode="after")
    def _consistent(self) -> MeasuredRecord:
        """A GEMM names its precision and a rate unit; the others a bandwidth unit."""
        if self.metric == "gemm":
            if self.precision is None:
                raise ValueError("a gemm measurement names its precision (a peak_dense key)")
            want = "TOPS" if self.precision.startswith("int") else "TFLOPS"
            if self.unit != want:
                raise ValueError(f"a {self.precision} gemm is measured in {want}, not {self.unit}")
            if self.conditions.shape is None and self.conditions.shapes is None:
                raise ValueError("conditions: a gemm states its shape (shape or shapes)")
        else:
            if self.precision is not None:
                raise ValueError(f"a {self.metric} measurement has no precision")
            if self.unit not in BANDWIDTH_UNITS:
                raise ValueError(f"a {self.metric} measurement is in GB/s or GiB/s")
        if self.metric == "allreduce_busbw" and self.conditions.devices < 2:
            raise ValueError("conditions.devices: an all-reduce runs over at least 2 devices")
        if self.metric == "host_link" and self.conditions.direction is None:
            raise ValueError("conditions.direction: a host-link figure says h2d, d2h or both")
        if not quote_carries(self.quote, self.value):
            raise ValueError(f"quote: must carry the number {self.value:g} as the source writes it")
        return self


class Run(base.Strict):
    """A run of ``xpuref measure``: the command as run, the tool's version and when."""

    tool: Literal["xpuref measure"]
    version: base.Text
    command: base.Text
    date: base.PartialDate
    host: base.Text | None = None


class MeasuredFile(base.Strict):
    """One file of data/measured/: the pages of one source project, or one measuring run."""

    sources: Annotated[list[base.CitedPage], Field(max_length=500)] = []
    run: Run | None = None
    measurements: Annotated[list[MeasuredRecord], Field(min_length=1, max_length=5000)]

    @model_validator(mode="after")
    def _one_origin(self) -> MeasuredFile:
        """Pages read (each record names one) or a run of xpuref measure, never both."""
        if bool(self.sources) == (self.run is not None):
            raise ValueError("give either sources (the pages read) or run (xpuref measure)")
        base.check_unique_sources(self.sources)
        ids = {s.id for s in self.sources}
        for i, record in enumerate(self.measurements):
            if self.run is not None and record.source is not None:
                raise ValueError(f"measurements.{i}.source: a run's records name no page")
            if self.sources and record.source not in ids:
                raise ValueError(
                    f"measurements.{i}.source: must name one of this file's sources "
                    f"({', '.join(sorted(ids))}), got {record.source!r}"
                )
        return self

    def page(self, record: MeasuredRecord) -> base.CitedPage | None:
        """The page a record was read on (None for a run of xpuref measure)."""
        return next((s for s in self.sources if s.id == record.source), None)


def quote_carries(quote: str, value: float) -> bool:
    """Whether the quoted words contain the number, written as the source may write it."""
    numbers = {float(n.replace(",", "")) for n in re.findall(r"\d[\d,]*(?:\.\d+)?", quote)}
    return any(abs(n - value) <= 1e-9 * max(1.0, abs(value)) for n in numbers)


def to_base_unit(value: float, unit: str) -> float:
    """A measured value in the catalog's unit: TFLOPS/TOPS as they are, bandwidth in GB/s."""
    return value * BANDWIDTH_UNITS.get(unit, 1.0)
