"""Decode of a mixture of experts reads only the routed experts a batch touches."""

from __future__ import annotations

import pytest

from xpuref.calc import (
    TransformerConfig,
    expected_experts,
    kv_sequence_bytes,
    llm_inference,
    transformer_params,
)

GIB = 2**30
DEEPSEEK_V3 = TransformerConfig(
    129280, 7168, 61, 128, head_dim=128, kv_lora_rank=512, q_lora_rank=1536,
    qk_rope_head_dim=64, ffn=18432, expert_ffn=2048, gated_mlp=True, experts=256, top_k=8,
    shared_experts=1, dense_layers=3,
)  # fmt: skip
LLAMA = TransformerConfig(128256, 4096, 32, 32, kv_heads=8, ffn=14336, gated_mlp=True)
H200 = {"peak_flops": 8 * 989.4e12, "bandwidth": 8 * 4.8e12, "memory_bytes": 8 * 141 * GIB}


def test_expected_experts_limits() -> None:
    """One token touches k experts; many tokens approach all E; the formula in between."""
    assert expected_experts(256, 8, 1) == pytest.approx(8.0)
    assert expected_experts(256, 8, 10**6) == pytest.approx(256.0)
    assert expected_experts(8, 2, 2) == pytest.approx(8 * (1 - 0.75**2))
    with pytest.raises(ValueError, match="top_k"):
        expected_experts(8, 9, 1)


def test_deepseek_v3_on_8_h200_at_batch_1_reads_active_weights() -> None:
    """Batch 1 in FP8: the step reads the active parameters (36.6 B published + head) plus KV."""
    found = llm_inference(
        DEEPSEEK_V3, batch=1, context=4096, weights_dtype="fp8", kv_dtype="bf16", **H200
    )
    active = transformer_params(DEEPSEEK_V3, active=True)
    kv = kv_sequence_bytes(DEEPSEEK_V3, 4096, "bf16")
    reference = (active * 1.0 + kv) / H200["bandwidth"]
    assert found["fits"] == "yes" and found["experts_touched"] == pytest.approx(8.0)
    assert found["decode_seconds"] == pytest.approx(reference, rel=0.2)
    assert found["decode_seconds"] == pytest.approx(reference, rel=1e-9)
    # every weight read once would be about 18x slower
    assert found["weights"] / found["decode_weights_read"] > 17


def test_moe_read_grows_with_batch_towards_all_experts() -> None:
    """Larger batches touch more experts; a dense model always reads all its weights."""
    reads = [
        llm_inference(
            DEEPSEEK_V3, batch=b, context=1024, weights_dtype="fp8", kv_dtype="bf16", **H200
        )["decode_weights_read"]
        for b in (1, 8, 64, 512)
    ]
    assert reads == sorted(reads) and reads[-1] < transformer_params(DEEPSEEK_V3)
    dense = llm_inference(LLAMA, batch=16, context=1024, weights_dtype="bf16", kv_dtype="bf16",
                          **H200)  # fmt: skip
    assert dense["decode_weights_read"] == dense["weights"]
    assert dense["experts_touched"] is None


def test_does_not_fit_gives_the_shortfall_and_no_speeds() -> None:
    """DeepSeek-V3 in bf16 on 8 x 141 GiB: short by weights + KV - memory, no time or rate."""
    found = llm_inference(
        DEEPSEEK_V3, batch=1, context=4096, weights_dtype="bf16", kv_dtype="bf16", **H200
    )
    assert found["fits"] == "no"
    expected = found["weights"] + found["kv_cache"] - H200["memory_bytes"]
    assert found["shortfall_bytes"] == pytest.approx(expected)
    assert found["shortfall_bytes"] / GIB == pytest.approx(122.15, abs=0.01)
    for key in ("decode_seconds", "decode_tokens_per_s", "prefill_seconds", "decode_bound"):
        assert found[key] is None
