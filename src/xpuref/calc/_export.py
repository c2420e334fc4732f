"""Export-control metrics (TPP, performance density) and rule classification from data.

TPP ('total processing performance') is 2 x MacTOPS x bit length, i.e. dense datasheet
TOPS or TFLOPS (two operations per MAC) times the bit length of the operation; a device's TPP
is the largest such product over its precisions. Bit lengths: fp64 64, fp32 32, tf32 32
(the 32-bit word TF32 operands occupy, not its 19 significant bits), fp16 and bf16 16, fp8 8,
fp6 6, fp4 4, int8 8, int4 4. TPP is in the regulation's units (tera-ops x bits), not SI.

classify() returns one of: "3A090" (a device meeting the October 2022 rule, which had no
.a/.b split), "3A090.a", "3A090.b", "not-controlled", or "unknown" when an input the answer
depends on (die area, interconnect bandwidth, peak rates) is missing.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from xpuref.calc._validate import check_number

__all__ = [
    "BIT_LENGTHS",
    "EXPORT_CLASSES",
    "check_rule",
    "classify",
    "device_tpp",
    "performance_density",
    "tpp",
]

BIT_LENGTHS: dict[str, int] = {
    "fp64": 64,
    "fp32": 32,
    "tf32": 32,
    "fp16": 16,
    "bf16": 16,
    "fp8": 8,
    "fp6": 6,
    "fp4": 4,
    "int8": 8,
    "int4": 4,
}

#: Every value classify() can return, from least to most controlled ("unknown" last).
EXPORT_CLASSES: tuple[str, ...] = ("not-controlled", "3A090.b", "3A090.a", "3A090", "unknown")


def tpp(tops: float, bit_length: float) -> float:
    """Return total processing performance: dense TOPS (2 ops per MAC) x bit length."""
    return check_number("tops", tops, allow_zero=True) * check_number("bit_length", bit_length)


def _precision(key: str) -> str:
    """Return the precision part of a peak-rate key such as 'bf16_matrix'."""
    return key.split("_", 1)[0]


def device_tpp(peak_dense: Mapping[str, float | None]) -> float | None:
    """Return the largest TOPS x bit length over the listed rates, or None if none are given."""
    if not isinstance(peak_dense, Mapping):
        raise ValueError(f"peak_dense must be a mapping, got {peak_dense!r}")
    best: float | None = None
    for key, value in peak_dense.items():
        if value is None:
            continue
        bits = BIT_LENGTHS.get(_precision(str(key)))
        if bits is None:
            raise ValueError(f"peak_dense[{key!r}]: unknown precision")
        product = tpp(check_number(f"peak_dense[{key!r}]", value, allow_zero=True), bits)
        best = product if best is None else max(best, product)
    return best


def performance_density(tpp: float, die_area_mm2: float) -> float:
    """Return TPP per mm^2 of applicable die area."""
    return check_number("tpp", tpp, allow_zero=True) / check_number("die_area_mm2", die_area_mm2)


def check_rule(rule: Any) -> None:
    """Raise ValueError unless rule has an id and a list of classes with conditions."""
    if not isinstance(rule, Mapping) or not isinstance(rule.get("id"), str):
        raise ValueError(f"rule must be a mapping with an 'id', got {rule!r}")
    classes = rule.get("classes")
    if not isinstance(classes, list) or not all(
        isinstance(item, Mapping) and "class" in item and "condition" in item for item in classes
    ):
        raise ValueError(f"rule {rule['id']!r}: 'classes' must list {{class, condition}} items")


def _optional_number(name: str, value: Any) -> float | None:
    """Return value checked as a positive number, or None when it is missing."""
    return None if value is None else check_number(name, value)


def _metrics(device: Mapping[str, Any]) -> dict[str, Any]:
    """Return the metrics rules can test, None where the device lacks the inputs."""
    peak = device.get("peak_dense") or {}
    total = device_tpp(peak)
    area = _optional_number("die_area_mm2", device.get("die_area_mm2"))
    link = device.get("interconnect") or {}
    scale_up = _optional_number(
        "interconnect.scale_up_bandwidth_gbs", link.get("scale_up_bandwidth_gbs")
    )
    host = _optional_number("interconnect.host_bandwidth_gbs", link.get("host_bandwidth_gbs"))
    datacenter = device.get("designed_for_datacenter")
    if datacenter is not None and not isinstance(datacenter, bool):
        raise ValueError(f"designed_for_datacenter must be true or false, got {datacenter!r}")
    return {
        "tpp": total,
        "performance_density": None if total is None or area is None else total / area,
        "io_bandwidth_gbs": None if scale_up is None else scale_up + (host or 0.0),
        "designed_for_datacenter": True if datacenter is None else datacenter,
    }


def _evaluate(node: Mapping[str, Any], metrics: Mapping[str, Any]) -> bool | None:
    """Evaluate a condition in three-valued logic: True, False, or None when inputs are missing."""
    if "all_of" in node:
        results = [_evaluate(child, metrics) for child in node["all_of"]]
        if False in results:
            return False
        return None if None in results else True
    if "any_of" in node:
        results = [_evaluate(child, metrics) for child in node["any_of"]]
        if True in results:
            return True
        return None if None in results else False
    name = node.get("metric")
    if not isinstance(name, str) or name not in metrics:
        raise ValueError(f"unknown metric {name!r} in export rule condition")
    value = metrics[name]
    if value is None:
        return None
    if "equals" in node:
        return bool(value == node["equals"])
    ok = True
    if "min" in node:
        ok = ok and value >= float(node["min"])
    if "below" in node:
        ok = ok and value < float(node["below"])
    return ok


def classify(device: Mapping[str, Any], rule: Mapping[str, Any]) -> str:
    """Return the device's class under a rule (a mapping as export_controls.yaml holds it)."""
    if not isinstance(device, Mapping):
        raise ValueError(f"device must be a mapping, got {device!r}")
    if not isinstance(rule, Mapping):
        raise ValueError(f"rule must be a rule mapping, got {rule!r}")
    check_rule(rule)
    metrics = _metrics(device)
    if metrics["tpp"] is None:
        return "unknown"
    for exclusion in rule.get("exclusions") or []:
        if _evaluate(exclusion["condition"], metrics) is True:
            return "not-controlled"
    for item in rule["classes"]:
        result = _evaluate(item["condition"], metrics)
        if result is True:
            return str(item["class"])
        if result is None:
            return "unknown"
    return "not-controlled"
