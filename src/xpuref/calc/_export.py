"""Export-control metrics (TPP, performance density) and rule classification from data.

TPP ('total processing performance') is 2 x MacTOPS x bit length, i.e. dense datasheet
TOPS or TFLOPS (two operations per MAC) times the bit length of the operation; a device's TPP
is the largest such product over its precisions. Bit lengths (``calc.PRECISIONS``): fp64 64,
fp32 32, tf32 and tf32plus (Biren's TF32+) 32 (the 32-bit word the operands occupy, not TF32's
19 significant bits), fp16 and bf16 16, fp8 8, fp6 6, fp4 4, int8 8, int4 4. TPP is in the
regulation's units (tera-ops x bits), not SI.

classify() returns one of: "3A090" (a device meeting the October 2022 rule, which had no
.a/.b split), "3A090.a", "3A090.b", "not-controlled", or "unknown". It never guesses: every
metric is an interval. TPP is exact when every rate the device supports is given; when one is
missing the given rates make a lower bound only, and a class is given only when the bound
already decides it. Otherwise the answer is "unknown", naming the missing fields, and
``at_least`` narrows it where a lower class is already met ("3A090.b or higher") and no
exclusion can still apply (an open exclusion may leave the part uncontrolled).

Device mappings may carry ``supported_rates``: the peak_dense keys its architecture runs. A
list makes missing keys lower the TPP to a bound; None says the set is not known (any TPP is
then a bound); leaving the key out treats the given rates as complete. ``tpp_min`` and
``tpp_max`` narrow the interval from outside the rates, e.g. from a published classification
(see calc._export_bounds); ``tpp_max`` may be a float just below a threshold ("< 2400").
Where the die area is not published, ``die_area_max_mm2`` (a maker's "< 600 mm2") or else
the reticle limit bounds it from above, so performance density is at least TPP / that bound.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

from xpuref.calc._precisions import BIT_LENGTHS
from xpuref.calc._results import ClassOutcome, ExportMetrics, ExportReport, Outcome
from xpuref.calc._validate import check_number

__all__ = [
    "EXPORT_CLASSES",
    "RETICLE_LIMIT_MM2",
    "area_bounds",
    "check_rule",
    "classify",
    "classify_explain",
    "condition_leaves",
    "device_tpp",
    "export_metrics",
    "fold_condition",
    "missing_words",
    "performance_density",
    "tpp",
]


#: Every value classify() can return, from least to most controlled ("unknown" last).
EXPORT_CLASSES: tuple[str, ...] = ("not-controlled", "3A090.b", "3A090.a", "3A090", "unknown")

#: The largest die one lithography exposure can print (26 mm x 33 mm): an upper bound on the
#: area of a single die whose area is not published, which bounds its performance density.
RETICLE_LIMIT_MM2 = 858.0
_INF = float("inf")
T = TypeVar("T")


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
    """Return value checked as a number (zero allowed), or None when it is missing."""
    return None if value is None else check_number(name, value, allow_zero=True)


def section(device: Mapping[str, Any], key: str) -> Mapping[str, Any]:
    """A nested mapping of a device (peak_dense, interconnect ...), or an empty one."""
    value = device.get(key)
    if value is None:
        return {}
    if not isinstance(value, Mapping):
        raise ValueError(f"{key} must be a mapping, got {value!r}")
    return value


def _ceilings(device: Mapping[str, Any]) -> dict[str, tuple[float, str]]:
    """The device's rate ceilings as {rate: (at most, of which given rate)}."""
    found: dict[str, tuple[float, str]] = {}
    ceilings = device.get("rate_ceilings") or []
    if not isinstance(ceilings, list):
        raise ValueError(f"rate_ceilings must be a list, got {ceilings!r}")
    for item in ceilings:
        if not isinstance(item, Mapping) or not all(k in item for k in ("rate", "at_most", "of")):
            raise ValueError(f"rate_ceilings: each item needs rate, at_most and of, got {item!r}")
        for key in (item["rate"], item["of"]):
            if str(key).split("_", 1)[0] not in BIT_LENGTHS:
                raise ValueError(f"rate_ceilings: {key!r} is not a peak-rate key")
        found[str(item["rate"])] = (
            check_number("rate_ceilings.at_most", item["at_most"]),
            str(item["of"]),
        )
    return found


def _tpp_interval(
    device: Mapping[str, Any],
) -> tuple[float, float, str | None, list[str], list[str]]:
    """(lowest, highest, deciding key, missing keys, ceilings used) of the device's TPP.

    A missing rate with a ceiling (at most N times a given rate of the same chip) caps TPP; TPP
    stays unbounded above while any missing rate has none.
    """
    peaks = {k: v for k, v in section(device, "peak_dense").items() if v is not None}
    given = device_tpp(peaks)
    deciding = None
    if given is not None:
        # On a tie another precision decides, so the TF32 bit-length reading never does alone.
        deciding = max(
            peaks,
            key=lambda k: (tpp(float(peaks[k]), BIT_LENGTHS[_precision(k)]), k != "tf32_matrix"),
        )
    if "supported_rates" not in device:
        missing: list[str] = []
    elif device["supported_rates"] is None:
        missing = ["supported_rates"]
    else:
        supported = device["supported_rates"]
        if not isinstance(supported, list) or not all(isinstance(k, str) for k in supported):
            raise ValueError(f"supported_rates must be a list of peak-rate keys, got {supported!r}")
        missing = [f"peak_dense.{k}" for k in supported if k not in peaks]
    low = given if given is not None else 0.0
    high = low if not missing and given is not None else _INF
    ceilings = _ceilings(device)
    used: list[str] = []
    keys = [m.removeprefix("peak_dense.") for m in missing]
    if given is not None and missing and all(ceilings.get(k, (0, ""))[1] in peaks for k in keys):
        capped = [
            ceilings[k][0] * float(peaks[ceilings[k][1]]) * BIT_LENGTHS[_precision(k)] for k in keys
        ]
        high = max(low, *capped)
        used = keys
    floor = _optional_number("tpp_min", device.get("tpp_min"))
    ceiling = _optional_number("tpp_max", device.get("tpp_max"))
    if floor is not None and floor > low:
        low = floor
    if ceiling is not None and ceiling < high:
        high = ceiling
    if low > high:
        raise ValueError(f"tpp_min must not exceed tpp_max, got [{low!r}, {high!r}]")
    return low, high, deciding, missing, used


def area_bounds(device: Mapping[str, Any]) -> tuple[float | None, float]:
    """(die area if published, largest area the data allows): a stated bound or the reticle."""
    area = _optional_number("die_area_mm2", device.get("die_area_mm2"))
    if area is not None and area <= 0:
        raise ValueError(f"die_area_mm2 must be greater than 0, got {area!r}")
    at_most = _optional_number("die_area_max_mm2", device.get("die_area_max_mm2"))
    if at_most is not None and at_most <= 0:
        raise ValueError(f"die_area_max_mm2 must be greater than 0, got {at_most!r}")
    if area is not None:
        return area, area
    return None, RETICLE_LIMIT_MM2 if at_most is None else min(at_most, RETICLE_LIMIT_MM2)


def export_metrics(device: Mapping[str, Any]) -> ExportMetrics:
    """The metrics the rules test, each as an interval [low, high] with what leaves it open."""
    if not isinstance(device, Mapping):
        raise ValueError(f"device must be a mapping, got {device!r}")
    low, high, deciding, missing, ceilings_used = _tpp_interval(device)
    area, largest = area_bounds(device)
    if area is not None:
        density = [low / area, high / area]
    else:
        # An unpublished area is at most a stated bound or the reticle limit, so density is at
        # least TPP divided by it.
        density = [low / largest, _INF]
        missing = [*missing, "die_area_mm2"]
    link = section(device, "interconnect")
    scale_up = _optional_number(
        "interconnect.scale_up_bandwidth_gbs", link.get("scale_up_bandwidth_gbs")
    )
    host = _optional_number("interconnect.host_bandwidth_gbs", link.get("host_bandwidth_gbs"))
    host_max = _optional_number(
        "interconnect.host_bandwidth_max_gbs", link.get("host_bandwidth_max_gbs")
    )
    # An unstated host rate is at least 0 and at most what its named link can carry (when the
    # caller knows it, e.g. from the PCIe generation and width), else unbounded.
    if host is not None:
        host_low, host_high = host, host
    else:
        host_low, host_high = 0.0, _INF if host_max is None else host_max
    io = [host_low, _INF] if scale_up is None else [scale_up + host_low, scale_up + host_high]
    datacenter = device.get("designed_for_datacenter")
    datacenter = True if datacenter is None else datacenter
    if not isinstance(datacenter, bool):
        raise ValueError(f"designed_for_datacenter must be true or false, got {datacenter!r}")
    return {
        "tpp": [low, high],
        "tpp_deciding": deciding,
        "tpp_ceilings": ceilings_used,
        "performance_density": density,
        "io_bandwidth_gbs": io,
        "io_missing": scale_up is None,
        "host_missing": scale_up is not None and host is None and host_max is None,
        "designed_for_datacenter": [datacenter, datacenter],
        "missing": missing,
    }


def fold_condition(
    node: Mapping[str, Any],
    leaf: Callable[[Mapping[str, Any]], T],
    all_of: Callable[[list[T]], T],
    any_of: Callable[[list[T]], T],
) -> T:
    """The one walker of rule conditions: ``leaf`` on each single-metric test, ``all_of`` and
    ``any_of`` on the folded children of each combinator (evaluation, leaves, text, regions)."""
    for key, join in (("all_of", all_of), ("any_of", any_of)):
        if key in node:
            return join([fold_condition(child, leaf, all_of, any_of) for child in node[key]])
    return leaf(node)


def _all(results: list[bool | None]) -> bool | None:
    """All of several outcomes: False if any fails, open if any is open."""
    if False in results:
        return False
    return None if None in results else True


def _any(results: list[bool | None]) -> bool | None:
    """Any of several outcomes: True if any holds, open if any is open."""
    if True in results:
        return True
    return None if None in results else False


def _evaluate(node: Mapping[str, Any], metrics: Mapping[str, Any]) -> bool | None:
    """Evaluate a condition on intervals: True or False when decided, None when still open."""
    return fold_condition(node, lambda leaf: _evaluate_leaf(leaf, metrics), _all, _any)


def _evaluate_leaf(node: Mapping[str, Any], metrics: Mapping[str, Any]) -> bool | None:
    """Evaluate one single-metric test on intervals."""
    name = node.get("metric")
    if not isinstance(name, str) or name not in _METRIC_NAMES:
        raise ValueError(f"unknown metric {name!r} in export rule condition")
    low, high = metrics[name]
    if "equals" in node:
        return bool(low == node["equals"])
    verdicts: list[bool | None] = []
    if "min" in node:
        bound = float(node["min"])
        verdicts.append(True if low >= bound else False if high < bound else None)
    if "below" in node:
        bound = float(node["below"])
        verdicts.append(True if high < bound else False if low >= bound else None)
    if False in verdicts:
        return False
    return None if None in verdicts else True


_METRIC_NAMES = ("tpp", "performance_density", "io_bandwidth_gbs", "designed_for_datacenter")


def condition_leaves(node: Mapping[str, Any]) -> list[Mapping[str, Any]]:
    """Every single-metric test in one condition, in order."""
    return fold_condition(node, lambda leaf: [leaf], _concat, _concat)


def _concat(parts: list[list[Mapping[str, Any]]]) -> list[Mapping[str, Any]]:
    """The children's leaves, one list."""
    return [leaf for part in parts for leaf in part]


def rule_leaves(rule: Mapping[str, Any]) -> list[Mapping[str, Any]]:
    """Every single-metric test in a rule's classes and exclusions (all_of/any_of unfolded)."""
    nodes = [item["condition"] for item in rule["classes"]]
    nodes += [item["condition"] for item in rule.get("exclusions") or []]
    return _concat([condition_leaves(node) for node in nodes])


def _open_fields(metrics: Mapping[str, Any], rule: Mapping[str, Any]) -> list[str]:
    """The fields whose absence leaves a metric the rule tests open, in a stable order."""
    tested = {str(leaf.get("metric")) for leaf in rule_leaves(rule)}
    fields = [
        field
        for field in metrics["missing"]
        if field != "die_area_mm2" or "performance_density" in tested
    ]
    if "io_bandwidth_gbs" in tested:
        if metrics["io_missing"]:
            fields.append("interconnect.scale_up_bandwidth_gbs")
        if metrics["host_missing"]:
            fields.append("interconnect.host_bandwidth_gbs")
    return fields


#: Plain words for the inputs a rule may lack (never a field path on a page).
_FIELD_WORDS = {
    "die_area_mm2": "die area is not published",
    "interconnect.scale_up_bandwidth_gbs": "the chip-to-chip link bandwidth is not published",
    "interconnect.host_bandwidth_gbs": "the host link bandwidth is not published",
}


def missing_words(fields: Sequence[str]) -> str:
    """Say which quantities are missing in words: 'the INT4 matrix rate is not published; ...'."""
    if isinstance(fields, str) or not all(isinstance(field, str) for field in fields):
        raise ValueError(f"fields must be a list of field names, got {fields!r}")
    rates = []
    others = []
    for field in fields:
        if field.startswith("peak_dense."):
            fmt, _, kind = field.split(".", 1)[1].partition("_")
            rates.append(fmt.upper() + (" matrix" if kind == "matrix" else " vector"))
        else:
            others.append(_FIELD_WORDS.get(field, f"{field.replace('_', ' ')} is not published"))
    phrases = []
    if len(rates) == 1:
        phrases.append(f"the {rates[0]} rate is not published")
    elif rates:
        phrases.append(f"the {', '.join(rates[:-1])} and {rates[-1]} rates are not published")
    return "; ".join(phrases + others) or "a figure it needs is not published"


def _exclusion_words(rule: Mapping[str, Any], exclusion_id: str | None) -> str:
    """An exclusion in words: its summary where the rule gives one."""
    for item in rule.get("exclusions") or []:
        if str(item.get("id", "")) == exclusion_id and item.get("summary"):
            return "an exclusion applies: " + " ".join(str(item["summary"]).split())
    return "an exclusion applies"


def _finite(value: float) -> float | None:
    """A bound for JSON: None stands for 'no upper bound'."""
    return None if value == _INF else value


def classify_explain(device: Mapping[str, Any], rule: Mapping[str, Any]) -> ExportReport:
    """The class under one rule, with the metrics, each condition's outcome and the reason."""
    if not isinstance(device, Mapping):
        raise ValueError(f"device must be a mapping, got {device!r}")
    if not isinstance(rule, Mapping):
        raise ValueError(f"rule must be a rule mapping, got {rule!r}")
    check_rule(rule)
    metrics = export_metrics(device)
    low, high = metrics["tpp"]
    io_low, io_high = metrics["io_bandwidth_gbs"]
    report: ExportReport = {
        "rule": str(rule["id"]),
        "tpp": low,
        "tpp_exact": low == high,
        "deciding": metrics["tpp_deciding"],
        "performance_density": metrics["performance_density"][0] if low else None,
        "performance_density_exact": metrics["performance_density"][0]
        == metrics["performance_density"][1],
        "performance_density_high": _finite(metrics["performance_density"][1]) if low else None,
        "tpp_high": _finite(high),
        "tpp_ceilings": list(metrics["tpp_ceilings"]),
        "io_bandwidth_gbs": [
            io_low,
            _finite(io_high),
        ],
        "missing": _open_fields(metrics, rule),
        "exclusions": [],
        "classes": [],
        "result": "unknown",
        "at_least": None,
        "reason": "",
    }
    if metrics["tpp_deciding"] is None:
        report["tpp"] = None
        report["reason"] = "no peak rate is given, so TPP is unknown"
        return report
    decision = decide(metrics, rule)
    report["exclusions"] = decision.exclusions
    report["classes"] = decision.classes
    report["result"] = decision.result
    report["at_least"] = decision.at_least
    missing = missing_words(report["missing"])
    if decision.applied is not None:
        report["reason"] = _exclusion_words(rule, decision.applied)
    elif decision.result != "unknown":
        met = decision.result != "not-controlled"
        report["reason"] = (
            f"meets the conditions of {decision.result}" if met else "meets none of the classes"
        )
    elif decision.at_least is not None:
        report["reason"] = (
            f"meets {decision.at_least} at least; whether it meets "
            f"{decision.undecided or 'an exclusion'} stays open: {missing}"
        )
    elif decision.met is not None:
        report["reason"] = (
            f"meets the conditions of {decision.met} unless an exclusion applies, which stays "
            f"open: {missing}"
        )
    else:
        report["reason"] = (
            f"whether it meets {decision.undecided or 'an exclusion'} cannot be decided: {missing}"
        )
    return report


@dataclass(frozen=True)
class Decision:
    """A rule's verdict on a device's metrics, with each condition's outcome."""

    result: str
    at_least: str | None
    #: The first class whose condition stays open, if any.
    undecided: str | None
    #: The id of the exclusion that applied, if one did.
    applied: str | None
    exclusions: list[Outcome]
    classes: list[ClassOutcome]
    #: A class whose conditions hold while an exclusion or a higher class stays open.
    met: str | None = None


def decide(metrics: Mapping[str, Any], rule: Mapping[str, Any]) -> Decision:
    """Apply a rule's exclusions and classes, in order, to metrics given as intervals."""
    exclusions: list[Outcome] = []
    classes: list[ClassOutcome] = []
    excluded: bool | None = False
    for exclusion in rule.get("exclusions") or []:
        holds = _evaluate(exclusion["condition"], metrics)
        exclusions.append({"id": str(exclusion.get("id", "")), "holds": holds})
        if holds is True:
            applied = str(exclusion.get("id", ""))
            return Decision("not-controlled", None, None, applied, exclusions, classes)
        if holds is None:
            excluded = None
    undecided: str | None = None
    for item in rule["classes"]:
        holds = _evaluate(item["condition"], metrics)
        classes.append({"class": str(item["class"]), "holds": holds})
        if holds is True:
            name = str(item["class"])
            if undecided is None and excluded is False:
                return Decision(name, None, None, None, exclusions, classes)
            # While an exclusion may still apply the part may be uncontrolled: no "at least".
            at_least = name if excluded is False else None
            return Decision("unknown", at_least, undecided, None, exclusions, classes, met=name)
        if holds is None and undecided is None:
            undecided = str(item["class"])
    if undecided is None and excluded is False:
        return Decision("not-controlled", None, None, None, exclusions, classes)
    return Decision("unknown", None, undecided, None, exclusions, classes)


def classify(device: Mapping[str, Any], rule: Mapping[str, Any]) -> str:
    """Return the device's class under a rule (a mapping as export_controls.yaml holds it)."""
    return str(classify_explain(device, rule)["result"])
