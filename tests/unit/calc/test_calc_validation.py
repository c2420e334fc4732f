"""Tests that bad arguments raise ValueError naming the offending argument."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from tests.conftest import real_rules

from xpuref import calc

RULES = {rule["id"]: rule for rule in real_rules()}

NAN = float("nan")
INF = float("inf")

CASES: list[tuple[Callable[[], Any], str]] = [
    (lambda: calc.conv2d(0, 3, 8, 8, 8, 3), "batch"),
    (lambda: calc.conv2d(1, -3, 8, 8, 8, 3), "c_in"),
    (lambda: calc.conv2d(1, 3, 8, 8, 8, 3, stride=0), "stride"),
    (lambda: calc.conv2d(1, 3, 8, 8, 8, (3, 3, 3)), "kernel"),  # type: ignore[arg-type]
    (lambda: calc.conv2d(1, 3, 8, 8, 8, 3, padding=-1), "padding"),
    (lambda: calc.conv2d(1, 3, 8, 8, 8, 3, groups=2), "groups"),
    (lambda: calc.conv2d(1, 3, 8, 2, 2, 5), "kernel"),
    (lambda: calc.conv2d(True, 3, 8, 8, 8, 3), "batch"),
    (lambda: calc.linear(0, 10), "in_features"),
    (lambda: calc.linear(10, 10, tokens=2.5), "tokens"),  # type: ignore[arg-type]
    (lambda: calc.tensor_bytes((2, 0), "fp32"), "shape"),
    (lambda: calc.tensor_bytes((2, 2), "fp12"), "dtype"),
    (lambda: calc.TransformerConfig(100, 64, 2, 5), "heads"),
    (lambda: calc.TransformerConfig(100, 64, 2, 4, kv_heads=3), "kv_heads"),
    (lambda: calc.TransformerConfig(100, 64, 2, 4, experts=2, top_k=3), "top_k"),
    (lambda: calc.TransformerConfig(100, 64, 2, 4, norm="batchnorm"), "norm"),
    (lambda: calc.TransformerConfig(100, 64, 2, 4, bias=1), "bias"),  # type: ignore[arg-type]
    (lambda: calc.transformer_forward(calc.TransformerConfig(10, 8, 1, 1), batch=1, seq=0), "seq"),
    (lambda: calc.model_cost({"kind": "vgg"}, batch=0), "batch"),
    (lambda: calc.model_cost({"kind": "nope"}), "architecture"),
    (lambda: calc.training_flops(-1, 10), "params"),
    (lambda: calc.training_flops(1, NAN), "tokens"),
    (lambda: calc.megatron_iteration_flops(1, 2, 3, 4, 0), "vocab"),
    (lambda: calc.training_time(1, 1, 0, 1), "gpus"),
    (lambda: calc.training_time(1, 1, 1, INF), "flops_per_gpu"),
    (lambda: calc.weights_bytes(1, "fp12"), "dtype"),
    (lambda: calc.weights_bytes(False, "fp16"), "params"),
    (lambda: calc.kv_cache_bytes(1, 1, 1, 1, batch=-1), "batch"),
    (lambda: calc.kv_cache_bytes(1, 1, 1, 1, dtype="fp5"), "dtype"),
    (lambda: calc.training_state_bytes(1, optimizer="lion"), "optimizer"),
    (lambda: calc.training_state_bytes(1, precision="fp8"), "precision"),
    (lambda: calc.training_state_bytes(1, zero_stage=4), "zero_stage"),
    (lambda: calc.training_state_bytes(1, dp=0), "dp"),
    (lambda: calc.activation_bytes_per_layer(1, 1, 1, 1, tp=0), "tp"),
    (lambda: calc.activation_bytes_per_layer(1, 1, 1, 1, recompute="some"), "recompute"),
    (lambda: calc.gemm_intensity(0, 1, 1), "m"),
    (lambda: calc.ridge_point(1e12, 0), "bandwidth"),
    (lambda: calc.attainable_flops(-1, 1, 1), "intensity"),
    (lambda: calc.roofline_time(1, NAN, 1, 1), "bytes_moved"),
    (lambda: calc.tpp(-5, 8), "tops"),
    (lambda: calc.tpp(5, 0), "bit_length"),
    (lambda: calc.device_tpp({"fp12_matrix": 1.0}), "peak_dense"),
    (lambda: calc.performance_density(100, 0), "die_area_mm2"),
    (lambda: calc.classify([], RULES["us-2023-10"]), "device"),  # type: ignore[arg-type]
    (lambda: calc.classify({"peak_dense": {"fp16": 1}}, "nope"), "rule"),  # type: ignore[arg-type]
    (lambda: calc.device_derived("h100"), "device"),  # type: ignore[arg-type]
]


@pytest.mark.parametrize(
    ("call", "name"), CASES, ids=[f"{index:02d}-{name}" for index, (_, name) in enumerate(CASES)]
)
def test_bad_argument_names_itself(call: Callable[[], Any], name: str) -> None:
    """The ValueError message contains the argument's name."""
    with pytest.raises(ValueError, match=name):
        call()
