"""KV-cache bytes per token and KV capacity against figures engines printed in public logs."""

from __future__ import annotations

import pytest

from xpuref.calc import TransformerConfig, kv_bytes_per_token, kv_capacity, kv_sequence_bytes

GIB = 2**30
LLAMA31_8B = TransformerConfig(128256, 4096, 32, 32, kv_heads=8, ffn=14336, gated_mlp=True)
QWEN3_30B = TransformerConfig(
    151936, 2048, 48, 32, kv_heads=4, head_dim=128, ffn=768, gated_mlp=True, qk_norm=True,
    experts=128, top_k=8,
)  # fmt: skip
QWEN3_235B = TransformerConfig(
    151936, 4096, 94, 64, kv_heads=4, head_dim=128, ffn=1536, gated_mlp=True, qk_norm=True,
    experts=128, top_k=8,
)  # fmt: skip
DEEPSEEK_V3 = TransformerConfig(
    129280, 7168, 61, 128, head_dim=128, kv_lora_rank=512, q_lora_rank=1536,
    qk_rope_head_dim=64, ffn=18432, expert_ffn=2048, gated_mlp=True, experts=256, top_k=8,
    shared_experts=1, dense_layers=3,
)  # fmt: skip
GEMMA2_9B = TransformerConfig(
    256000, 3584, 42, 16, kv_heads=8, head_dim=256, ffn=14336, gated_mlp=True,
    tied_embeddings=True, layer_norms=4, sliding_window=4096, global_every=2,
)  # fmt: skip


def test_llama31_8b_vllm_blocks_on_an_rtx_3090() -> None:
    """vLLM issue 10517: kv_cache_size=3.81GiB gave 1952 blocks and 1.56x at 20,000 tokens."""
    assert kv_bytes_per_token(LLAMA31_8B, "bf16") == 32 * 2 * 8 * 128 * 2
    found = kv_capacity(
        LLAMA31_8B, memory_bytes=3.81 * GIB, memory_fraction=1.0, weights_bytes=0, context=20000
    )
    assert found["blocks"] == pytest.approx(1952, rel=2e-3)  # 3.81 is rounded to 10 MiB
    assert round(found["concurrency"], 2) == 1.56


def test_qwen3_30b_sglang_pool() -> None:
    """SGLang PR 18263: #tokens 1,669,816 with K size 76.44 GB (GiB) for Qwen3-30B-A3B bf16."""
    per_token = kv_bytes_per_token(QWEN3_30B, "bf16")
    assert per_token == 48 * 2 * 4 * 128 * 2
    assert 1_669_816 * per_token / 2 / GIB == pytest.approx(76.44, abs=0.005)


def test_qwen3_235b_tp4_sglang_and_vllm() -> None:
    """Issue vllm 21348, TP 4: SGLang 367,404 tokens in 2 x 8.23 GiB; vLLM 178,880 in 8.11 GiB."""
    per_token = kv_bytes_per_token(QWEN3_235B, "bf16", tp=4)
    assert per_token == 94 * 2 * 1 * 128 * 2  # four KV heads over four GPUs: one each
    assert 367_404 * per_token / 2 / GIB == pytest.approx(8.23, abs=0.005)
    vllm = kv_capacity(
        QWEN3_235B, memory_bytes=8.11 * GIB, memory_fraction=1.0, weights_bytes=0, tp=4,
        context=40960,
    )  # fmt: skip
    assert vllm["tokens"] == pytest.approx(178_880, rel=0.02)


def test_tp_beyond_kv_heads_replicates_one_head() -> None:
    """vLLM keeps max(1, kv_heads // tp) heads per GPU: TP 8 over 4 KV heads still holds one."""
    assert kv_bytes_per_token(QWEN3_235B, tp=8) == kv_bytes_per_token(QWEN3_235B, tp=4)
    assert kv_bytes_per_token(QWEN3_235B, tp=2) == 2 * kv_bytes_per_token(QWEN3_235B, tp=4)
    with pytest.raises(ValueError, match="tp"):
        kv_bytes_per_token(QWEN3_235B, tp=3)


def test_mla_caches_the_latent_on_every_device() -> None:
    """DeepSeek-V3 caches 512 + 64 values per layer: 70,272 bytes per token in bf16, any TP."""
    assert kv_bytes_per_token(DEEPSEEK_V3, "bf16") == 61 * 576 * 2
    assert kv_bytes_per_token(DEEPSEEK_V3, "bf16", tp=8) == 61 * 576 * 2
    assert kv_bytes_per_token(DEEPSEEK_V3, "fp8") == 61 * 576


def test_sliding_window_layers_hold_at_most_the_window() -> None:
    """Gemma 2 9B at 8192 tokens: 21 global layers keep 8192 tokens, 21 local layers 4096."""
    per_layer = 2 * 8 * 256 * 2
    assert kv_sequence_bytes(GEMMA2_9B, 8192) == (21 * 8192 + 21 * 4096) * per_layer
    assert kv_sequence_bytes(GEMMA2_9B, 1000) == 42 * 1000 * per_layer
    found = kv_capacity(GEMMA2_9B, memory_bytes=80 * GIB, context=8192)
    full = kv_capacity(GEMMA2_9B, memory_bytes=80 * GIB, context=4096)
    assert found["concurrency"] == pytest.approx(full["concurrency"] * 2 / 3)


def test_capacity_subtracts_weights_per_device_and_reports_no_fit() -> None:
    """Weights are total parameters over TP; a model that does not fit leaves no KV budget."""
    found = kv_capacity(QWEN3_235B, memory_bytes=80 * GIB, tp=8, context=4096)
    assert found["weights_bytes"] == 235_093_634_560 * 2 / 8
    assert found["kv_budget_bytes"] == 80 * GIB * 0.9 - found["weights_bytes"]
    alone = kv_capacity(QWEN3_235B, memory_bytes=80 * GIB, context=4096)
    assert (alone["tokens"], alone["fits"], alone["kv_budget_bytes"]) == (0, "no", 0.0)


@pytest.mark.parametrize(
    ("kwargs", "argument"),
    [
        ({"memory_fraction": 1.5}, "memory_fraction"),
        ({"memory_fraction": 0}, "memory_fraction"),
        ({"block_size": 0}, "block_size"),
        ({"kv_dtype": "fp3"}, "kv_dtype"),
        ({"weights_dtype": "q4"}, "weights_dtype"),
        ({"overhead_bytes": -1}, "overhead_bytes"),
        ({"tp": 5}, "tp"),
    ],
)
def test_capacity_refuses_bad_arguments(kwargs: dict[str, object], argument: str) -> None:
    """Each bad argument is named."""
    with pytest.raises(ValueError, match=argument):
        kv_capacity(LLAMA31_8B, memory_bytes=80 * GIB, context=4096, **kwargs)  # type: ignore[arg-type]
