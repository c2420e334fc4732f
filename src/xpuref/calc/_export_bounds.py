"""Which TPP values leave a rule's class in a given set: published classifications as bounds.

A rule compares TPP (and density, TPP / area) only with fixed lines, so the class is constant
between them; testing each line and a point inside each gap between lines is exact.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any

from xpuref.calc._export import (
    _INF,
    EXPORT_CLASSES,
    RETICLE_LIMIT_MM2,
    _finite,
    _optional_number,
    check_rule,
    decide,
    export_metrics,
    rule_leaves,
)

__all__ = ["possible_classes", "tpp_bounds_for_classes"]


def _thresholds(rule: Mapping[str, Any], metric: str) -> list[float]:
    """Every bound the rule compares the given metric with."""
    return [
        float(leaf[key])
        for leaf in rule_leaves(rule)
        if leaf.get("metric") == metric
        for key in ("min", "below")
        if key in leaf
    ]


def _regions(device: Mapping[str, Any], rule: Mapping[str, Any]) -> list[tuple[float, float, str]]:
    """The TPP values the data allows, cut where the rule's bounds fall: (lowest, highest, class).

    A rule compares TPP (and density, TPP / area) only with fixed bounds, so the class is constant
    between those bounds: testing each bound and a point inside each gap between them is exact.
    An open end of a gap is the float next to the bound it excludes.
    """
    check_rule(rule)
    low, high = export_metrics(device)["tpp"]
    area = _optional_number("die_area_mm2", device.get("die_area_mm2"))
    cuts = set(_thresholds(rule, "tpp"))
    cuts |= {
        value * (RETICLE_LIMIT_MM2 if area is None else area)
        for value in _thresholds(rule, "performance_density")
    }
    points = sorted({low, *(c for c in cuts if low < c < high), *([high] if high < _INF else [])})
    probes: list[tuple[float, float, float]] = []
    for index, point in enumerate(points):
        probes.append((point, point, point))
        upper = points[index + 1] if index + 1 < len(points) else high
        if upper > point:
            middle = point * 2 + 1 if upper == _INF else (point + upper) / 2
            top = _INF if upper == _INF else math.nextafter(upper, -_INF)
            probes.append((middle, math.nextafter(point, _INF), top))
    metrics = export_metrics(device)

    def verdict(value: float) -> str:
        """The class at one TPP value, the other metrics as the data leaves them."""
        density = [value / area] * 2 if area is not None else [value / RETICLE_LIMIT_MM2, _INF]
        return decide(
            {**metrics, "tpp": [value, value], "performance_density": density}, rule
        ).result

    return [(bottom, top, verdict(probe)) for probe, bottom, top in probes]


def possible_classes(device: Mapping[str, Any], rule: Mapping[str, Any]) -> list[str]:
    """Every class some TPP the data allows would give, least controlled first."""
    if export_metrics(device)["tpp_deciding"] is None:
        return ["unknown"]
    found = {result for _, _, result in _regions(device, rule)}
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
    kept = [(bottom, top) for bottom, top, result in _regions(device, rule) if result in allowed]
    if not kept:
        return None
    return min(b for b, _ in kept), _finite(max(t for _, t in kept))
