"""How each figure is known: basis, the maker's words, derived figures and their checks."""

from __future__ import annotations

import math
import re
from collections.abc import Iterable
from typing import Any

from xpuref.calc import derive_figure
from xpuref.data.devices import Device
from xpuref.data.fields import BASIS_FIELDS, RATE_KEYS, at_path
from xpuref.data.problems import Problem
from xpuref.data.publishers import Registry
from xpuref.data.yamlfile import SourceFile, problem_at

__all__ = [
    "BANDWIDTH_TOLERANCE",
    "CONVERSION_FACTORS",
    "ROUNDING",
    "TIER_RANK",
    "apply_derivations",
    "carries",
    "carries_count",
    "check_bus_bandwidth",
    "check_provenance",
    "check_sibling_links",
    "figure_paths",
    "figure_value",
    "numbers_in",
    "quote_factors",
    "stated_data_rate",
]

#: Factors a ``converted`` figure may differ from its quote by: GiB and GB, KiB-style 1024,
#: bits and bytes, one direction and both.
CONVERSION_FACTORS: tuple[float, ...] = (
    1.073741824,
    1 / 1.073741824,
    1.024,
    1 / 1.024,
    1024.0,
    1 / 1024,
    8.0,
    1 / 8,
    2.0,
    0.5,
)
#: The most a maker's rounding moves a printed figure (1.6 TB/s for 1,600; 67 for 66.9).
ROUNDING = 0.015
#: How far memory bandwidth may stray from bus width x data rate (a fraction).
BANDWIDTH_TOLERANCE = 0.03
#: Rank of a source tier when quotes disagree: the maker's words (or a faithful copy) first.
TIER_RANK: dict[str | None, int] = {"vendor": 2, "vendor-copy": 2, "reference": 1, "other": 0}

_NUMBER = re.compile(
    r"\d+(?:\.\d+)?[eE][+-]?\d+"
    r"|\d{1,3}(?:[,\u00a0\u202f\u2009 ]\d{3}(?!\d))+(?:\.\d+)?|\d+(?:\.\d+)?"
)
_SCIENTIFIC = re.compile(r"(\d+)(?:\.(\d+))?[eE]([+-]?\d+)")
_DATA_RATE = re.compile(
    r"(?:DDR\d?X?|HBM\d?E?)-(\d{3,5})\b|(\d+(?:\.\d+)?)\s*(?:Gbps|Gb/s)|(\d{3,5})\s*MT/s",
    re.IGNORECASE,
)


def numbers_in(text: str) -> list[tuple[float, int, int]]:
    """Every number in a text with its decimals and significant digits; separators allowed."""
    found: list[tuple[float, int, int]] = []
    for match in _NUMBER.finditer(text):
        token = match.group()
        scientific = _SCIENTIFIC.fullmatch(token)
        if scientific:  # 4.5e13 (a dataset cell): its digits say how it was rounded
            whole, fraction, exponent = scientific.groups()
            mantissa = (whole + (fraction or "")).lstrip("0") or "0"
            decimals = len(fraction or "") - int(exponent)  # 37.4e12 rounds to 1e11
            found.append((float(token), decimals, len(mantissa)))
            continue
        for part in {re.sub(r"[,\u00a0\u202f\u2009 ]", "", token), *re.split(r"[,\s]", token)}:
            if part:
                decimals = len(part.split(".")[1]) if "." in part else 0
                whole, _, fraction = part.partition(".")
                digits = len((whole.lstrip("0") + fraction).lstrip("0")) or 1
                found.append((float(part), decimals, digits))
    return found


def carries(text: str, value: float, factors: Iterable[float] = (1.0,)) -> bool:
    """Whether a text prints ``value`` (times one of ``factors``) as the maker rounds it.

    A printed number matches when rounding the figure to the number's decimals gives it, at
    any SI prefix step, and the rounding moves it by at most 1.5 % (1.6 TB/s carries 1600 GB/s;
    1,979 carries 1979; "1 PFLOPS" does not carry 989.4).
    """
    numbers = numbers_in(text)
    for factor in factors:
        for step in range(-4, 5):  # raw FLOP/s (1e12 per TFLOPS) to TFLOPS
            target = value * factor * 1000.0**step
            for number, decimals, digits in numbers:
                if number == 0:
                    continue
                slack = 0.5 * 10.0**-decimals + 1e-9 * abs(target)
                gap = abs(number - target)
                if digits < 2:
                    slack = 1e-9 * abs(target)  # "1 PFLOPS" is too coarse to carry 989.4
                if gap <= slack and gap <= ROUNDING * abs(target):
                    return True
    return False


#: Counts a maker or reference writes in words ("two 256-bit FMA units"): one to twelve.
_COUNT_WORDS = {
    "one": 1,
    "two": 2,
    "three": 3,
    "four": 4,
    "five": 5,
    "six": 6,
    "seven": 7,
    "eight": 8,
    "nine": 9,
    "ten": 10,
    "eleven": 11,
    "twelve": 12,
}
_WORD = re.compile(r"[A-Za-z]+")


def carries_count(text: str, value: float) -> bool:
    """Whether a text prints an input ``value``: as a number, or a small count as a word.

    Derivation inputs such as FMA units per core are counts that prose spells out ("two
    256-bit FMA units" carries 2); a word carries only its exact whole number.
    """
    if carries(text, value):
        return True
    return any(_COUNT_WORDS.get(w.lower()) == value for w in _WORD.findall(text))


def figure_paths(device: Device) -> list[str]:
    """The figures that carry a basis: every peak rate, memory, power and scale-up figure."""
    paths = [f"peak_dense.{key}" for key in RATE_KEYS if key in device.peak_dense]
    return paths + [path for path in BASIS_FIELDS if figure_value(device, path) is not None]


def figure_value(device: Device, path: str) -> float | None:
    """The value of a figure path on a device model (None where unset)."""
    head, _, key = path.partition(".")
    if head == "peak_dense":
        return device.peak_dense.get(key)
    part = getattr(device, head, None)
    value = getattr(part, key, None) if key else part
    return float(value) if isinstance(value, (int, float)) and not isinstance(value, bool) else None


def _exists(raw: Any, dotted: str) -> bool:
    """Whether a dotted path names a place in the raw data."""
    return at_path(raw, dotted)[0]


def _derivable(path: str) -> bool:
    """Whether a field may be derived: a peak rate or one of the basis fields."""
    head, _, key = path.partition(".")
    return (head == "peak_dense" and key in RATE_KEYS) or path in BASIS_FIELDS


def apply_derivations(device: Device, src: SourceFile, problems: list[Problem]) -> Device:
    """Compute every ``derive`` figure with xpuref.calc and put it in place on the model."""
    if not device.derive:
        return device
    ids = {source.id for source in device.sources}
    rates = dict(device.peak_dense)
    parts: dict[str, dict[str, float]] = {}
    for path, derivation in device.derive.items():
        where = ("derive", path)
        if not _derivable(path):
            problems.append(
                problem_at(src, where, "only peak rates, memory, power and scale-up figures derive")
            )
            continue
        if _exists(src.data, path):
            problems.append(
                problem_at(
                    src,
                    (*path.split("."),),
                    "a derived figure is computed by xpuref.calc at build time: remove the typed "
                    f"value (derive.{path} gives its formula)",
                )
            )
            continue
        for name, given in derivation.inputs.items():
            if given.source not in ids:
                problems.append(
                    problem_at(
                        src,
                        (*where, "inputs", name, "source"),
                        f"unknown source id '{given.source}'",
                    )
                )
            if given.quote is not None and not carries_count(given.quote, given.value):
                problems.append(
                    problem_at(
                        src,
                        (*where, "inputs", name, "quote"),
                        f"the quote does not print {given.value:g}",
                    )
                )
        try:
            value = derive_figure(
                derivation.formula, {k: v.value for k, v in derivation.inputs.items()}
            )
        except ValueError as exc:
            field, _, message = str(exc).partition(": ")
            known = field in ("formula", "inputs")
            problems.append(
                problem_at(src, (*where, field) if known else where, message if known else str(exc))
            )
            continue
        head, _, key = path.partition(".")
        if head == "peak_dense":
            rates[key] = value
        else:
            parts.setdefault(head, {})[key] = value
    update: dict[str, Any] = {"peak_dense": {k: rates[k] for k in RATE_KEYS if k in rates}}
    for head, values in parts.items():
        update[head] = getattr(device, head).model_copy(update=values)
    return device.model_copy(update=update)


def quote_factors(device: Device, basis: str) -> tuple[float, ...]:
    """The factors between a figure and the printed number its basis allows."""
    if basis == "halved":
        return tuple({device.sparsity_factor or 2.0, 2.0})
    if basis == "converted":
        return CONVERSION_FACTORS
    return (1.0,)


def _quote_problems(
    device: Device, path: str, src: SourceFile, tiers: dict[str, int]
) -> list[Problem]:
    """A figure's quotes: one carries it; a higher-tier one that differs has a reason."""
    problems: list[Problem] = []
    value = figure_value(device, path)
    quotes = device.quotes_for(path)
    where = ("quotes", path)
    if path in device.derive:
        return [
            problem_at(
                src,
                where,
                "a derived figure has no quote of its own: quote its inputs under derive",
            )
        ]
    if value is None:
        return [problem_at(src, where, f"names '{path}', which this file does not give")]
    for index, quote in enumerate(quotes):
        if quote.source not in tiers:
            at = (*where, index, "source") if isinstance(device.quotes[path], list) else (*where,)
            problems.append(problem_at(src, at, f"unknown source id '{quote.source}'"))
    basis = device.basis_of(path)
    factors = quote_factors(device, basis)
    supporting = [q for q in quotes if carries(q.text, value, factors)]
    if not supporting:
        hint = ""
        if basis == "stated" and any(
            carries(q.text, value, quote_factors(device, "halved")) for q in quotes
        ):
            hint = "; the quote prints the sparse figure: set basis halved"
        elif basis == "stated" and any(carries(q.text, value, CONVERSION_FACTORS) for q in quotes):
            hint = "; the quote prints it in another unit: set basis converted"
        return [
            *problems,
            problem_at(
                src,
                where,
                f"no quote prints {value:g} ({basis}): copy the words that carry it{hint}",
            ),
        ]
    best = max(tiers.get(q.source, 0) for q in supporting)
    reasoned = {a.source for a in device.alternatives if a.field == path}
    for quote in quotes:
        if quote in supporting or quote.reason or quote.source in reasoned:
            continue
        if tiers.get(quote.source, 0) > best:
            problems.append(
                problem_at(
                    src,
                    where,
                    f"source '{quote.source}' (a higher tier than the sources that print "
                    f"{value:g}) gives another value: make its figure canonical, or record why "
                    "not (an alternatives entry for this field and source, or the quote's reason)",
                )
            )
    return problems


def _halved_unmarked(device: Device, path: str, src: SourceFile) -> list[Problem]:
    """A figure whose record keeps the sparse figure as an alternative is halved, not stated."""
    value = figure_value(device, path)
    if value is None or device.basis_of(path) != "stated" or not path.startswith("peak_dense."):
        return []
    factor = device.sparsity_factor or 2.0
    key = path.partition(".")[2]
    other_accumulate = (
        set(device.accumulate[key].alternatives.values()) if key in device.accumulate else set()
    )
    for index, alt in enumerate(device.alternatives):
        if alt.value in other_accumulate:
            continue  # a rate at another accumulate precision, not a sparse figure
        if (
            alt.field == path
            and isinstance(alt.value, (int, float))
            and math.isclose(float(alt.value), value * factor, rel_tol=0.002)
            and re.search(r"spars", alt.reason, re.IGNORECASE)
        ):
            return [
                problem_at(
                    src,
                    ("alternatives", index),
                    f"the record keeps the sparse figure {alt.value:g} for {path}: its dense "
                    f"value is half of a printed sparse figure, so set basis.{path}: halved",
                )
            ]
    return []


def stated_data_rate(device: Device) -> float | None:
    """The memory's per-pin data rate in Gb/s: the stated field, else the type's 'DDR5-4800'."""
    if device.memory.data_rate_gbps is not None:
        return device.memory.data_rate_gbps
    match = _DATA_RATE.search(device.memory.type or "")
    if match is None:
        return None
    mts, gbps, mts2 = match.groups()
    if gbps:
        return float(gbps)
    return float(mts or mts2) / 1000.0


def check_bus_bandwidth(device: Device, src: SourceFile) -> list[Problem]:
    """Memory bandwidth agrees with bus width x data rate within 3 % where both are known."""
    memory = device.memory
    rate = stated_data_rate(device)
    if memory.bandwidth_gbs is None or memory.bus_width_bits is None or rate is None:
        return []
    expected = memory.bus_width_bits / 8 * rate
    if abs(memory.bandwidth_gbs - expected) <= BANDWIDTH_TOLERANCE * expected:
        return []
    return [
        problem_at(
            src,
            ("memory", "bandwidth_gbs"),
            f"{memory.bandwidth_gbs:g} GB/s disagrees with bus width x data rate "
            f"({memory.bus_width_bits} bits / 8 x {rate:g} Gb/s = {expected:g} GB/s) by more "
            f"than {BANDWIDTH_TOLERANCE:.0%}: check the unit, the bus width or the data rate",
        )
    ]


def check_provenance(device: Device, src: SourceFile, registry: Registry) -> list[Problem]:
    """Basis entries name real figures; quotes carry their values; sources and tiers agree."""
    problems: list[Problem] = []
    tiers = {
        source.id: TIER_RANK.get(registry.tier_for(source.url, device.vendor), 0)
        for source in device.sources
    }
    present = set(figure_paths(device))
    for path in device.basis:
        if path not in present:
            problems.append(
                problem_at(src, ("basis", path), f"'{path}' is not a figure this file gives")
            )
        elif path in device.derive:
            problems.append(
                problem_at(src, ("basis", path), "a derived figure's basis is set by derive")
            )
    for path in device.quotes:
        problems += _quote_problems(device, path, src, tiers)
    for path in present:
        problems += _halved_unmarked(device, path, src)
    problems += check_bus_bandwidth(device, src)
    return problems


def _link_reasoned(device: Device) -> bool:
    """Whether a device records why its link figure differs from a sibling's."""
    return any(e.check == "sibling_link" for e in device.ratio_exceptions)


def check_sibling_links(loaded: list[tuple[Device, SourceFile]]) -> list[Problem]:
    """Devices on one die with the same scale-up link give the same scale-up bandwidth.

    A real difference (an export-reduced link) needs a sourced ``ratio_exceptions`` entry with
    check ``sibling_link``.
    """
    problems: list[Problem] = []
    groups: dict[tuple[str, str], list[tuple[Device, SourceFile]]] = {}
    for device, src in loaded:
        link = (device.interconnect.scale_up or "").strip()
        if device.die and link and not device.interconnect.no_scale_up:
            groups.setdefault((device.die, link.casefold()), []).append((device, src))
    for (die, _), group in sorted(groups.items()):
        figures = [(d, s) for d, s in group if d.interconnect.scale_up_bandwidth_gbs is not None]
        if len(figures) < 2:
            continue
        reference = min(figures, key=lambda item: item[0].id)[0]
        want = reference.interconnect.scale_up_bandwidth_gbs
        for device, src in figures:
            have = device.interconnect.scale_up_bandwidth_gbs
            if device is reference or have == want or _link_reasoned(device):
                continue
            problems.append(
                problem_at(
                    src,
                    ("interconnect", "scale_up_bandwidth_gbs"),
                    f"{have:g} GB/s, but {reference.id} (same die '{die}' and link "
                    f"'{device.interconnect.scale_up}') gives {want:g} GB/s: reconcile them, or "
                    "add a sourced ratio_exceptions entry with check 'sibling_link'",
                )
            )
    return problems
