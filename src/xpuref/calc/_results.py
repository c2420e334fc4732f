"""The shapes calc hands to the layers above: typed mappings, so no layer guesses a key.

They stay plain dicts at run time (the golden vectors and the browser port compare them as
JSON); mypy checks every read and every key a caller adds. A view that adds figures of its own
declares a subtype (``views.derive.ExportDetail``) instead of growing these in place.
"""

from __future__ import annotations

from typing import Literal, TypedDict

__all__ = [
    "ClassOutcome",
    "DeviceDerived",
    "ExportMetrics",
    "ExportReport",
    "Interval",
    "LlmEstimate",
    "Outcome",
]

#: A quantity the data leaves open: [low, high], high may be infinite (None in a report).
Interval = list[float]


class Outcome(TypedDict):
    """One condition of a rule and whether it holds (None: the data leaves it open)."""

    id: str
    holds: bool | None


#: One class of a rule and whether its condition holds (None: open); "class" is a keyword.
ClassOutcome = TypedDict("ClassOutcome", {"class": str, "holds": bool | None})


class ExportMetrics(TypedDict):
    """The metrics the export rules test, each an interval, with what leaves them open."""

    tpp: Interval
    tpp_deciding: str | None
    tpp_ceilings: list[str]
    performance_density: Interval
    io_bandwidth_gbs: Interval
    io_missing: bool
    host_missing: bool
    designed_for_datacenter: list[bool]
    missing: list[str]


class ExportReport(TypedDict):
    """A device's class under one rule, with the metrics behind it and the reason in words."""

    rule: str
    tpp: float | None
    tpp_exact: bool
    deciding: str | None
    performance_density: float | None
    performance_density_exact: bool
    performance_density_high: float | None
    tpp_high: float | None
    tpp_ceilings: list[str]
    io_bandwidth_gbs: list[float | None]
    missing: list[str]
    exclusions: list[Outcome]
    classes: list[ClassOutcome]
    result: str
    at_least: str | None
    reason: str


class DeviceDerived(TypedDict):
    """Figures derived from one device's stated ones (rates in TFLOPS/TOPS, per chip)."""

    sparse: dict[str, float]
    tpp: float | None
    tpp_exact: bool | None
    performance_density: float | None
    ridge_points: dict[str, float]
    tflops_per_watt: dict[str, float]
    bytes_per_flop: float | None


class LlmEstimate(TypedDict):
    """An LLM serving estimate: memory, fit, and prefill/decode lower-bound times (SI units)."""

    params: int
    weights: float
    kv_cache: float
    #: Tensor-parallel degree: weights and KV cache split over ``tp`` devices working as one.
    tp: int
    weights_per_device: float
    kv_cache_per_device: float
    fits: Literal["yes", "no"] | None
    decode_flops: float
    decode_seconds: float
    decode_tokens_per_s: float
    decode_tokens_per_s_seq: float
    decode_bound: str
    prefill_flops: float
    prefill_seconds: float
    prefill_bound: str
