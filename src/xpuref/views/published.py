"""Published export-control statements beside the computed classes, and their agreement."""

from __future__ import annotations

from dataclasses import dataclass

from xpuref import calc
from xpuref.data.dataset import Dataset
from xpuref.data.problems import Problem
from xpuref.data.published import Statement
from xpuref.views.derive import (
    device_input,
    export_detail,
    export_detail_data,
    published_bounds,
)

__all__ = ["PublishedCheck", "published_checks", "published_problems"]


@dataclass(frozen=True)
class PublishedCheck:
    """One device named by one statement: what it allows, what the data computes, agreement."""

    statement: Statement
    device_id: str
    computed: str
    reason: str
    #: Whether some TPP the device's figures allow gives a class the statement names.
    consistent: bool = True

    @property
    def agrees(self) -> bool:
        """Whether the figures allow the statement (a class the data leaves open is narrowed)."""
        return self.consistent


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
            rule = next((r for r in ds.rule_dicts() if r["id"] == statement.rule), None)
            if rule is None:
                continue
            detail = export_detail(device, ds).get(statement.rule)
            data = export_detail_data(device, ds).get(statement.rule)
            bounds = calc.tpp_bounds_for_classes(device_input(device, ds), rule, statement.classes)
            found.append(
                PublishedCheck(
                    statement,
                    device_id,
                    detail["result"] if detail else "unknown",
                    data["reason"] if data else "",
                    bounds is not None,
                )
            )
    return found


def published_problems(ds: Dataset) -> list[Problem]:
    """A located problem for every statement a device's figures contradict, and for every
    device whose statements, each allowed alone, together leave no TPP."""
    problems = []
    checks = published_checks(ds)
    for check in checks:
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
                f"{check.device_id}: no TPP its figures allow gives {allowed} under "
                f"{check.statement.rule} ({check.reason}), as {check.statement.publisher} "
                "published",
            )
        )
    named: dict[str, list[PublishedCheck]] = {}
    for check in checks:
        named.setdefault(check.device_id, []).append(check)
    for device_id, found in named.items():
        if len(found) < 2 or not all(c.agrees for c in found):
            continue
        if published_bounds(ds.devices[device_id], ds) is None:
            last = found[-1].statement
            file, line = ds.locations.get(
                f"published/{last.id}/{device_id}", ("export_published.yaml", 1)
            )
            ids = ", ".join(c.statement.id for c in found)
            problems.append(
                Problem(
                    file,
                    line,
                    "devices",
                    f"{device_id}: the statements {ids} each fit its figures but together "
                    "leave no TPP; one of them is misread",
                )
            )
    return problems
