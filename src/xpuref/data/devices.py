"""Typed models of device files: one SKU, its figures per chip, and the sources behind them."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import AfterValidator, Field, field_validator, model_validator

from xpuref.data.base import (
    CitedPage,
    LongText,
    PartialDate,
    Slug,
    Strict,
    Text,
    WebAddress,
    check_date,
    clean_text,
)
from xpuref.data.fields import RATE_KEYS

__all__ = [
    "GIB",
    "Accumulate",
    "Alternative",
    "Architecture",
    "Basis",
    "Derivation",
    "DeriveInput",
    "Device",
    "DriverName",
    "Interconnect",
    "Launched",
    "Memory",
    "Mig",
    "Power",
    "Quote",
    "RateCeiling",
    "RatioException",
    "Source",
    "Vendor",
]

GIB = 1024**3
FieldPath = Annotated[str, Field(pattern=r"^[a-z0-9_]+(\.[a-z0-9_]+)*$", max_length=120)]


def _clean_quote(value: str) -> str:
    """A quote is text a reader can see: no control characters, no bidirectional overrides."""
    return clean_text(value)


def _at_least(lower: float) -> AfterValidator:
    """Refuse positive values too small to be real (a unit slip, or one the site shows as 0)."""

    def check(value: float) -> float:
        """Raise ValueError below ``lower``."""
        if value < lower:
            raise ValueError(f"{value:g} is implausibly small (at least {lower:g}); check the unit")
        return value

    return AfterValidator(check)


#: Dense peak rates: TFLOPS or TOPS, from 1 GFLOPS (below that the site would show 0).
Tflops = Annotated[float, Field(gt=0, le=1e6), _at_least(1e-3)]
Kind = Literal["cpu", "gpu", "tpu", "npu", "lpu", "ipu", "asic", "fpga", "soc"]
Scope = Literal["chip", "card", "module", "system"]
PowerScope = Literal["chip", "card", "module", "superchip", "system"]
Status = Literal["announced", "shipping", "discontinued"]
Market = Literal["datacenter", "workstation", "consumer", "edge"]
AccumulatePrecision = Literal["fp16", "bf16", "fp32", "int32"]
CapacityUnit = Literal["GiB", "GB", "MiB", "MB"]

#: Former ids one device may keep (each publishes a redirect page).
MAX_FORMER_IDS = 20

#: Bytes per unit of a memory capacity as the vendor means it.
UNIT_BYTES: dict[str, int] = {"GiB": GIB, "GB": 10**9, "MiB": 1024**2, "MB": 10**6}


class Source(CitedPage):
    """A page actually read, the fields it backs, and the vendor document it cites."""

    fields: list[FieldPath] = []


class Memory(Strict):
    """Memory per chip: capacity as marketed with the unit it means, bandwidth in GB/s."""

    capacity: Annotated[float, Field(gt=0, le=1e6), _at_least(1e-3)] | None = None
    capacity_unit: CapacityUnit | None = None
    usable_mib: Annotated[float, Field(gt=0, le=1e9), _at_least(1)] | None = None
    type: Text | None = None
    bus_width_bits: Annotated[int, Field(gt=0, le=65536)] | None = None
    #: Data rate per pin in Gb/s (DDR5-4800 is 4.8), where the maker states it.
    data_rate_gbps: Annotated[float, Field(gt=0, le=100)] | None = None
    bandwidth_gbs: Annotated[float, Field(gt=0, le=1e8), _at_least(1e-3)] | None = None
    on_chip: bool = False

    @model_validator(mode="after")
    def _unit_with_capacity(self) -> Memory:
        """A capacity says which unit it means; a unit needs a capacity."""
        if self.capacity is not None and self.capacity_unit is None:
            raise ValueError(
                "capacity_unit is required with capacity: GiB for HBM/GDDR/LPDDR sizes "
                "(binary), GB only where the vendor means 10^9 bytes"
            )
        if self.capacity is None and self.capacity_unit is not None:
            raise ValueError("capacity_unit is given without a capacity")
        return self

    @property
    def capacity_bytes(self) -> int | None:
        """Capacity in bytes, as the vendor means its figure."""
        if self.capacity is None or self.capacity_unit is None:
            return None
        return round(self.capacity * UNIT_BYTES[self.capacity_unit])

    @property
    def usable_bytes(self) -> int | None:
        """Memory a driver reports as usable, in bytes (None where no capture was read)."""
        return None if self.usable_mib is None else round(self.usable_mib * 1024**2)


class Power(Strict):
    """Power limit in watts, the vendor's word for it, and what it covers."""

    tdp_w: Annotated[float, Field(gt=0, le=1e7), _at_least(0.1)] | None = None
    term: Text | None = None
    scope: PowerScope | None = None

    @model_validator(mode="after")
    def _scope_with_power(self) -> Power:
        """A power figure says what it covers."""
        if self.tdp_w is not None and self.scope is None:
            raise ValueError(
                "scope is required with tdp_w: chip, card, module, superchip or system"
            )
        return self


class Interconnect(Strict):
    """Scale-up link ("none" when the part has none) and host interface; bidirectional GB/s."""

    scale_up: Text | None = None
    scale_up_bandwidth_gbs: Annotated[float, Field(gt=0, le=1e5), _at_least(1e-3)] | None = None
    host: Text | None = None
    host_bandwidth_gbs: Annotated[float, Field(gt=0, le=1e4), _at_least(1e-3)] | None = None

    @property
    def no_scale_up(self) -> bool:
        """True when the data states that the part has no chip-to-chip scale-up link."""
        return (self.scale_up or "").strip().casefold() == "none"

    @model_validator(mode="after")
    def _none_has_no_bandwidth(self) -> Interconnect:
        """A part without a scale-up link has no scale-up bandwidth."""
        if self.no_scale_up and self.scale_up_bandwidth_gbs is not None:
            raise ValueError("scale_up is 'none' but scale_up_bandwidth_gbs is given")
        return self


class Accumulate(Strict):
    """Accumulate precision of a stored rate, and rates at other accumulate precisions."""

    precision: AccumulatePrecision
    alternatives: dict[AccumulatePrecision, Tflops] = {}


class RatioException(Strict):
    """A sourced statement that a chip truly breaks one ratio or sibling check."""

    check: Literal["fp8_over_bf16", "bf16_over_tf32", "sibling", "sibling_link"]
    reason: LongText
    source: Slug


class Alternative(Strict):
    """Another source's value for a field, and why the canonical one is preferred."""

    field: FieldPath
    value: float | int | str
    source: Slug
    reason: LongText


#: How a figure is known: printed by the maker, half its printed sparse figure, or a printed
#: figure in another unit. ``derived`` figures are named under ``derive``, never under ``basis``.
Basis = Literal["stated", "halved", "converted"]
QuoteText = Annotated[str, Field(min_length=1, max_length=1500), AfterValidator(_clean_quote)]


class Quote(Strict):
    """Words copied from a source that carry a figure: the source's id and the verbatim text."""

    source: Slug
    text: QuoteText
    #: Why a quote that gives another value does not set the canonical figure.
    reason: LongText | None = None


class DeriveInput(Strict):
    """One stated input of a derived figure, with the source that states it."""

    value: Annotated[float, Field(gt=0, le=1e9)]
    source: Slug
    quote: QuoteText | None = None


class Derivation(Strict):
    """A figure xpuref.calc computes at build time from stated inputs (never typed in YAML)."""

    formula: Annotated[str, Field(pattern=r"^[a-z0-9_]+$", max_length=80)]
    inputs: dict[Annotated[str, Field(pattern=r"^[a-z0-9_]+$", max_length=40)], DeriveInput]
    note: LongText | None = None


class Launched(Strict):
    """A product's launch date and status: a shipping product launched on a past date."""

    launch_date: PartialDate
    status: Status

    @field_validator("launch_date")
    @classmethod
    def _real_date(cls, value: str) -> str:
        """Require a real calendar date."""
        check_date(value)
        return value

    @model_validator(mode="after")
    def _launched_in_the_past(self) -> Launched:
        """A product that is shipping or discontinued launched on a date that has passed."""
        if self.status != "announced":
            try:
                check_date(self.launch_date, not_after_today=True)
            except ValueError:
                raise ValueError(
                    f"launch_date {self.launch_date} is in the future but status is "
                    f"'{self.status}': use status 'announced'"
                ) from None
        return self


#: Tools and runtimes whose printed device names are recorded in ``driver_names``
#: (``habanalabs``: the Intel Gaudi kernel driver's sysfs ``device_type``).
PrintedBy = Literal[
    "nvidia-smi", "torch", "jax", "amd-smi", "rocm-smi", "npu-smi", "torch_npu", "hl-smi",
    "neuron-ls", "neuron-driver", "cnmon", "cnrt", "tt-smi", "habanalabs", "musa",
    "mthreads-gmi", "mx-smi", "ixsmi", "ixml", "cpuinfo", "metal", "hailortcli", "gc-info",
    "iluvatar-container-cli", "xpu_smi", "qaic-util", "gcu-exporter",
]  # fmt: skip
MigProfile = Annotated[str, Field(pattern=r"^[1-9]g\.[0-9]+gb$", max_length=20)]


class DriverName(Strict):
    """A name (the SKU's name or an alias) that a driver or runtime prints, and the source."""

    name: Text
    printed_by: PrintedBy
    source: Slug


class Mig(Strict):
    """Multi-Instance GPU: compute slices of the whole GPU and the profiles it offers."""

    compute_slices: Annotated[int, Field(ge=2, le=16)]
    profiles: Annotated[list[MigProfile], Field(min_length=1)]
    source: Slug

    @model_validator(mode="after")
    def _profiles_fit(self) -> Mig:
        """A profile uses at most the GPU's compute slices."""
        for profile in self.profiles:
            if int(profile.split("g.")[0]) > self.compute_slices:
                raise ValueError(f"profile {profile} has more than {self.compute_slices} slices")
        return self


class Device(Launched):
    """One SKU: exact variant and scope, its figures per chip, and the sources behind them."""

    id: Slug
    name: Text
    name_zh: Text | None = None
    vendor: Slug
    kind: Kind
    architecture: Slug
    die: Slug | None = None
    form_factor: Text
    scope: Scope
    chips_per_package: Annotated[int, Field(ge=1, le=1024)] = 1
    #: Logic dies (compute and I/O, not memory stacks) in one chip's package, as the maker
    #: describes them; unset means one. Die area is required only of single-die chips.
    dies: Annotated[int, Field(ge=1, le=256)] | None = None
    visible_devices: Annotated[int, Field(ge=1, le=64)] = 1
    market: Market
    aliases: list[Text] = []
    #: Which aliases a driver or runtime prints, each with the source it was read on.
    driver_names: list[DriverName] = []
    mig: Mig | None = None
    #: At most this many former ids: each one publishes a redirect page.
    former_ids: Annotated[list[Slug], Field(max_length=MAX_FORMER_IDS)] = []
    #: The chip is a whole wafer (Cerebras WSE): its die is not bound by the reticle limit.
    wafer_scale: bool = False
    process_node: Text | None = None
    die_area_mm2: Annotated[float, Field(gt=0, le=50000), _at_least(1)] | None = None
    die_area_max_mm2: Annotated[float, Field(gt=0, le=50000), _at_least(1)] | None = None
    transistors_billion: Annotated[float, Field(gt=0, le=10000), _at_least(1e-3)] | None = None
    memory: Memory = Memory()
    power: Power = Power()
    interconnect: Interconnect = Interconnect()
    peak_dense: dict[str, Tflops] = {}
    sparsity_factor: Annotated[float, Field(ge=1, le=8)] | None = None
    accumulate: dict[str, Accumulate] = {}
    ratio_exceptions: list[RatioException] = []
    alternatives: list[Alternative] = []
    basis: dict[FieldPath, Basis] = {}
    quotes: dict[FieldPath, Quote | list[Quote]] = {}
    derive: dict[FieldPath, Derivation] = {}
    gaps: dict[FieldPath, LongText] = {}
    not_supported: dict[str, LongText] = {}
    notes: LongText | None = None
    sources: Annotated[list[Source], Field(min_length=1, max_length=200)]

    @field_validator("peak_dense", "accumulate", "not_supported")
    @classmethod
    def _rate_keys(cls, value: dict[str, object]) -> dict[str, object]:
        """Peak rates and accumulate entries use the catalogue's keys, in its order."""
        unknown = [key for key in value if key not in RATE_KEYS]
        if unknown:
            raise ValueError(
                f"'{unknown[0]}' is not a peak-rate key (known: {', '.join(RATE_KEYS)})"
            )
        return {key: value[key] for key in RATE_KEYS if key in value}

    @model_validator(mode="after")
    def _driver_names_are_sourced_aliases(self) -> Device:
        """A driver name is one of the aliases and names a source of this file."""
        ids = {source.id for source in self.sources}
        aliases = {*self.aliases, self.name}
        for index, entry in enumerate(self.driver_names):
            if entry.name not in aliases:
                raise ValueError(
                    f"driver_names[{index}]: '{entry.name}' is neither the name nor an alias"
                )
            if entry.source not in ids:
                raise ValueError(
                    f"driver_names[{index}]: source '{entry.source}' is not among the sources"
                )
        if self.mig is not None and self.mig.source not in ids:
            raise ValueError(f"mig: source '{self.mig.source}' is not among the sources")
        return self

    def quotes_for(self, path: str) -> list[Quote]:
        """The quotes recorded for one figure (one or several)."""
        found = self.quotes.get(path)
        if found is None:
            return []
        return found if isinstance(found, list) else [found]

    def basis_of(self, path: str) -> str:
        """How a figure is known: derived, halved, converted, or stated (the default)."""
        return "derived" if path in self.derive else self.basis.get(path, "stated")

    @property
    def launch_year(self) -> int:
        """Year of launch."""
        return int(self.launch_date[:4])


class RateCeiling(Strict):
    """An upper bound on one matrix rate of this generation's parts, as a multiple of another.

    Used only where a part's own rate is not published: the export calculation then bounds the
    missing rate by the multiple instead of leaving TPP unbounded (an interpretation the export
    page states with its source).
    """

    rate: Annotated[str, Field(pattern=r"^[a-z0-9]+_[a-z0-9]+$|^[a-z0-9]+$", max_length=40)]
    at_most: Annotated[float, Field(gt=0, le=64)]
    of: Annotated[str, Field(pattern=r"^[a-z0-9]+_[a-z0-9]+$|^[a-z0-9]+$", max_length=40)]
    source: Slug
    reason: LongText

    def plain(self) -> dict[str, float | str]:
        """The ceiling as xpuref.calc reads it."""
        return {"rate": self.rate, "at_most": self.at_most, "of": self.of}


class Architecture(Strict):
    """A generation of a vendor's design: what it introduced and the precisions it runs."""

    id: Slug
    vendor: Slug
    name: Text
    codename: Text | None = None
    year: Annotated[int, Field(ge=1990, le=2100)]
    process: Text | None = None
    introduced: list[Text] = []
    matrix_precisions: list[Slug] | None = None
    vector_precisions: list[Slug] | None = None
    rate_ceilings: list[RateCeiling] = []
    sources: Annotated[list[Source], Field(min_length=1)]

    @model_validator(mode="after")
    def _ceilings_name_rates_and_sources(self) -> Architecture:
        """A ceiling bounds one supported rate by another and names a source of this file."""
        supported = self.supported_rates() or []
        ids = {source.id for source in self.sources}
        for index, ceiling in enumerate(self.rate_ceilings):
            where = f"rate_ceilings[{index}]"
            for key in (ceiling.rate, ceiling.of):
                if key not in supported:
                    raise ValueError(f"{where}: '{key}' is not a rate this architecture runs")
            if ceiling.rate == ceiling.of:
                raise ValueError(f"{where}: a rate cannot bound itself")
            if ceiling.source not in ids:
                raise ValueError(f"{where}: source '{ceiling.source}' is not among the sources")
        return self

    def supported_rates(self) -> list[str] | None:
        """The peak_dense keys a device of this generation should give (None: not declared)."""
        if self.matrix_precisions is None and self.vector_precisions is None:
            return None
        wanted = {f"{p}_matrix" for p in self.matrix_precisions or []}
        wanted |= set(self.vector_precisions or [])
        return [key for key in RATE_KEYS if key in wanted]


class Vendor(Strict):
    """A company that makes devices."""

    name: Text
    #: The usual Chinese name (英伟达); vendors without one keep their Latin name in Chinese.
    name_zh: Text | None = None
    url: WebAddress
    country: Annotated[str, Field(pattern=r"^[A-Z]{2}$")] | None = None
