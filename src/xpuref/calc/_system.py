"""Totals of a system derived from its member devices: memory, bandwidth, peak rates, links.

Every input and output is SI: bytes, bytes/s, FLOP/s (OP/s for integer formats), watts.
Each member mapping describes one kind of device and how many of it the system holds:

    count                 member devices of this kind (devices as catalogued, not chips)
    chips_per_package     chips per device; per-chip figures are multiplied by it
    memory_bytes          memory per chip, bytes (None when unknown)
    memory_bandwidth      memory bandwidth per chip, bytes/s (None when unknown)
    peak                  {rate key: dense peak per chip, FLOP/s}; a missing key is a rate the
                          device does not give
    link_bandwidth        scale-up link bandwidth per member device, bidirectional bytes/s
                          (None when unknown)
    power_w               power figure per member device, watts (None when unknown)

Totals are count x chips_per_package x the per-chip figure, summed over members. A figure is
totalled only when every member gives it: a precision that some member lacks is listed under
``partial_peaks`` instead of being summed from the members that have it, and a memory or power
total with an unknown member is None. ``member_power_w`` is the sum of the members' own power
figures: accelerators only, without host CPUs, switches, networking or cooling, so it is
never a system's power.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from xpuref.calc._validate import check_count, check_number

__all__ = ["system_totals"]

_KEYS = frozenset(
    {
        "count",
        "chips_per_package",
        "memory_bytes",
        "memory_bandwidth",
        "peak",
        "link_bandwidth",
        "power_w",
    }
)


def _optional(name: str, value: Any) -> float | None:
    """A checked positive number, or None for a missing one."""
    return None if value is None else check_number(name, value)


def _member(index: int, member: Any) -> dict[str, Any]:
    """Check one member mapping and return it with numbers as floats."""
    where = f"members[{index}]"
    if not isinstance(member, Mapping):
        raise ValueError(f"{where} must be a mapping, got {member!r}")
    unknown = sorted(str(key) for key in member if key not in _KEYS)
    if unknown:
        raise ValueError(f"{where} has unknown key(s): {', '.join(unknown)}")
    peak = member.get("peak") or {}
    if not isinstance(peak, Mapping):
        raise ValueError(f"{where}.peak must be a mapping, got {peak!r}")
    return {
        "count": check_count(f"{where}.count", member.get("count")),
        "chips": check_count(f"{where}.chips_per_package", member.get("chips_per_package", 1)),
        "memory_bytes": _optional(f"{where}.memory_bytes", member.get("memory_bytes")),
        "memory_bandwidth": _optional(f"{where}.memory_bandwidth", member.get("memory_bandwidth")),
        "peak": {
            str(key): check_number(f"{where}.peak.{key}", value)
            for key, value in peak.items()
            if value is not None
        },
        "link_bandwidth": _optional(f"{where}.link_bandwidth", member.get("link_bandwidth")),
        "power_w": _optional(f"{where}.power_w", member.get("power_w")),
    }


def _total(members: list[dict[str, Any]], key: str, per_chip: bool) -> float | None:
    """Sum of count (x chips) x figure over members, or None when any member lacks it."""
    if any(m[key] is None for m in members):
        return None
    total: float = sum(m["count"] * (m["chips"] if per_chip else 1) * m[key] for m in members)
    return total


def system_totals(
    members: Sequence[Mapping[str, Any]], *, domain_size: int | None = None
) -> dict[str, Any]:
    """Return the totals described in the module docstring for a system's members.

    ``domain_size`` is the number of member devices one scale-up domain joins; with it the
    result gives ``domain_link_bandwidth`` (domain_size x the per-member link bandwidth, when
    every member has the same one) and ``domains`` (member devices / domain_size).
    """
    if isinstance(members, (str, bytes)) or not isinstance(members, Sequence) or not members:
        raise ValueError(f"members must be a non-empty list of mappings, got {members!r}")
    checked = [_member(i, m) for i, m in enumerate(members)]
    devices = sum(m["count"] for m in checked)
    if domain_size is not None:
        check_count("domain_size", domain_size)
        if domain_size > devices:
            raise ValueError(
                f"domain_size must be at most the {devices} member devices, got {domain_size}"
            )
    keys = sorted({key for m in checked for key in m["peak"]})
    everywhere = [key for key in keys if all(key in m["peak"] for m in checked)]
    links = {m["link_bandwidth"] for m in checked}
    link = links.pop() if len(links) == 1 else None
    return {
        "devices": devices,
        "chips": sum(m["count"] * m["chips"] for m in checked),
        "memory_bytes": _total(checked, "memory_bytes", per_chip=True),
        "memory_bandwidth": _total(checked, "memory_bandwidth", per_chip=True),
        "peak": {
            key: sum(m["count"] * m["chips"] * m["peak"][key] for m in checked)
            for key in everywhere
        },
        "partial_peaks": [key for key in keys if key not in everywhere],
        "link_bandwidth": link,
        "domain_link_bandwidth": link * domain_size
        if link is not None and domain_size is not None
        else None,
        "domains": devices / domain_size if domain_size is not None else None,
        "member_power_w": _total(checked, "power_w", per_chip=False),
    }
