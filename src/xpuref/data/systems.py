"""Systems: catalogued devices joined by one scale-up domain, with no typed totals.

A system file names its member devices and how many of each it holds, the scale-up link that
joins them and what only the system has (a vendor-stated system power, a sourced bisection
bandwidth). Memory, bandwidth and peak-rate totals are never typed in: xpuref.calc derives
them from the member devices at build time, so they cannot go stale.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import Field

from xpuref.data.base import LongText, Slug, Strict, Text, fold_name
from xpuref.data.catalog import RESERVED_IDS
from xpuref.data.device_checks import check_sourcing, sources_covering
from xpuref.data.devices import Device, Launched, Source
from xpuref.data.loader import read_checked
from xpuref.data.located import parse_model
from xpuref.data.problems import Problem, repeats
from xpuref.data.publishers import Registry
from xpuref.data.yamlfile import SourceFile, display_name, problem_at

__all__ = [
    "SYSTEMS_DIR",
    "TYPED_TOTALS",
    "LinkOrigin",
    "ScaleUp",
    "System",
    "SystemFiles",
    "SystemMember",
    "SystemPower",
    "load_systems",
    "member_problems",
]

#: Folder of the system files, inside the data folder.
SYSTEMS_DIR = "systems"

#: Keys a system file may not have: totals are derived from the members, never typed.
TYPED_TOTALS: frozenset[str] = frozenset(
    {
        "memory",
        "peak_dense",
        "peak",
        "sparsity_factor",
        "interconnect",
        "total_memory",
        "total_memory_bytes",
        "memory_bandwidth_gbs",
        "totals",
    }
)

#: Where a member's link bandwidth comes from: the system file or the device's own figure.
LinkOrigin = Literal["system", "device"]

#: More member devices than any system has (a TPU pod has thousands of chips).
_MAX_COUNT = 1_000_000


class SystemMember(Strict):
    """One kind of catalogued device in a system and how many of it (devices, not chips)."""

    device: Slug
    count: Annotated[int, Field(ge=1, le=_MAX_COUNT)]


class ScaleUp(Strict):
    """The scale-up domain: its link, how many member devices one domain joins, and bandwidths.

    ``per_member_bandwidth_gbs`` (bidirectional GB/s per member device) is given only where it
    differs from the member device's own ``interconnect.scale_up_bandwidth_gbs``; otherwise the
    device's figure is used. ``bisection_bandwidth_gbs`` is optional and must be sourced.
    """

    name: Text
    domain_size: Annotated[int, Field(ge=1, le=_MAX_COUNT)]
    per_member_bandwidth_gbs: Annotated[float, Field(gt=0, le=1e6)] | None = None
    bisection_bandwidth_gbs: Annotated[float, Field(gt=0, le=1e9)] | None = None


class SystemPower(Strict):
    """The power the vendor states for the whole system (never a sum of member figures)."""

    tdp_w: Annotated[float, Field(gt=0, le=1e8)]
    term: Text
    scope: Literal["system"]


class System(Launched):
    """A set of catalogued devices joined by one scale-up domain."""

    id: Slug
    name: Text
    name_zh: Text | None = None
    vendor: Slug
    members: Annotated[list[SystemMember], Field(min_length=1, max_length=20)]
    scale_up: ScaleUp
    power: SystemPower | None = None
    notes: LongText | None = None
    sources: Annotated[list[Source], Field(min_length=1, max_length=100)]

    @property
    def device_count(self) -> int:
        """Member devices in the system (devices as catalogued, not chips)."""
        return sum(member.count for member in self.members)

    @property
    def launch_year(self) -> int:
        """Year of launch."""
        return int(self.launch_date[:4])

    def link_gbs(self, device: Device) -> tuple[float | None, LinkOrigin | None]:
        """Scale-up bandwidth per member device (bidirectional GB/s) and where it comes from.

        The system states it only where it differs from the device's own figure; the device's
        figure is per chip, so a multi-chip package counts each chip's links.
        """
        stated = self.scale_up.per_member_bandwidth_gbs
        if stated is not None:
            return stated, "system"
        own = device.interconnect.scale_up_bandwidth_gbs
        if own is None or device.interconnect.no_scale_up:
            return None, None
        return own * device.chips_per_package, "device"


@dataclass(frozen=True)
class SystemFiles:
    """Systems by id with the file each came from."""

    systems: dict[str, System]
    files: dict[str, str]


def _typed_totals(raw: dict[str, Any], src: SourceFile) -> list[Problem]:
    """Refuse totals typed into a system file: they are derived from the members."""
    return [
        problem_at(
            src,
            (str(key),),
            f"a system carries no typed totals: '{key}' is derived from the member devices "
            "(give members and their counts instead)",
        )
        for key in raw
        if key in TYPED_TOTALS
    ]


def _single_file(
    system: System,
    raw: dict[str, Any],
    src: SourceFile,
    stem: str,
    registry: Registry,
    maker: str | None,
) -> list[Problem]:
    """Checks one file can make: id, reserved ids, repeated members, domain size, sourcing."""
    problems: list[Problem] = []
    if system.id != stem:
        problems.append(
            problem_at(src, ("id",), f"id '{system.id}' must equal the file name '{stem}'")
        )
    if system.id in RESERVED_IDS:
        problems.append(problem_at(src, ("id",), f"'{system.id}' is reserved: it names a page"))
    for i, device_id, _ in repeats([member.device for member in system.members]):
        message = f"'{device_id}' is listed twice: give one entry with the total count"
        problems.append(problem_at(src, ("members", i, "device"), message))
    if system.scale_up.domain_size > system.device_count:
        problems.append(
            problem_at(
                src,
                ("scale_up", "domain_size"),
                f"one scale-up domain of {system.scale_up.domain_size} devices is larger than "
                f"the system's {system.device_count} member devices",
            )
        )
    found, _ = check_sourcing(system.sources, raw, src, registry)
    problems += found
    problems += _vendor_power(system, src, registry, maker)
    return problems


def _vendor_power(
    system: System, src: SourceFile, registry: Registry, maker: str | None
) -> list[Problem]:
    """A system power is the vendor's own statement: a vendor or vendor-copy page backs it.

    ``maker`` is the system's vendor when it is a known one (None leaves sites' tiers as listed).
    """
    if system.power is None:
        return []
    tiers = set()
    for i in sources_covering(system.sources, "power.tdp_w"):
        tiers.add(registry.tier_for(system.sources[i].url, maker))
    if tiers & {"vendor", "vendor-copy"}:
        return []
    return [
        problem_at(
            src,
            ("power", "tdp_w"),
            "a system power must be the vendor's own figure: back it with a vendor or "
            "vendor-copy source (a sum of member power figures is derived, never stored)",
        )
    ]


def member_problems(system: System, src: SourceFile, devices: dict[str, Device]) -> list[Problem]:
    """Member ids name catalogued devices; a stated per-member bandwidth differs from theirs."""
    problems: list[Problem] = []
    for i, member in enumerate(system.members):
        device = devices.get(member.device)
        if device is None:
            problems.append(
                problem_at(
                    src,
                    ("members", i, "device"),
                    f"unknown device id '{member.device}' (members name files in devices/)",
                )
            )
            continue
        stated = system.scale_up.per_member_bandwidth_gbs
        own = device.interconnect.scale_up_bandwidth_gbs
        if stated is not None and own is not None and stated == own * device.chips_per_package:
            problems.append(
                problem_at(
                    src,
                    ("scale_up", "per_member_bandwidth_gbs"),
                    f"{stated:g} GB/s is the member's own scale-up bandwidth: leave it out and "
                    "the device's figure is used",
                )
            )
    problems += _bisection(system, src, devices)
    return problems


def _bisection(system: System, src: SourceFile, devices: dict[str, Device]) -> list[Problem]:
    """A bisection bandwidth cannot exceed what half of one domain's links carry."""
    bisection = system.scale_up.bisection_bandwidth_gbs
    members = [devices.get(m.device) for m in system.members]
    if bisection is None or None in members:
        return []
    links = {system.link_gbs(device)[0] for device in members if device is not None}
    link = links.pop() if len(links) == 1 else None
    if link is None:
        return []
    limit = system.scale_up.domain_size * link / 2
    if bisection <= limit * 1.001:
        return []
    return [
        problem_at(
            src,
            ("scale_up", "bisection_bandwidth_gbs"),
            f"{bisection:g} GB/s is more than half of one domain's links can carry "
            f"({system.scale_up.domain_size} x {link:g} GB/s / 2 = {limit:g} GB/s): is it a "
            "sum over all links rather than a bisection?",
        )
    ]


def _load_one(
    path: Path,
    root: Path,
    registry: Registry,
    vendors: set[str],
    devices: dict[str, Device],
    problems: list[Problem],
) -> tuple[System, SourceFile] | None:
    """Read, parse and check one system file, adding its problems."""
    src = read_checked(path, root, problems, registry, dict, "system fields")
    if src is None:
        return None
    raw: dict[str, Any] = src.data
    problems += _typed_totals(raw, src)
    body = {key: value for key, value in raw.items() if key not in TYPED_TOTALS}
    system, found = parse_model(System, body, src)
    problems += found
    if system is None:
        return None
    known = not vendors or system.vendor in vendors
    problems += _single_file(
        system, body, src, path.stem, registry, system.vendor if known else None
    )
    if vendors and system.vendor not in vendors:
        problems.append(problem_at(src, ("vendor",), f"unknown vendor '{system.vendor}'"))
    if devices:
        problems += member_problems(system, src, devices)
    return system, src


def load_systems(
    root: Path,
    registry: Registry,
    vendors: set[str],
    devices: dict[str, Device],
    problems: list[Problem],
) -> SystemFiles:
    """Load every ``systems/<id>.yaml`` under the data folder (the folder is optional)."""
    folder = root / SYSTEMS_DIR
    if not folder.is_dir() or folder.is_symlink():
        if folder.is_symlink():
            problems.append(Problem(display_name(folder, root), 1, "", "must not be a symlink"))
        return SystemFiles({}, {})
    loaded: list[tuple[System, SourceFile]] = []
    for path in sorted(folder.iterdir()):
        if path.is_dir() or path.suffix != ".yaml":
            problems.append(
                Problem(display_name(path, root), 1, "", "system files are systems/<id>.yaml")
            )
            continue
        item = _load_one(path, root, registry, vendors, devices, problems)
        if item is not None:
            loaded.append(item)
    names: dict[str, str] = {}
    for system, src in loaded:
        folded = fold_name(system.name)
        if folded in names and names[folded] != src.name:
            problems.append(
                problem_at(
                    src, ("name",), f"name '{system.name}' is already used by {names[folded]}"
                )
            )
        names.setdefault(folded, src.name)
    return SystemFiles(
        {system.id: system for system, _ in loaded}, {system.id: src.name for system, src in loaded}
    )
