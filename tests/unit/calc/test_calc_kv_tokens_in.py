"""Tokens from a reported KV memory: an engine log read backwards."""

from __future__ import annotations

import pytest

from xpuref.calc import TransformerConfig, kv_capacity, kv_tokens_in

GIB = 2**30
LLAMA31_8B = TransformerConfig(128256, 4096, 32, 32, kv_heads=8, ffn=14336, gated_mlp=True)


def test_vllm_log_on_an_rtx_3090() -> None:
    """vLLM issue 10517: 2.89 GiB of KV memory held 23,648 tokens (1,478 blocks of 16)."""
    assert kv_tokens_in(LLAMA31_8B, 2.89 * GIB) == pytest.approx(23648, rel=2e-3)
    assert kv_tokens_in(LLAMA31_8B, 2.89 * GIB) % 16 == 0


def test_same_as_kv_capacity_with_nothing_else_in_memory() -> None:
    """The tokens equal kv_capacity's for a budget holding only the KV cache."""
    for memory in (1 * GIB, 3.81 * GIB, 70 * GIB):
        for block in (1, 16, 64):
            whole = kv_capacity(
                LLAMA31_8B, memory_bytes=memory, memory_fraction=1.0, weights_bytes=0,
                context=1, block_size=block,
            )  # fmt: skip
            assert kv_tokens_in(LLAMA31_8B, memory, block_size=block) == whole["tokens"]


def test_refuses_bad_arguments() -> None:
    """A zero memory and an unknown format are refused by name."""
    with pytest.raises(ValueError, match="kv_memory_bytes"):
        kv_tokens_in(LLAMA31_8B, 0)
    with pytest.raises(ValueError, match="kv_dtype"):
        kv_tokens_in(LLAMA31_8B, 1e9, "fp5")


def test_training_extra_terms() -> None:
    """Logits s x b x V in bf16 (/tp), the fp32 loss copy, and one layer rebuilt by recompute."""
    from xpuref.calc import activation_bytes_per_layer, training_extra_bytes

    found = training_extra_bytes(
        262144, 1, 4096, 32, 128256, tp=8, recompute="full", sequence_parallel=True
    )
    assert found["logits"] == 262144 * 128256 * 2 / 8
    assert found["loss_copy"] == 262144 * 128256 * 4 / 8
    assert found["recompute_working"] == 32 * 262144 * 4096 / 8  # 34 sbh/t kept - 2 sbh/t
    none = training_extra_bytes(4096, 1, 4096, 32, 32000, fp32_loss=False)
    assert none["loss_copy"] == 0 and none["recompute_working"] == 0
    assert activation_bytes_per_layer(4096, 1, 4096, 32) > 0
