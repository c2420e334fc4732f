"""Memory sizes as vendors mean them: the marketed figure, its unit, bytes and usable memory."""

from __future__ import annotations

from xpuref.data.devices import GIB, Memory

__all__ = ["capacity_text", "memory_bytes"]


def _short(value: float) -> str:
    """A number with at most four significant figures and no trailing zeros."""
    return f"{value:.4g}"


def memory_bytes(memory: Memory) -> tuple[int | None, str]:
    """The bytes a fits/does-not-fit answer should use, and which figure they are."""
    if memory.usable_bytes is not None:
        return memory.usable_bytes, "usable (as the driver reports it)"
    if memory.capacity_bytes is not None:
        return memory.capacity_bytes, "total (as marketed)"
    return None, "unknown"


def capacity_text(memory: Memory) -> tuple[str, str]:
    """The capacity as marketed ('80 GB') and a note with its unit, bytes and usable memory."""
    if memory.capacity is None or memory.capacity_unit is None:
        return "", ""
    marketed_unit = "GB" if memory.capacity_unit in ("GiB", "GB") else "MB"
    shown = f"{_short(memory.capacity)} {marketed_unit}"
    total = memory.capacity_bytes or 0
    exact = f"{_short(memory.capacity)} {memory.capacity_unit}"
    note = f"as marketed = {exact} = {total / 1e9:.4g} × 10⁹ bytes"
    if memory.usable_bytes is not None:
        note += f"; {memory.usable_bytes / GIB:.4g} GiB usable as reported by the driver"
    return shown, note
