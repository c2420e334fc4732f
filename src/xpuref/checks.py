"""Checks on one device that a schema cannot express: sourcing, ratios and plausibility."""

from __future__ import annotations

from typing import Any

from xpuref.problems import Problem
from xpuref.schema import Device
from xpuref.yamlsource import FieldPath, SourceFile, dotted

__all__ = ["RATIO_CHECKS", "check_device", "numeric_paths"]

# (check name, numerator key, denominator key, largest allowed ratio)
RATIO_CHECKS: tuple[tuple[str, str, str, float], ...] = (
    ("fp8_over_bf16", "fp8_matrix", "bf16_matrix", 2.2),
    ("bf16_over_tf32", "bf16_matrix", "tf32_matrix", 2.2),
)


def _at(src: SourceFile, where: FieldPath, message: str) -> Problem:
    """A problem at a field of a file, located by the file's line map."""
    return Problem(src.name, src.lines.line_of(where), dotted(where), message)


def numeric_paths(raw: Any, path: FieldPath = ()) -> list[FieldPath]:
    """List the paths of every number in a device file outside sources and alternatives."""
    if isinstance(raw, dict):
        found: list[FieldPath] = []
        for key, value in raw.items():
            if not path and key in {"sources", "alternatives", "ratio_exceptions"}:
                continue
            found += numeric_paths(value, (*path, str(key)))
        return found
    if isinstance(raw, (int, float)) and not isinstance(raw, bool):
        return [path]
    return []


def _exists(raw: Any, dotted_path: str) -> bool:
    """Tell whether a dotted field path names a place in the raw data."""
    current = raw
    for part in dotted_path.split("."):
        if not isinstance(current, dict) or part not in current:
            return False
        current = current[part]
    return True


def _covered(path: FieldPath, claims: set[str]) -> bool:
    """Tell whether a source claims this path or one of its prefixes."""
    return any(".".join(str(p) for p in path[:end]) in claims for end in range(1, len(path) + 1))


def _sourcing(device: Device, raw: Any, src: SourceFile) -> list[Problem]:
    """Every number has a source; every claim and reference names something real."""
    problems: list[Problem] = []
    claims = {f for s in device.sources for f in s.fields}
    for path in numeric_paths(raw):
        if not _covered(path, claims):
            problems.append(_at(src, path, "no source backs this number"))
    for i, source in enumerate(device.sources):
        for j, claim in enumerate(source.fields):
            if not _exists(raw, claim):
                where: FieldPath = ("sources", i, "fields", j)
                problems.append(
                    _at(
                        src,
                        where,
                        f"names '{claim}', which this file does not have",
                    )
                )
    source_ids = {s.id for s in device.sources}
    for i, alt in enumerate(device.alternatives):
        if alt.source not in source_ids:
            where = ("alternatives", i, "source")
            problems.append(
                _at(
                    src,
                    where,
                    f"unknown source id '{alt.source}'",
                )
            )
        if not _exists(raw, alt.field):
            where = ("alternatives", i, "field")
            problems.append(
                _at(
                    src,
                    where,
                    f"names '{alt.field}', which this file does not have",
                )
            )
    for i, exc in enumerate(device.ratio_exceptions):
        if exc.source not in source_ids:
            where = ("ratio_exceptions", i, "source")
            problems.append(
                _at(
                    src,
                    where,
                    f"unknown source id '{exc.source}'",
                )
            )
    return problems


def _ratios(device: Device, src: SourceFile) -> list[Problem]:
    """Flag the classic error of a sparse figure typed into a dense field."""
    problems: list[Problem] = []
    rates = device.peak_dense.present()
    excused = {e.check for e in device.ratio_exceptions}
    for name, top, bottom, limit in RATIO_CHECKS:
        if top in rates and bottom in rates and name not in excused:
            ratio = rates[top] / rates[bottom]
            if ratio > limit:
                where = ("peak_dense", top)
                problems.append(
                    _at(
                        src,
                        where,
                        f"{top} is {ratio:.2f} x {bottom} (at most {limit} expected): is a sparse "
                        f"figure typed as dense? If the chip really does this, add a sourced "
                        f"ratio_exceptions entry with check '{name}'",
                    )
                )
    if "fp64" in rates and "fp32" in rates and rates["fp64"] > rates["fp32"] * 1.001:
        where = ("peak_dense", "fp64")
        problems.append(
            _at(
                src,
                where,
                "fp64 vector rate exceeds the fp32 vector rate",
            )
        )
    for key in device.accumulate:
        if key not in rates:
            where = ("accumulate", key)
            problems.append(
                _at(
                    src,
                    where,
                    f"peak_dense has no '{key}' for this to describe",
                )
            )
    return problems


def _plausibility(device: Device, src: SourceFile) -> list[Problem]:
    """Refuse magnitudes no device of this kind has."""
    problems: list[Problem] = []
    bandwidth = device.memory.bandwidth_gbs
    on_chip = "sram" in (device.memory.type or "").lower()
    if bandwidth is not None and not on_chip and bandwidth > 100_000:
        where = ("memory", "bandwidth_gbs")
        problems.append(
            _at(
                src,
                where,
                f"{bandwidth:g} GB/s is beyond any off-chip memory (over 100 TB/s); check the unit",
            )
        )
    for key, value in device.peak_dense.present().items():
        wafer_scale = (device.die_area_mm2 or 0) > 10_000
        if device.scope != "system" and not wafer_scale and value > 100_000:
            where = ("peak_dense", key)
            problems.append(
                _at(
                    src,
                    where,
                    f"{value:g} TFLOPS is beyond any single {device.scope}; check the unit",
                )
            )
    return problems


def _gaps(device: Device, src: SourceFile) -> list[Problem]:
    """A missing basic figure needs a stated reason; a stated gap must really be missing."""
    problems: list[Problem] = []
    missing = device.missing_basics()
    for name in device.gaps:
        if name not in missing:
            where = ("gaps", name)
            problems.append(
                _at(
                    src,
                    where,
                    f"'{name}' has a value; remove this gap",
                )
            )
    for lacking in missing:
        if lacking not in device.gaps:
            problems.append(
                Problem(
                    src.name,
                    src.lines.line_of(("gaps",)),
                    "gaps",
                    f"no value for '{lacking}': give it with a source, or say "
                    f"why it is missing under gaps.{lacking}",
                )
            )
    return problems


def check_device(device: Device, raw: Any, src: SourceFile) -> list[Problem]:
    """Run every single-device check."""
    return (
        _sourcing(device, raw, src)
        + _ratios(device, src)
        + _plausibility(device, src)
        + _gaps(device, src)
    )
