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
    "ExportAnswer",
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


class ExportAnswer(ExportReport):
    """A report with what a reader acts on: every class the data leaves possible (least
    controlled first) and the answer in words ("3A090.a or 3A090.b" when all are controlled)."""

    possible: list[str]
    answer: str


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
    """An LLM serving estimate: memory, fit or shortfall, and prefill/decode lower-bound times
    (SI units); the times, rates and bounds are None when the model does not fit."""

    params: int
    weights: float
    kv_cache: float
    #: Tensor-parallel degree: weights and KV cache split over ``tp`` devices working as one.
    tp: int
    weights_per_device: float
    kv_cache_per_device: float
    fits: Literal["yes", "no"] | None
    shortfall_bytes: float | None
    #: Distinct routed experts a decode step touches per MoE layer (None for a dense model).
    experts_touched: float | None
    decode_weights_read: float
    decode_bytes: float
    decode_flops: float
    prefill_flops: float
    decode_seconds: float | None
    decode_tokens_per_s: float | None
    decode_tokens_per_s_seq: float | None
    decode_bound: str | None
    prefill_seconds: float | None
    prefill_bound: str | None
