"""Tests for decoder-only transformer parameter and forward-MAC counts against published figures."""

from __future__ import annotations

import pytest

from xpuref.calc import (
    TransformerConfig,
    megatron_iteration_flops,
    transformer_forward,
    transformer_params,
)

GPT2 = TransformerConfig(
    50257, 768, 12, 12, norm="layernorm", bias=True, learned_positions=1024, tied_embeddings=True
)
LLAMA2_7B = TransformerConfig(32000, 4096, 32, 32, ffn=11008, gated_mlp=True)
MIXTRAL = TransformerConfig(
    32000, 4096, 32, 32, kv_heads=8, ffn=14336, gated_mlp=True, experts=8, top_k=2
)


def test_gpt2_small_parameter_count() -> None:
    """GPT-2 small has 124,439,808 parameters (KerasHub gpt2_base_en)."""
    assert transformer_params(GPT2) == 124_439_808


def test_llama2_7b_parameter_count() -> None:
    """Llama 2 7B has 6,738,415,616 parameters (KerasHub llama2_7b_en)."""
    assert transformer_params(LLAMA2_7B) == 6_738_415_616


def test_mixtral_total_and_active_parameters() -> None:
    """Mixtral: 46,702,792,704 total; Mistral AI states 12.9B used per token."""
    assert transformer_params(MIXTRAL) == 46_702_792_704
    assert transformer_params(MIXTRAL, active=True) == pytest.approx(12.9e9, rel=5e-3)


def test_dense_model_active_equals_total() -> None:
    """For a dense model active and total parameters coincide."""
    assert transformer_params(LLAMA2_7B, active=True) == transformer_params(LLAMA2_7B)


def test_forward_matches_megatron_appendix() -> None:
    """Three forward passes of a GPT-3 shape equal Megatron's no-recompute iteration FLOPs."""
    b, s, layers, h, vocab = 4, 2048, 96, 12288, 51200
    cfg = TransformerConfig(vocab, h, layers, 96)
    forward = transformer_forward(cfg, batch=b, seq=s)
    assert 3 * forward.flops == pytest.approx(
        megatron_iteration_flops(b, s, layers, h, vocab), rel=1e-12
    )


def test_forward_includes_lm_head_and_full_attention() -> None:
    """Per token: 2 x (linear weights) + 4 x layers x seq x hidden + 2 x hidden x vocab FLOPs."""
    cost = transformer_forward(GPT2, batch=1, seq=1024)
    linear_weights = 12 * (4 * 768 * 768 + 2 * 768 * 3072)
    per_token = 2 * linear_weights + 4 * 12 * 1024 * 768 + 2 * 768 * 50257
    assert cost.flops == 1024 * per_token
    assert cost.params == 124_439_808


def test_grouped_query_attention_shrinks_kv_projections() -> None:
    """With 8 KV heads of 32 the K and V projections are a quarter of Q's size."""
    cfg = TransformerConfig(1000, 4096, 1, 32, kv_heads=8, ffn=1)
    assert cfg.kv_dim == 1024
    full = TransformerConfig(1000, 4096, 1, 32, ffn=1)
    assert transformer_params(full) - transformer_params(cfg) == 2 * 4096 * (4096 - 1024)


def test_config_defaults() -> None:
    """kv_heads defaults to heads and ffn to 4 x hidden."""
    cfg = TransformerConfig(100, 64, 2, 4)
    assert (cfg.kv_heads, cfg.ffn, cfg.head_dim) == (4, 256, 16)
