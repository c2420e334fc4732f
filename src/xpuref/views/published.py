"""Published export-control statements beside the computed classes, and their agreement."""

from __future__ import annotations

from dataclasses import dataclass

from xpuref.data.dataset import Dataset
from xpuref.data.problems import Problem
from xpuref.data.published import Statement
from xpuref.views.derive import export_detail

__all__ = ["PublishedCheck", "published_checks", "published_problems"]


@dataclass(frozen=True)
class PublishedCheck:
    """One device named by one statement: what it allows, what the data computes, agreement."""

    statement: Statement
    device_id: str
    computed: str
    reason: str

    @property
    def agrees(self) -> bool:
        """Whether the computed class is one the statement allows."""
        return self.computed in self.statement.classes


def published_checks(ds: Dataset) -> list[PublishedCheck]:
    """Every (statement, device) pair with the class computed from the data (once per build)."""
    checks: list[PublishedCheck] = ds.remember("published", "", lambda: _checks(ds))
    return checks


def _checks(ds: Dataset) -> list[PublishedCheck]:
    """Compute every (statement, device) check."""
    found = []
    for statement in ds.published:
        for device_id in statement.devices:
            device = ds.devices.get(device_id)
            if device is None:
                continue
            detail = export_detail(device, ds).get(statement.rule, {})
            found.append(
                PublishedCheck(
                    statement,
                    device_id,
                    str(detail.get("result", "unknown")),
                    str(detail.get("reason", "")),
                )
            )
    return found


def published_problems(ds: Dataset) -> list[Problem]:
    """A located problem for every computed class that contradicts a published statement."""
    problems = []
    for check in published_checks(ds):
        if check.agrees:
            continue
        file, line = ds.locations.get(
            f"published/{check.statement.id}/{check.device_id}", ("export_published.yaml", 1)
        )
        allowed = " or ".join(check.statement.classes)
        problems.append(
            Problem(
                file,
                line,
                "devices",
                f"{check.device_id} computes as '{check.computed}' under {check.statement.rule} "
                f"({check.reason}), but {check.statement.publisher} published {allowed}",
            )
        )
    return problems
