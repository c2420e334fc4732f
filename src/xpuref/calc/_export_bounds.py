"""Which TPP values leave a rule's class in a given set: published classifications as bounds.

A rule compares TPP, density (TPP / area) and I/O only with fixed lines, so the class is
constant between them; testing each line and a point inside each gap between lines, for every
metric the data leaves open, is exact.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any

from xpuref.calc._export import (
    _INF,
    EXPORT_CLASSES,
    _finite,
    area_bounds,
    check_rule,
    classify_explain,
    decide,
    export_metrics,
    missing_words,
    rule_leaves,
)
from xpuref.calc._results import ExportAnswer

__all__ = ["export_answer", "possible_classes", "tpp_bounds_for_classes"]


def _thresholds(rule: Mapping[str, Any], metric: str) -> list[float]:
    """Every bound the rule compares the given metric with."""
    return [
        float(leaf[key])
        for leaf in rule_leaves(rule)
        if leaf.get("metric") == metric
        for key in ("min", "below")
        if key in leaf
    ]


def _probes(low: float, high: float, cuts: Sequence[float]) -> list[tuple[float, float, float]]:
    """(probe, lowest, highest) for each cut inside [low, high] and for each gap between cuts.

    The ends of [low, high] count as cuts; an open end of a gap is the float next to the cut it
    excludes, and a gap that runs to infinity is probed at a finite point inside it.
    """
    points = sorted({low, *(c for c in cuts if low < c < high), *([high] if high < _INF else [])})
    probes: list[tuple[float, float, float]] = []
    for index, point in enumerate(points):
        probes.append((point, point, point))
        upper = points[index + 1] if index + 1 < len(points) else high
        if upper > point:
            middle = point * 2 + 1 if upper == _INF else (point + upper) / 2
            top = _INF if upper == _INF else math.nextafter(upper, -_INF)
            probes.append((middle, math.nextafter(point, _INF), top))
    return probes


def _regions(
    device: Mapping[str, Any], rule: Mapping[str, Any]
) -> list[tuple[float, float, set[str]]]:
    """The TPP values the data allows, cut where the rule's lines fall: (lowest, highest, classes).

    A rule compares TPP, density (TPP / area) and I/O only with fixed lines, so its class is
    constant between them. Each TPP region is probed at every density and I/O value the data
    still allows on either side of each line; the set of classes found there is exact. With the
    area unpublished, density runs from TPP / (largest area allowed) upwards, so the TPP at
    which that lower end crosses a density line is a cut too.
    """
    check_rule(rule)
    metrics = export_metrics(device)
    low, high = metrics["tpp"]
    area, largest = area_bounds(device)
    density_lines = _thresholds(rule, "performance_density")
    tpp_cuts = [*_thresholds(rule, "tpp"), *(value * largest for value in density_lines)]
    io_low, io_high = metrics["io_bandwidth_gbs"]
    io_lines = _thresholds(rule, "io_bandwidth_gbs")
    # A metric the rule draws no line on cannot change its class: one probe of it is enough.
    io_values = (
        [probe for probe, _, _ in _probes(io_low, io_high, io_lines)] if io_lines else [io_low]
    )

    def classes_at(value: float) -> set[str]:
        """Every class one TPP value gives over the densities and I/O the data leaves open."""
        if area is not None:
            densities = [value / area]
        elif not density_lines:
            densities = [value / largest]
        else:
            densities = [probe for probe, _, _ in _probes(value / largest, _INF, density_lines)]
        return {
            decide(
                {
                    **metrics,
                    "tpp": [value, value],
                    "performance_density": [density, density],
                    "io_bandwidth_gbs": [io, io],
                },
                rule,
            ).result
            for density in densities
            for io in io_values
        }

    return [(bottom, top, classes_at(probe)) for probe, bottom, top in _probes(low, high, tpp_cuts)]


def possible_classes(device: Mapping[str, Any], rule: Mapping[str, Any]) -> list[str]:
    """Every class some TPP the data allows would give, least controlled first."""
    if export_metrics(device)["tpp_deciding"] is None:
        return ["unknown"]
    found = set().union(*(classes for _, _, classes in _regions(device, rule)))
    return [name for name in EXPORT_CLASSES if name in found]


def tpp_bounds_for_classes(
    device: Mapping[str, Any], rule: Mapping[str, Any], classes: Sequence[str]
) -> tuple[float, float | None] | None:
    """The narrowest TPP interval, within what the data allows, whose values leave the class in
    ``classes`` (or still open); None when no TPP does, i.e. the classes contradict the data.
    An upper end of None means no upper bound.
    """
    if export_metrics(device)["tpp_deciding"] is None:
        return 0.0, None  # no rate at all: nothing to narrow, nothing to contradict
    allowed = {*classes, "unknown"}
    kept = [(bottom, top) for bottom, top, found in _regions(device, rule) if found & allowed]
    if not kept:
        return None
    return min(b for b, _ in kept), _finite(max(t for _, t in kept))


def export_answer(device: Mapping[str, Any], rule: Mapping[str, Any]) -> ExportAnswer:
    """classify_explain plus what a reader acts on: every possible class and the answer in words.

    ``possible`` lists every class some value the data allows gives (least controlled first);
    ``at_least`` is the least controlled of them when all are controlled; ``answer`` is the
    decided class, or "3A090.a or 3A090.b" (most controlled first) when every possible class
    is controlled, else "unknown"; the reason then says which class is open and why, in words.
    """
    report = classify_explain(device, rule)
    decided = report["result"] != "unknown"
    possible = [report["result"]] if decided else possible_classes(device, rule)
    controlled = [c for c in possible if c not in ("not-controlled", "unknown")]
    all_controlled = bool(controlled) and len(controlled) == len(possible)
    if not decided and report["at_least"] is None and all_controlled:
        report["at_least"] = controlled[0]
    answer = report["result"]
    if not decided and all_controlled:
        answer = " or ".join(reversed(controlled))
        if len(controlled) > 1:
            report["reason"] = (
                f"controlled as {answer} for every value the published figures allow; which "
                f"of them stays open: {missing_words(report['missing'])}"
            )
    return ExportAnswer(**report, possible=possible, answer=answer)
