"""Tests for weight, KV-cache, ZeRO state and activation memory against published figures."""

from __future__ import annotations

import pytest

from xpuref.calc import (
    activation_bytes_per_layer,
    kv_cache_bytes,
    training_state_bytes,
    weights_bytes,
)

GB = 1e9


def test_weights_bytes() -> None:
    """7B parameters take 14 GB in bf16 and 3.5 GB in int4."""
    assert weights_bytes(7e9, "bf16") == 14e9
    assert weights_bytes(7e9, "int4") == 3.5e9


def test_kv_cache_per_token_of_opt_13b() -> None:
    """OPT-13B needs 800 KB of fp16 KV cache per token (Kwon et al. 2023, vLLM paper)."""
    assert kv_cache_bytes(40, 40, 128, 1) == 2 * 5120 * 40 * 2 == 800 * 1024


def test_kv_cache_llama2_7b_full_context() -> None:
    """Llama 2 7B at 4096 tokens in fp16 holds 2 GiB of keys and values."""
    assert kv_cache_bytes(32, 32, 128, 4096) == 2 * 2**30


@pytest.mark.parametrize(("stage", "gigabytes"), [(0, 120.0), (1, 31.4), (2, 16.6), (3, 1.9)])
def test_zero_paper_figure_1(stage: int, gigabytes: float) -> None:
    """7.5B params, Adam, mixed precision, 64-way data parallel (Rajbhandari et al., Fig. 1)."""
    per_gpu = training_state_bytes(7.5e9, zero_stage=stage, dp=64)
    assert per_gpu / GB == pytest.approx(gigabytes, abs=0.05)


def test_documented_bytes_per_parameter() -> None:
    """Mixed Adam 16, mixed SGD 12, fp32 Adam 16, fp32 SGD 12 bytes per parameter."""
    assert training_state_bytes(1) == 16
    assert training_state_bytes(1, optimizer="sgd") == 12
    assert training_state_bytes(1, precision="fp32") == 16
    assert training_state_bytes(1, optimizer="sgd", precision="fp32") == 12


def test_korthikanti_gpt3_selective_saves_seventy_percent() -> None:
    """For GPT-3 5as/h = 80, so selective recomputation removes ~70% of activations."""
    s, b, h, a = 2048, 1, 12288, 96
    none = activation_bytes_per_layer(s, b, h, a)
    selective = activation_bytes_per_layer(s, b, h, a, recompute="selective")
    assert none == s * b * h * (34 + 80)
    assert 1 - selective / none == pytest.approx(0.70, abs=0.01)


def test_korthikanti_table_2_rows() -> None:
    """Each row of Table 2 for a tensor-parallel size of 8."""
    s, b, h, a, t = 2048, 1, 12288, 96, 8
    sbh = s * b * h
    assert activation_bytes_per_layer(s, b, h, a, tp=t) == sbh * (10 + 24 / t + 80 / t)
    assert activation_bytes_per_layer(s, b, h, a, tp=t, sequence_parallel=True) == pytest.approx(
        sbh / t * (34 + 80)
    )
    assert activation_bytes_per_layer(s, b, h, a, tp=t, recompute="selective") == sbh * 13
    assert activation_bytes_per_layer(
        s, b, h, a, tp=t, sequence_parallel=True, recompute="selective"
    ) == pytest.approx(34 * sbh / t)
    assert activation_bytes_per_layer(s, b, h, a, tp=t, recompute="full") == 2 * sbh
    assert activation_bytes_per_layer(
        s, b, h, a, tp=t, sequence_parallel=True, recompute="full"
    ) == pytest.approx(2 * sbh / t)


def test_no_parallelism_is_34_plus_attention() -> None:
    """With t = 1 the tensor-parallel formula reduces to sbh (34 + 5as/h)."""
    assert activation_bytes_per_layer(1024, 2, 1024, 16) == 1024 * 2 * 1024 * (34 + 80)
