"""What a system page and the published data show: totals derived from the member devices.

Nothing here is stored: xpuref.calc.system_totals sums the member devices' per-chip figures
(count x chips per package x figure) in SI units, and this module turns the result into rows
in the site's units (GiB, TB/s, PFLOPS) with a note saying how each total was made.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from xpuref import calc
from xpuref.data.dataset import Dataset
from xpuref.data.devices import GIB, Device, Source
from xpuref.data.fields import RATES
from xpuref.data.systems import LinkOrigin, System
from xpuref.views.numbers import format_number

__all__ = [
    "MemberRow",
    "TotalRow",
    "member_link_gbs",
    "member_power_w",
    "member_rows",
    "system_input",
    "system_record",
    "system_totals",
    "system_url",
    "total_rows",
]


@dataclass(frozen=True)
class MemberRow:
    """One kind of member device: how many, how many chips, and its link bandwidth."""

    device: Device
    count: int
    chips: int
    link_gbs: float | None
    link_origin: LinkOrigin | None


@dataclass(frozen=True)
class TotalRow:
    """One derived figure of a system page."""

    anchor: str
    label: str
    value: str
    unit: str
    note: str = ""
    sources: tuple[Source, ...] = ()


def system_url(system_id: str) -> str:
    """Relative address of a system page, from the site root."""
    return f"systems/{system_id}/"


def member_link_gbs(system: System, device: Device) -> tuple[float | None, LinkOrigin | None]:
    """Scale-up bandwidth per member device (bidirectional GB/s) and where it comes from."""
    return system.link_gbs(device)


def member_power_w(device: Device) -> float | None:
    """The device's own power figure for one member device (None where it covers more)."""
    power = device.power
    if power.tdp_w is None or power.scope in (None, "system"):
        return None
    return power.tdp_w * (device.chips_per_package if power.scope == "chip" else 1)


def system_input(system: System, ds: Dataset) -> list[dict[str, Any]]:
    """The members as xpuref.calc.system_totals reads them (SI units, figures per chip)."""
    members: list[dict[str, Any]] = []
    for member in system.members:
        device = ds.devices[member.device]
        link, _ = member_link_gbs(system, device)
        bandwidth = device.memory.bandwidth_gbs
        members.append(
            {
                "count": member.count,
                "chips_per_package": device.chips_per_package,
                "memory_bytes": device.memory.capacity_bytes,
                "memory_bandwidth": None if bandwidth is None else bandwidth * 1e9,
                "peak": {key: rate * 1e12 for key, rate in device.peak_dense.items()},
                "link_bandwidth": None if link is None else link * 1e9,
                "power_w": member_power_w(device),
            }
        )
    return members


def system_totals(system: System, ds: Dataset) -> dict[str, Any]:
    """xpuref.calc.system_totals of the system, computed once per dataset (SI units)."""
    found: dict[str, Any] = ds.remember(
        "system",
        system.id,
        lambda: calc.system_totals(
            system_input(system, ds), domain_size=system.scale_up.domain_size
        ),
    )
    return {k: dict(v) if isinstance(v, dict) else v for k, v in found.items()}


def member_rows(system: System, ds: Dataset) -> list[MemberRow]:
    """The members in file order, with their chips and link bandwidth."""
    rows = []
    for member in system.members:
        device = ds.devices[member.device]
        link, origin = member_link_gbs(system, device)
        rows.append(
            MemberRow(device, member.count, member.count * device.chips_per_package, link, origin)
        )
    return rows


def _num(value: float) -> str:
    """Six significant figures (exact for sums of datasheet figures), thousands separated."""
    return format_number(value, 6)


def _sources(system: System, field: str) -> tuple[Source, ...]:
    """The system's sources whose claims cover ``field``."""
    parts = field.split(".")
    prefixes = {".".join(parts[:i]) for i in range(1, len(parts) + 1)}
    return tuple(s for s in system.sources if prefixes & set(s.fields))


def _members_sum(system: System, ds: Dataset, figure: str) -> str:
    """'8 × 80 GiB' style note: each member's count (x chips) and its per-chip figure."""
    parts = []
    for row in member_rows(system, ds):
        device = row.device
        if figure == "memory":
            cap = device.memory
            per = f"{_num(cap.capacity or 0)} {cap.capacity_unit}"
        elif figure == "bandwidth":
            per = f"{_num(device.memory.bandwidth_gbs or 0)} GB/s"
        else:
            per = f"{_num(device.peak_dense.get(figure, 0))} {RATES[figure].unit}"
        parts.append(f"{row.chips:,} × {per}")
    return " + ".join(parts)


def _chips_note(system: System, ds: Dataset) -> str:
    """Say how devices turn into chips where a member packages several chips."""
    notes = [
        f"{row.device.name}: {row.device.chips_per_package} chips per device, figures per chip"
        for row in member_rows(system, ds)
        if row.device.chips_per_package > 1
    ]
    return "; ".join(notes)


def _peak_rows(system: System, ds: Dataset, totals: dict[str, Any]) -> list[TotalRow]:
    """One row per precision every member gives, in the field catalogue's order."""
    rows = []
    for key, rate in RATES.items():
        if key not in totals["peak"]:
            continue
        unit = "POPS" if rate.precision.integer else "PFLOPS"
        rows.append(
            TotalRow(
                f"total-{rate.anchor}",
                f"{rate.label}, dense, all members",
                _num(totals["peak"][key] / 1e15),
                unit,
                _members_sum(system, ds, key),
            )
        )
    return rows


def _missing_row(system: System, ds: Dataset, totals: dict[str, Any]) -> list[TotalRow]:
    """The precisions not totalled because some member gives no rate for them."""
    if not totals["partial_peaks"]:
        return []
    parts = []
    for key in totals["partial_peaks"]:
        lacking = [
            row.device.name for row in member_rows(system, ds) if key not in row.device.peak_dense
        ]
        parts.append(f"{RATES[key].short_label} (no rate for {', '.join(lacking)})")
    return [
        TotalRow(
            "not-totalled",
            "Precisions not totalled",
            "missing",
            "",
            "a total needs every member's rate: " + "; ".join(parts),
        )
    ]


def _memory_rows(system: System, ds: Dataset, totals: dict[str, Any]) -> list[TotalRow]:
    """Total memory and aggregate memory bandwidth, where every member gives them."""
    rows = []
    total = totals["memory_bytes"]
    if total is not None:
        gib = total / GIB
        tib = f" = {_num(gib / 1024)} TiB" if gib >= 1024 else ""
        rows.append(
            TotalRow(
                "total-memory",
                "Total memory, all members",
                _num(gib),
                "GiB",
                f"{_members_sum(system, ds, 'memory')}{tib} = {_num(total / 1e9)} × 10⁹ bytes",
            )
        )
    bandwidth = totals["memory_bandwidth"]
    if bandwidth is not None:
        rows.append(
            TotalRow(
                "total-memory-bandwidth",
                "Aggregate memory bandwidth, all members",
                _num(bandwidth / 1e12),
                "TB/s",
                f"{_members_sum(system, ds, 'bandwidth')}; each chip reaches its own memory "
                "at this rate, not the others'",
            )
        )
    return rows


def _link_rows(system: System, ds: Dataset, totals: dict[str, Any]) -> list[TotalRow]:
    """The scale-up domain: its size, per-member and per-domain bandwidth, bisection."""
    scale = system.scale_up
    rows = [
        TotalRow(
            "scale-up-domain",
            f"Scale-up domain ({scale.name})",
            f"{scale.domain_size:,}",
            "devices",
            f"one domain joins up to {scale.domain_size:,} of the system's "
            f"{totals['devices']:,} member devices"
            if totals["domains"] != 1
            else "every member device is in the one domain",
            _sources(system, "scale_up.domain_size"),
        )
    ]
    link = totals["link_bandwidth"]
    if link is not None:
        origin = {row.link_origin for row in member_rows(system, ds)}
        said = (
            "stated for this system"
            if origin == {"system"}
            else "the member device's own scale-up figure"
        )
        rows.append(
            TotalRow(
                "link-per-member",
                "Scale-up bandwidth per member device",
                _num(link / 1e9),
                "GB/s",
                f"bidirectional; {said}",
                _sources(system, "scale_up.per_member_bandwidth_gbs"),
            )
        )
    if totals["domain_link_bandwidth"] is not None:
        rows.append(
            TotalRow(
                "link-per-domain",
                "Scale-up bandwidth of one domain, summed over its members",
                _num(totals["domain_link_bandwidth"] / 1e12),
                "TB/s",
                f"derived: {scale.domain_size:,} × {_num(link / 1e9)} GB/s, bidirectional",
            )
        )
    if scale.bisection_bandwidth_gbs is not None:
        rows.append(
            TotalRow(
                "bisection-bandwidth",
                "Bisection bandwidth",
                _num(scale.bisection_bandwidth_gbs / 1e3),
                "TB/s",
                "as sourced for the system",
                _sources(system, "scale_up.bisection_bandwidth_gbs"),
            )
        )
    return rows


def _power_rows(system: System, totals: dict[str, Any]) -> list[TotalRow]:
    """The vendor's system power, and the sum of member power figures, each labelled."""
    rows = []
    if system.power is not None:
        rows.append(
            TotalRow(
                "system-power",
                f"System power ({system.power.term})",
                _num(system.power.tdp_w / 1e3),
                "kW",
                "the vendor's figure for the whole system",
                _sources(system, "power"),
            )
        )
    if totals["member_power_w"] is not None:
        rows.append(
            TotalRow(
                "member-power-sum",
                "Sum of the member devices' own power figures",
                _num(totals["member_power_w"] / 1e3),
                "kW",
                "derived from the devices' figures: accelerators only, without host CPUs, "
                "switches, networking or cooling; not the system's power",
            )
        )
    return rows


def total_rows(system: System, ds: Dataset) -> list[TotalRow]:
    """Every derived row of a system page, in display order."""
    totals = system_totals(system, ds)
    chips = totals["chips"]
    count_note = _chips_note(system, ds)
    rows = [
        TotalRow(
            "member-devices",
            "Member devices",
            f"{totals['devices']:,}",
            "devices" if chips == totals["devices"] else f"devices = {chips:,} chips",
            count_note,
            _sources(system, "members"),
        )
    ]
    rows += _memory_rows(system, ds, totals)
    rows += _peak_rows(system, ds, totals)
    rows += _missing_row(system, ds, totals)
    rows += _link_rows(system, ds, totals)
    rows += _power_rows(system, totals)
    return rows


def system_record(system: System, ds: Dataset) -> dict[str, Any]:
    """One system as published in devices.json: its file's fields and the derived totals.

    Rates stay in the site's units (TFLOPS/TOPS, GB/s); memory is in bytes.
    """
    totals = system_totals(system, ds)
    members = []
    for row in member_rows(system, ds):
        members.append(
            {
                "device": row.device.id,
                "name": row.device.name,
                "count": row.count,
                "chips_per_package": row.device.chips_per_package,
                "chips": row.chips,
                "scale_up_bandwidth_gbs": row.link_gbs,
                "scale_up_bandwidth_from": row.link_origin,
                "url": f"devices/{row.device.id}/",
            }
        )
    link = totals["link_bandwidth"]
    domain = totals["domain_link_bandwidth"]
    return {
        "id": system.id,
        "name": system.name,
        "name_zh": system.name_zh,
        "vendor": system.vendor,
        "vendor_name": ds.vendors[system.vendor].name,
        "launch_date": system.launch_date,
        "launch_year": system.launch_year,
        "status": system.status,
        "url": system_url(system.id),
        "members": members,
        "scale_up": {
            "name": system.scale_up.name,
            "domain_size": system.scale_up.domain_size,
            "per_member_bandwidth_gbs": None if link is None else link / 1e9,
            "domain_bandwidth_gbs": None if domain is None else domain / 1e9,
            "bisection_bandwidth_gbs": system.scale_up.bisection_bandwidth_gbs,
        },
        "power": None if system.power is None else system.power.model_dump(),
        "derived": {
            "devices": totals["devices"],
            "chips": totals["chips"],
            "memory_bytes": totals["memory_bytes"],
            "memory_bandwidth_gbs": None
            if totals["memory_bandwidth"] is None
            else totals["memory_bandwidth"] / 1e9,
            "peak_dense": {key: value / 1e12 for key, value in totals["peak"].items()},
            "not_totalled": list(totals["partial_peaks"]),
            "member_power_w": totals["member_power_w"],
        },
        "notes": system.notes,
        "sources": [
            {
                **s.model_dump(),
                "publisher": getattr(ds.registry.lookup(s.url), "name", None),
                "tier": ds.registry.tier_for(s.url, system.vendor),
            }
            for s in system.sources
        ],
    }
