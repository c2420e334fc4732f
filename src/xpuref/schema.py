"""Typed models of the data files: what a device, a source and an architecture may hold."""

from __future__ import annotations

import re
from datetime import date
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

__all__ = [
    "PEAK_KEYS",
    "Accumulate",
    "Alternative",
    "Architecture",
    "ArchitectureSource",
    "CitedPage",
    "Device",
    "Interconnect",
    "Memory",
    "PeakDense",
    "Power",
    "RatioException",
    "Source",
    "Vendor",
    "check_date",
]

Slug = Annotated[str, Field(pattern=r"^[a-z0-9]+(?:-[a-z0-9]+)*$", max_length=80)]
Text = Annotated[str, Field(min_length=1, max_length=400)]
LongText = Annotated[str, Field(min_length=1, max_length=4000)]
PartialDate = Annotated[str, Field(pattern=r"^\d{4}(-\d{2}(-\d{2})?)?$")]


def _positive(upper: float) -> object:
    """A finite number greater than zero and at most ``upper``."""
    return Field(gt=0, le=upper)


Tflops = Annotated[float, _positive(1e6)]
Kind = Literal["cpu", "gpu", "tpu", "npu", "lpu", "ipu", "asic", "fpga"]
Scope = Literal["chip", "card", "module", "system"]
Status = Literal["announced", "shipping", "discontinued"]
BasicField = Literal["memory.capacity_gb", "memory.bandwidth_gbs", "peak_dense", "power.tdp_w"]
Market = Literal["datacenter", "workstation", "consumer", "edge"]
AccumulatePrecision = Literal["fp16", "bf16", "fp32", "int32"]


class _Strict(BaseModel):
    """Base: unknown keys refused, no type coercion, no NaN or infinity."""

    model_config = ConfigDict(extra="forbid", strict=True, allow_inf_nan=False, frozen=True)


class CitedPage(_Strict):
    """A page actually read: its address, title and the date it was read."""

    id: Slug
    url: Annotated[str, Field(max_length=2000)]
    title: Text
    accessed: PartialDate

    @field_validator("url")
    @classmethod
    def _http_only(cls, value: str) -> str:
        """Refuse anything but an absolute http(s) address."""
        if not re.match(r"^https?://[^\s/?#]+\.[^\s/?#]+(?:[/?#]\S*)?$", value):
            raise ValueError("must be an absolute http:// or https:// address")
        return value

    @field_validator("accessed")
    @classmethod
    def _real_date(cls, value: str) -> str:
        """Require a real calendar date."""
        check_date(value)
        return value


class Source(CitedPage):
    """A page actually read, and the fields it backs."""

    fields: list[Annotated[str, Field(pattern=r"^[a-z0-9_]+(\.[a-z0-9_]+)*$")]] = []


class ArchitectureSource(Source):
    """A source for an architecture entry; it backs the whole entry."""


def check_date(value: str) -> None:
    """Raise ValueError unless ``value`` is a real YYYY[-MM[-DD]] date."""
    parts = [int(p) for p in value.split("-")]
    year, month, day = [*parts, 1, 1][:3]
    if not 1990 <= year <= 2100:
        raise ValueError(f"year {year} is outside 1990-2100")
    date(year, month, day)


class Memory(_Strict):
    """Device memory: capacity in GB (1e9 bytes) and bandwidth in GB/s."""

    capacity_gb: Annotated[float, _positive(1e5)] | None = None
    type: Text | None = None
    bus_width_bits: Annotated[int, Field(gt=0, le=65536)] | None = None
    bandwidth_gbs: Annotated[float, _positive(1e8)] | None = None


class Power(_Strict):
    """Power limit in watts with the vendor's own term for it."""

    tdp_w: Annotated[float, _positive(1e5)] | None = None
    term: Text | None = None


class Interconnect(_Strict):
    """Scale-up link and host interface; bandwidths are aggregate bidirectional GB/s."""

    scale_up: Text | None = None
    scale_up_bandwidth_gbs: Annotated[float, _positive(1e5)] | None = None
    host: Text | None = None
    host_bandwidth_gbs: Annotated[float, _positive(1e4)] | None = None


class PeakDense(_Strict):
    """Dense peak rates: TFLOPS for floating point, TOPS for integers (2 ops per MAC)."""

    fp64: Tflops | None = None
    fp64_matrix: Tflops | None = None
    fp32: Tflops | None = None
    fp32_matrix: Tflops | None = None
    fp16: Tflops | None = None
    bf16: Tflops | None = None
    tf32_matrix: Tflops | None = None
    bf16_matrix: Tflops | None = None
    fp16_matrix: Tflops | None = None
    fp8_matrix: Tflops | None = None
    fp6_matrix: Tflops | None = None
    fp4_matrix: Tflops | None = None
    int8_matrix: Tflops | None = None
    int4_matrix: Tflops | None = None
    int8: Tflops | None = None

    def present(self) -> dict[str, float]:
        """Return the rates that are given, in key order."""
        return {k: v for k, v in self.model_dump().items() if v is not None}


PEAK_KEYS: tuple[str, ...] = tuple(PeakDense.model_fields)


class Accumulate(_Strict):
    """Accumulate precision of a stored rate, and rates at other accumulate precisions."""

    precision: AccumulatePrecision
    alternatives: dict[AccumulatePrecision, Tflops] = {}


class RatioException(_Strict):
    """A sourced statement that a chip truly breaks one ratio check."""

    check: Literal["fp8_over_bf16", "bf16_over_tf32"]
    reason: LongText
    source: Slug


class Alternative(_Strict):
    """Another source's value for a field, and why the canonical one is preferred."""

    field: Annotated[str, Field(pattern=r"^[a-z0-9_]+(\.[a-z0-9_]+)*$")]
    value: float | int | str
    source: Slug
    reason: LongText


class Device(_Strict):
    """One SKU: exact variant and scope, its numbers, and the sources behind them."""

    id: Slug
    name: Text
    vendor: Slug
    kind: Kind
    architecture: Slug
    form_factor: Text
    scope: Scope
    launch_date: PartialDate
    status: Status
    market: Market | None = None
    aliases: list[Text] = []
    former_ids: list[Slug] = []
    process_node: Text | None = None
    die_area_mm2: Annotated[float, _positive(50000)] | None = None
    transistors_billion: Annotated[float, _positive(10000)] | None = None
    memory: Memory = Memory()
    power: Power = Power()
    interconnect: Interconnect = Interconnect()
    peak_dense: PeakDense = PeakDense()
    sparsity_factor: Annotated[float, Field(ge=1, le=8)] | None = None
    accumulate: dict[str, Accumulate] = {}
    ratio_exceptions: list[RatioException] = []
    alternatives: list[Alternative] = []
    gaps: dict[BasicField, LongText] = {}
    notes: LongText | None = None
    sources: Annotated[list[Source], Field(min_length=1)]

    @field_validator("launch_date")
    @classmethod
    def _real_date(cls, value: str) -> str:
        """Require a real calendar date."""
        check_date(value)
        return value

    @field_validator("accumulate")
    @classmethod
    def _known_keys(cls, value: dict[str, Accumulate]) -> dict[str, Accumulate]:
        """Accumulate entries name peak-rate keys."""
        for key in value:
            if key not in PEAK_KEYS:
                raise ValueError(f"'{key}' is not a peak-rate key")
        return value

    @model_validator(mode="after")
    def _unique_source_ids(self) -> Device:
        """Source ids are unique within a file."""
        ids = [s.id for s in self.sources]
        dupes = sorted({i for i in ids if ids.count(i) > 1})
        if dupes:
            raise ValueError(f"duplicate source id(s): {', '.join(dupes)}")
        return self

    def missing_basics(self) -> list[str]:
        """The basic fields (memory, bandwidth, a dense peak, power) this device lacks."""
        present = {
            "memory.capacity_gb": self.memory.capacity_gb is not None,
            "memory.bandwidth_gbs": self.memory.bandwidth_gbs is not None,
            "peak_dense": bool(self.peak_dense.present()),
            "power.tdp_w": self.power.tdp_w is not None,
        }
        return [name for name, ok in present.items() if not ok]

    @property
    def launch_year(self) -> int:
        """Year of launch."""
        return int(self.launch_date[:4])


class Architecture(_Strict):
    """A generation of a vendor's design, with what it introduced."""

    id: Slug
    vendor: Slug
    name: Text
    codename: Text | None = None
    year: Annotated[int, Field(ge=1990, le=2100)]
    process: Text | None = None
    introduced: list[Text] = []
    sources: Annotated[list[ArchitectureSource], Field(min_length=1)]


class Vendor(_Strict):
    """A company that makes devices."""

    name: Text
    url: Annotated[str, Field(pattern=r"^https?://\S+$")]
