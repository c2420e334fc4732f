"""What the device catalog shows: one row per device, its facets, ranges and rate choices."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from xpuref.data.dataset import Dataset
from xpuref.data.devices import Device
from xpuref.data.fields import RATES
from xpuref.views.chinese_names import chinese_name
from xpuref.views.figures._common import HALF, half_rate, precision_label, rate_unit
from xpuref.views.measured import achieved_bf16
from xpuref.views.numbers import format_number
from xpuref.views.words import market_words

__all__ = [
    "CatalogRow",
    "Facet",
    "Range",
    "catalog_facets",
    "catalog_ranges",
    "catalog_rows",
    "marketed_gb",
    "rate_choices",
]

#: Capacity in the catalog's "GB" column: HBM/GDDR "GB" as marketed (GiB), SRAM MB as 10^-3 GB.
_TO_MARKETED_GB = {"GiB": 1.0, "GB": 1.0, "MiB": 1 / 1024, "MB": 1 / 1000}


def marketed_gb(device: Device) -> float | None:
    """Memory capacity on the scale of the catalog's GB column (the unit the vendor markets)."""
    memory = device.memory
    if memory.capacity is None or memory.capacity_unit is None:
        return None
    return memory.capacity * _TO_MARKETED_GB[memory.capacity_unit]


def _card_total(per_chip: float | None, chips: int) -> float | None:
    """A card's (or package's) whole memory: what the filters and sort compare."""
    return None if per_chip is None else per_chip * chips


def _rate(device: Device, key: str) -> float | None:
    """A dense rate by key, or the larger of BF16/FP16 matrix for HALF."""
    if key == HALF:
        found = half_rate(device)
        return None if found is None else found[1]
    return device.peak_dense.get(key)


@dataclass(frozen=True)
class CatalogRow:
    """One catalog row: text cells, facet values and the numbers the filters and sort read."""

    id: str
    name: str
    vendor: str
    kind: str
    market: str
    year: int
    on_chip: bool
    search: str
    memory_gb: float | None
    memory_note: str
    chips: int
    memory_per_chip_gb: float | None
    bandwidth_gbs: float | None
    tdp_w: float | None
    rates: dict[str, float]
    #: The highest cited dense BF16 GEMM measured on the device, in TFLOPS (None: none).
    achieved_bf16: float | None = None

    def rates_attr(self) -> str:
        """Every rate as ``key=value`` pairs for the rate column's precision choice."""
        return ";".join(f"{key}={value!r}" for key, value in self.rates.items())


def catalog_rows(catalog: Dataset) -> list[CatalogRow]:
    """Rows in the catalog's default order (vendor, launch date, name)."""
    rows = []
    for d in catalog.sorted_devices():
        name_zh = chinese_name(d, catalog.vendors[d.vendor])
        names = [d.name, d.id, *d.aliases, d.architecture, d.vendor, name_zh]
        rates = {key: value for key in (HALF, *RATES) if (value := _rate(d, key)) is not None}
        memory = d.memory
        achieved = achieved_bf16(catalog, d.id)
        note = ""
        if memory.on_chip and memory.capacity is not None:
            note = f"{format_number(memory.capacity)} {memory.capacity_unit} on-chip SRAM"
        rows.append(
            CatalogRow(
                id=d.id,
                name=d.name,
                vendor=d.vendor,
                kind=d.kind,
                market=d.market,
                year=d.launch_year,
                on_chip=memory.on_chip,
                search=" ".join(names).casefold(),
                memory_gb=_card_total(marketed_gb(d), d.chips_per_package),
                memory_note=note,
                chips=d.chips_per_package,
                memory_per_chip_gb=marketed_gb(d),
                bandwidth_gbs=memory.bandwidth_gbs,
                tdp_w=d.power.tdp_w,
                rates=rates,
                achieved_bf16=None if achieved is None else achieved.value,
            )
        )
    return rows


@dataclass(frozen=True)
class Facet:
    """A set of checkboxes over one attribute; rows match when any checked value is theirs."""

    name: str
    label: str
    options: tuple[tuple[str, str, int], ...]


def catalog_facets(catalog: Dataset, rows: list[CatalogRow]) -> tuple[Facet, ...]:
    """Market, kind and vendor facets with the number of devices each value has."""

    def facet(name: str, label: str, values: list[str], title: dict[str, str]) -> Facet:
        counts = Counter(values)
        options = tuple((v, title.get(v, v), counts[v]) for v in sorted(counts))
        return Facet(name, label, options)

    vendors = {slug: v.name for slug, v in catalog.vendors.items()}
    markets = {r.market for r in rows}
    return (
        facet("market", "Market", [r.market for r in rows], {m: market_words(m) for m in markets}),
        facet("kind", "Kind", [r.kind for r in rows], {r.kind: r.kind.upper() for r in rows}),
        facet("vendor", "Vendor", [r.vendor for r in rows], vendors),
    )


@dataclass(frozen=True)
class Range:
    """A minimum/maximum pair of inputs over one numeric column."""

    key: str
    label: str
    unit: str


def catalog_ranges() -> tuple[Range, ...]:
    """The numeric filters, in the order of the table's columns."""
    return (
        Range("year", "Year", ""),
        Range("mem", "Memory", "GB"),
        Range("bw", "Bandwidth", "GB/s"),
        Range("rate", "Rate", "TFLOPS"),
        Range("tdp", "Power", "W"),
        Range("achieved", "Achieved BF16 GEMM", "TFLOPS"),
    )


def rate_choices(rows: list[CatalogRow]) -> list[tuple[str, str, str]]:
    """Precisions some device has a rate for: (key, label, unit), BF16/FP16 matrix first."""
    present = {key for r in rows for key in r.rates}
    keys = [HALF, *(k for k in RATES if k in present)]
    return [(k, precision_label(k), rate_unit(k)) for k in keys if k in present]
