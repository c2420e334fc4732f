"""Load data/measured/ and hold every record against the catalogued device it names.

A record above the device's ceiling (dense peak at its precision, memory bandwidth, the
scale-up link's stated bidirectional figure for an all-reduce's bus bandwidth, which sources
count one way or both, and half the host link's figure for one direction) is refused; one
below 30 % of the ceiling is a warning unless its note explains it. Ceilings are per visible
device, as measurements are.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from xpuref.data.devices import Device
from xpuref.data.loader import load_model
from xpuref.data.measured import MeasuredFile, MeasuredRecord, to_base_unit
from xpuref.data.problems import Problem
from xpuref.data.publishers import CITABLE_TIERS, Registry
from xpuref.data.yamlfile import display_name, dotted, problem_at

__all__ = ["SUSPECT_SHARE", "Ceiling", "MeasuredSet", "ceiling", "load_measured"]

#: Below this share of the ceiling a measurement is flagged as suspect unless a note explains it.
SUSPECT_SHARE = 0.30


@dataclass(frozen=True)
class Ceiling:
    """What a measurement is held against: the catalog figure per visible device, and its name."""

    value: float
    unit: str
    label: str


def ceiling(device: Device, record: MeasuredRecord) -> Ceiling | None:
    """The catalog figure a record may not exceed, per visible device (None: not published)."""
    share = device.visible_devices
    link = device.interconnect
    if record.metric == "gemm":
        peak = device.peak_dense.get(record.precision or "")
        unit = "TOPS" if (record.precision or "").startswith("int") else "TFLOPS"
        return None if peak is None else Ceiling(peak / share, unit, "dense peak")
    if record.metric == "memory_bandwidth":
        bandwidth = device.memory.bandwidth_gbs
        return None if bandwidth is None else Ceiling(bandwidth / share, "GB/s", "memory bandwidth")
    if record.metric == "allreduce_busbw":
        up = link.scale_up_bandwidth_gbs
        return None if up is None else Ceiling(up, "GB/s", "scale-up link bandwidth")
    host = link.host_bandwidth_gbs
    if host is None:
        return None
    if record.conditions.direction == "bidirectional":
        return Ceiling(host, "GB/s", "host link, both directions")
    return Ceiling(host / 2, "GB/s", "host link, one direction")


@dataclass(frozen=True)
class MeasuredSet:
    """Every loaded record with its file, the origin of its file, and the warnings found."""

    records: tuple[tuple[MeasuredRecord, MeasuredFile], ...]
    files: dict[str, str]
    warnings: tuple[Problem, ...]


def _check(
    record: MeasuredRecord,
    device: Device,
    where: tuple[str | int, ...],
    src_name: str,
    line: int,
    problems: list[Problem],
    warnings: list[Problem],
) -> None:
    """Refuse a record above its ceiling; warn on one below 30 % without a note."""
    top = ceiling(device, record)
    if top is None:
        if record.metric == "gemm":
            problems.append(
                Problem(
                    src_name,
                    line,
                    dotted((*where, "precision")),
                    f"{device.id} gives no {record.precision} peak to hold the measurement against",
                )
            )
        return
    value = to_base_unit(record.value, record.unit)
    field = dotted((*where, "value"))
    if value > top.value * (1 + 1e-9):
        problems.append(
            Problem(
                src_name,
                line,
                field,
                f"{record.value:g} {record.unit} is above the {top.label} of {device.id} "
                f"({top.value:g} {top.unit} per visible device): a measurement cannot beat the "
                "ceiling; check the device, the unit and the precision",
            )
        )
    elif value < SUSPECT_SHARE * top.value and record.note is None:
        warnings.append(
            Problem(
                src_name,
                line,
                field,
                f"suspect: {record.value:g} {record.unit} is {value / top.value:.0%} of the "
                f"{top.label} ({top.value:g} {top.unit}); add a note saying why",
            )
        )


def load_measured(
    root: Path, registry: Registry, devices: dict[str, Device], problems: list[Problem]
) -> MeasuredSet:
    """Load every measured/<name>.yaml with its checks (an absent folder is an empty set)."""
    folder = root / "measured"
    records: list[tuple[MeasuredRecord, MeasuredFile]] = []
    files: dict[str, str] = {}
    warnings: list[Problem] = []
    seen: dict[str, str] = {}
    if not folder.is_dir() or folder.is_symlink():
        return MeasuredSet((), {}, ())
    for path in sorted(folder.iterdir()):
        if path.suffix != ".yaml" or not path.is_file() or path.is_symlink():
            problems.append(
                Problem(display_name(path, root), 1, "", "measured files are measured/<name>.yaml")
            )
            continue
        loaded = load_model(MeasuredFile, path, root, problems, registry=registry)
        if loaded is None:
            continue
        parsed, src = loaded
        for j, page in enumerate(parsed.sources):
            pub = registry.lookup(page.url)
            if pub is not None and pub.tier not in CITABLE_TIERS:
                problems.append(
                    problem_at(
                        src,
                        ("sources", j, "url"),
                        f"{pub.site} is a {pub.tier} site: a measurement needs a vendor, "
                        "vendor-copy or reference source",
                    )
                )
        for i, record in enumerate(parsed.measurements):
            where: tuple[str | int, ...] = ("measurements", i)
            if record.id in seen:
                problems.append(
                    problem_at(
                        src, (*where, "id"), f"'{record.id}' is used twice (also {seen[record.id]})"
                    )
                )
            seen[record.id] = src.name
            device = devices.get(record.device)
            if device is None:
                problems.append(
                    problem_at(src, (*where, "device"), f"unknown device id '{record.device}'")
                )
                continue
            line = src.lines.line_of((*where, "value"))
            _check(record, device, where, src.name, line, problems, warnings)
            records.append((record, parsed))
            files[record.id] = src.name
    return MeasuredSet(tuple(records), files, tuple(warnings))
