"""Checks on one device that a schema cannot express: sourcing, completeness, ratios, magnitudes."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from xpuref.data.base import fold_name
from xpuref.data.devices import Architecture, Device, Source
from xpuref.data.fields import BASIC_FIELDS, RATE_KEYS, at_path
from xpuref.data.problems import Problem, repeats
from xpuref.data.publishers import CITABLE_TIERS, Registry
from xpuref.data.yamlfile import FieldPath, SourceFile, problem_at

__all__ = [
    "RATIO_CHECKS",
    "check_device",
    "check_sourcing",
    "covering_sources",
    "numeric_paths",
    "required_fields",
    "sources_covering",
]

# (check name, numerator key, denominator key, largest allowed ratio)
RATIO_CHECKS: tuple[tuple[str, str, str, float], ...] = (
    ("fp8_over_bf16", "fp8_matrix", "bf16_matrix", 2.2),
    ("bf16_over_tf32", "bf16_matrix", "tf32_matrix", 2.2),
)

#: Largest power one chip, card or module draws (a superchip module and systems may exceed it).
_MAX_POWER_W = {"chip": 3000.0, "card": 3000.0, "module": 3000.0, "superchip": 6000.0}
#: Gap reasons that only say a search stopped, which is no reason for a published figure.
_LAZY_GAP = re.compile(
    r"no readable|not found|could(?: not|n't) find|did not find|unable to find|no page we",
    re.IGNORECASE,
)
_SKIPPED_TOP_KEYS = {
    "sources",
    "alternatives",
    "ratio_exceptions",
    "gaps",
    "basis",
    "quotes",
    "derive",
}


def numeric_paths(raw: Any, path: FieldPath = ()) -> list[FieldPath]:
    """List the paths of every number in a device file outside sources, alternatives, gaps."""
    if isinstance(raw, dict):
        found: list[FieldPath] = []
        for key, value in raw.items():
            if not path and key in _SKIPPED_TOP_KEYS:
                continue
            if not path and key in ("chips_per_package", "visible_devices") and value == 1:
                continue  # the default: one chip, one device, needs no source
            found += numeric_paths(value, (*path, str(key)))
        return found
    if isinstance(raw, (int, float)) and not isinstance(raw, bool):
        return [path]
    return []


def _exists(raw: Any, dotted_path: str) -> bool:
    """Tell whether a dotted field path names a place in the raw data."""
    return at_path(raw, dotted_path)[0]


def sources_covering(sources: Sequence[Source], path: str) -> list[int]:
    """Indexes of the sources whose claimed fields cover a dotted path (or a prefix of it)."""
    parts = path.split(".")
    prefixes = {".".join(parts[:end]) for end in range(1, len(parts) + 1)}
    return [i for i, s in enumerate(sources) if prefixes & set(s.fields)]


def covering_sources(device: Device, path: str) -> list[int]:
    """Indexes of the device's sources whose claimed fields cover a dotted path."""
    return sources_covering(device.sources, path)


def check_sourcing(
    sources: Sequence[Source], raw: Any, src: SourceFile, registry: Registry
) -> tuple[list[Problem], dict[str, int]]:
    """Every number is backed by a citable source; source ids are unique; claims name fields.

    Returns the problems and each source id with the index of its first use.
    """
    problems: list[Problem] = []
    tiers = []
    for source in sources:
        pub = registry.lookup(source.url)
        tiers.append(pub.tier if pub else None)
    for path in numeric_paths(raw):
        dotted_path = ".".join(str(p) for p in path)
        covering = sources_covering(sources, dotted_path)
        if not covering:
            problems.append(problem_at(src, path, "no source backs this number"))
        elif not any(tiers[i] in CITABLE_TIERS for i in covering):
            problems.append(
                problem_at(
                    src,
                    path,
                    "backed only by sources of tier 'other': add a vendor, vendor-copy or "
                    "reference source",
                )
            )
    for i, key, first in repeats([source.id for source in sources]):
        message = f"duplicate source id '{key}' (first used by sources[{first}])"
        problems.append(problem_at(src, ("sources", i, "id"), message))
    for i, source in enumerate(sources):
        for j, claim in enumerate(source.fields):
            if not _exists(raw, claim):
                problems.append(
                    problem_at(
                        src,
                        ("sources", i, "fields", j),
                        f"names '{claim}', which this file does not have",
                    )
                )
    seen: dict[str, int] = {}
    for i, source in enumerate(sources):
        seen.setdefault(source.id, i)
    return problems, seen


def _sourcing(device: Device, raw: Any, src: SourceFile, registry: Registry) -> list[Problem]:
    """Every number is backed by a citable source; every claim and reference names something."""
    problems, seen = check_sourcing(device.sources, raw, src, registry)
    references: list[tuple[str, int, str]] = [
        ("alternatives", i, alt.source) for i, alt in enumerate(device.alternatives)
    ] + [("ratio_exceptions", i, exc.source) for i, exc in enumerate(device.ratio_exceptions)]
    for kind, i, source_id in references:
        if source_id not in seen:
            problems.append(
                problem_at(src, (kind, i, "source"), f"unknown source id '{source_id}'")
            )
    for i, alt in enumerate(device.alternatives):
        if not _exists(raw, alt.field) and alt.field not in device.derive:
            problems.append(
                problem_at(
                    src,
                    ("alternatives", i, "field"),
                    f"names '{alt.field}', which this file does not have",
                )
            )
    return problems


def _ratios(device: Device, src: SourceFile) -> list[Problem]:
    """Flag the classic error of a sparse figure typed into a dense field."""
    problems: list[Problem] = []
    rates = device.peak_dense
    excused = {e.check for e in device.ratio_exceptions}
    for name, top, bottom, limit in RATIO_CHECKS:
        if top in rates and bottom in rates and name not in excused:
            ratio = rates[top] / rates[bottom]
            if ratio > limit:
                problems.append(
                    problem_at(
                        src,
                        ("peak_dense", top),
                        f"{top} is {ratio:.2f} x {bottom} (at most {limit} expected): is a sparse "
                        f"figure typed as dense? If the chip really does this, add a sourced "
                        f"ratio_exceptions entry with check '{name}'",
                    )
                )
    if "fp64" in rates and "fp32" in rates and rates["fp64"] > rates["fp32"] * 1.001:
        problems.append(
            problem_at(src, ("peak_dense", "fp64"), "fp64 vector rate exceeds the fp32 vector rate")
        )
    for key in device.accumulate:
        if key not in rates:
            problems.append(
                problem_at(
                    src, ("accumulate", key), f"peak_dense has no '{key}' for this to describe"
                )
            )
    return problems


def _plausibility(device: Device, src: SourceFile) -> list[Problem]:
    """Refuse magnitudes no device of this kind has."""
    problems: list[Problem] = []
    bandwidth = device.memory.bandwidth_gbs
    if bandwidth is not None and not device.memory.on_chip and bandwidth > 100_000:
        problems.append(
            problem_at(
                src,
                ("memory", "bandwidth_gbs"),
                f"{bandwidth:g} GB/s is beyond any off-chip memory (over 100 TB/s); check the unit "
                "(or set memory.on_chip for on-chip SRAM)",
            )
        )
    area, at_most = device.die_area_mm2, device.die_area_max_mm2
    if area is not None and at_most is not None and area > at_most:
        problems.append(
            problem_at(
                src,
                ("die_area_max_mm2",),
                f"the stated bound {at_most:g} mm² is below the die area {area:g} mm²; "
                "a bound is for an area that is not published",
            )
        )
    problems += _physical_bounds(device, src)
    wafer_scale = device.wafer_scale
    for key, value in device.peak_dense.items():
        if device.scope != "system" and not wafer_scale and value > 100_000:
            problems.append(
                problem_at(
                    src,
                    ("peak_dense", key),
                    f"{value:g} TFLOPS is beyond any single {device.scope}; check the unit",
                )
            )
    power = device.power
    limit = _MAX_POWER_W.get(power.scope or "")
    if power.tdp_w is not None and limit is not None and not wafer_scale and power.tdp_w > limit:
        problems.append(
            problem_at(
                src,
                ("power", "tdp_w"),
                f"{power.tdp_w:g} W is beyond any single {power.scope} (at most {limit:g} W); "
                "check the value and power.scope",
            )
        )
    return problems


#: The largest area one lithography exposure can print (26 mm x 33 mm): a die is at most this.
RETICLE_MM2 = 858.0
#: A 300 mm wafer's area: even a wafer-scale chip is no larger.
WAFER_MM2 = 70_686.0
#: Generous per-pin data rates (Gbit/s) for each memory type, above every part shipped and
#: every announced speed grade, so only a unit or digit slip exceeds them. A type not listed
#: (or plain "HBM") gets the fastest of all.
MAX_PIN_GBITS: dict[str, float] = {
    "HBM4E": 16.0, "HBM4": 13.0, "HBM3E": 10.5, "HBM3": 7.0, "HBM2E": 4.0, "HBM2": 2.6,
    "GDDR7": 48.0, "GDDR6X": 25.0, "GDDR6": 24.0, "GDDR5X": 14.0, "GDDR5": 10.0,
    "LPDDR5X": 11.0, "LPDDR5": 7.0, "LPDDR4X": 4.5, "LPDDR4": 4.5, "DDR5": 9.0, "DDR4": 3.6,
}  # fmt: skip
_FASTEST_PIN = max(MAX_PIN_GBITS.values())
_MEMORY_TYPE = re.compile("|".join(sorted(MAX_PIN_GBITS, key=len, reverse=True)))


def max_pin_gbits(memory_type: str | None) -> float:
    """The largest plausible per-pin data rate for a memory type as data names it."""
    found = _MEMORY_TYPE.search((memory_type or "").upper())
    return MAX_PIN_GBITS[found.group()] if found else _FASTEST_PIN


def _kind(memory_type: str | None) -> str:
    """Name the memory type a per-pin bound was taken for."""
    found = _MEMORY_TYPE.search((memory_type or "").upper())
    return found.group() if found else "any memory type (the type is not a known one)"


def _physical_bounds(device: Device, src: SourceFile) -> list[Problem]:
    """Die area within the reticle per die, bandwidth within bus width x data rate, usable memory
    within capacity."""
    problems: list[Problem] = []
    dies = device.dies or 1
    limit = WAFER_MM2 if device.wafer_scale else RETICLE_MM2 * dies
    for key in ("die_area_mm2", "die_area_max_mm2"):
        area = getattr(device, key)
        if area is not None and area > limit:
            why = (
                "a 300 mm wafer"
                if device.wafer_scale
                else f"{dies} die{'s' if dies > 1 else ''} of at most the {RETICLE_MM2:g} mm² "
                "reticle limit (set 'dies' for a multi-die package, 'wafer_scale' for a wafer)"
            )
            problems.append(
                problem_at(src, (key,), f"{area:g} mm² is larger than {limit:g} mm², {why}")
            )
    memory = device.memory
    if memory.bandwidth_gbs is not None and memory.bus_width_bits is not None:
        rate = max_pin_gbits(memory.type)
        ceiling = memory.bus_width_bits / 8 * rate
        if memory.bandwidth_gbs > ceiling:
            problems.append(
                problem_at(
                    src,
                    ("memory", "bandwidth_gbs"),
                    f"{memory.bandwidth_gbs:g} GB/s is more than a {memory.bus_width_bits}-bit bus "
                    f"carries at {rate:g} Gbit/s per pin ({ceiling:g} GB/s) for "
                    f"{_kind(memory.type)}; check the unit and the bus width",
                )
            )
    usable, capacity = memory.usable_bytes, memory.capacity_bytes
    if usable is not None and capacity is not None and usable > capacity:
        problems.append(
            problem_at(
                src,
                ("memory", "usable_mib"),
                f"{memory.usable_mib:g} MiB usable is more than the capacity "
                f"({capacity / 1024**2:g} MiB)",
            )
        )
    return problems


#: An architecture's year is its public unveiling; a part may ship (inside its maker's own
#: data centres) up to a year before it (Google's TPU v4i, 2020, before TPU v4's 2021).
_EARLY_YEARS = 1


def _dates_in_order(device: Device, src: SourceFile, arch: Architecture | None) -> list[Problem]:
    """A part launches no earlier than its architecture (with a year's grace, see above)."""
    if arch is None or device.launch_year >= arch.year - _EARLY_YEARS:
        return []
    return [
        problem_at(
            src,
            ("launch_date",),
            f"{device.launch_date} is before its architecture {arch.id} ({arch.year})",
        )
    ]


def required_fields(device: Device, arch: Architecture | None) -> list[str]:
    """The figures the completeness contract asks of this device."""
    wanted = [f for f in BASIC_FIELDS if f != "die_area_mm2"]
    single_die = (
        device.chips_per_package == 1
        and (device.dies or 1) == 1
        and device.kind != "cpu"
        and device.scope != "system"
    )
    if single_die:
        wanted.append("die_area_mm2")
    supported = arch.supported_rates() if arch is not None else None
    if supported is None:
        wanted.append("peak_dense")
    else:
        wanted += [f"peak_dense.{k}" for k in supported if k not in device.not_supported]
    return wanted


def _present(device: Device, raw: Any, field: str) -> bool:
    """Whether a required figure is given."""
    if field == "peak_dense":
        return bool(device.peak_dense)
    return _exists(raw, field) or field in device.derive


def _gaps(device: Device, raw: Any, src: SourceFile, arch: Architecture | None) -> list[Problem]:
    """A missing required figure needs a stated reason; a stated gap must really be missing."""
    problems: list[Problem] = []
    wanted = required_fields(device, arch)
    known = set(BASIC_FIELDS) | {"peak_dense"} | {f"peak_dense.{k}" for k in RATE_KEYS}
    for name, reason in device.gaps.items():
        where = ("gaps", name)
        if name not in known:
            problems.append(
                problem_at(
                    src,
                    where,
                    f"'{name}' is not a figure gaps can explain "
                    f"(one of {', '.join(sorted(BASIC_FIELDS))} or peak_dense.<key>)",
                )
            )
        elif _present(device, raw, name):
            problems.append(problem_at(src, where, f"'{name}' has a value; remove this gap"))
        elif _LAZY_GAP.search(reason):
            problems.append(
                problem_at(
                    src,
                    where,
                    "a search that stopped is no reason: say why no vendor document or curated "
                    "reference publishes this figure, or find the source",
                )
            )
    for lacking in wanted:
        if not _present(device, raw, lacking) and lacking not in device.gaps:
            problems.append(
                problem_at(
                    src,
                    ("gaps",),
                    f"no value for '{lacking}': give it with a source, or say why no vendor or "
                    f"reference publishes it under gaps.{lacking}",
                )
            )
    return problems


def _not_supported(device: Device, src: SourceFile, arch: Architecture | None) -> list[Problem]:
    """A precision the chip lacks is one its architecture runs, with no rate and no gap."""
    problems: list[Problem] = []
    supported = (arch.supported_rates() if arch is not None else None) or []
    for key in device.not_supported:
        where = ("not_supported", key)
        if key in device.peak_dense:
            problems.append(problem_at(src, where, f"peak_dense gives a '{key}' rate"))
        elif f"peak_dense.{key}" in device.gaps:
            problems.append(problem_at(src, where, f"'{key}' is also listed under gaps"))
        elif key not in supported:
            problems.append(
                problem_at(src, where, f"the architecture does not declare '{key}' at all")
            )
    return problems


def _names(device: Device, src: SourceFile) -> list[Problem]:
    """Aliases differ from the name and from each other once folded."""
    problems: list[Problem] = []
    seen = {fold_name(device.name)}
    for i, alias in enumerate(device.aliases):
        folded = fold_name(alias)
        if folded in seen:
            problems.append(
                problem_at(src, ("aliases", i), f"'{alias}' repeats the name or another alias")
            )
        seen.add(folded)
    if device.id in device.former_ids:
        problems.append(
            problem_at(src, ("former_ids",), "a device cannot list its own id as a former id")
        )
    return problems


def check_device(
    device: Device,
    raw: Any,
    src: SourceFile,
    registry: Registry,
    arch: Architecture | None,
) -> list[Problem]:
    """Run every single-device check."""
    return (
        _sourcing(device, raw, src, registry)
        + _ratios(device, src)
        + _plausibility(device, src)
        + _dates_in_order(device, src, arch)
        + _gaps(device, raw, src, arch)
        + _not_supported(device, src, arch)
        + _names(device, src)
    )
