"""Per-SKU compile targets and features, joined from the device data and the targets table."""

from __future__ import annotations

from dataclasses import dataclass

from xpuref.data.dataset import Dataset

__all__ = ["TargetRow", "target_rows"]

TABLE_ID = "compute_targets"


@dataclass(frozen=True)
class TargetRow:
    """One SKU: its compile target and the features its data records."""

    device_id: str
    name: str
    die: str
    target: str
    named_as: str
    matrix_precisions: str
    scale_up: str
    sources: tuple[int, ...]


def target_rows(ds: Dataset) -> list[TargetRow]:
    """Every device whose die has a compile target in data/tables/compute_targets.yaml."""
    table = ds.tables.get(TABLE_ID)
    if table is None:
        return []
    by_die = {str(row["die"]): (i, row) for i, row in enumerate(table.rows)}
    rows = []
    for device in ds.sorted_devices():
        found = by_die.get(device.die or "")
        if found is None:
            continue
        index, row = found
        arch = ds.architectures.get(device.architecture)
        precisions = (arch.matrix_precisions if arch else None) or []
        link = device.interconnect.scale_up or "—"
        rows.append(
            TargetRow(
                device_id=device.id,
                name=device.name,
                die=str(row["die"]),
                target=str(row["target"]),
                named_as=str(row["toolkit"]),
                matrix_precisions=", ".join(p.upper() for p in precisions) or "—",
                scale_up=link,
                sources=tuple(table.sources_for_row(index)),
            )
        )
    return rows
