"""Serving capacity: KV-cache bytes per token and how many tokens and sequences fit.

Per device under tensor parallelism (tp), as vLLM shards the cache: each device holds
max(1, kv_heads // tp) key/value heads, so when tp exceeds kv_heads every device keeps a
replica of one head (tp must divide kv_heads or be a multiple of it, and divide heads).
Multi-head latent attention (MLA) caches one latent of kv_lora_rank + qk_rope_head_dim values
per token and layer, replicated on every device. A sliding-window layer keeps at most
sliding_window tokens of a sequence.

kv_capacity follows the engines' budget: memory_bytes x memory_fraction (vLLM's
gpu_memory_utilization, SGLang's mem_fraction_static), minus the weights on one device
(total parameters / tp: every expert stays resident) and overhead_bytes (activations,
CUDA graphs, non-torch memory, which engines measure by profiling and this module does not
guess), is split into blocks of block_size tokens on every layer. tokens is what vLLM
reports as "GPU KV cache size" for a model whose layers all attend globally; concurrency is
its "maximum concurrency" for sequences of context tokens (blocks rounded up per sequence,
sliding layers holding min(context, sliding_window) tokens).
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

from xpuref.calc._dtypes import dtype_bytes
from xpuref.calc._transformer import TransformerConfig, transformer_config, transformer_params
from xpuref.calc._validate import check_count, check_number

__all__ = ["kv_bytes_per_token", "kv_capacity", "kv_sequence_bytes", "kv_tokens_in"]


def _layer_token_elements(config: TransformerConfig, tp: int) -> int:
    """Return the cached values one token adds to one layer on one device."""
    if config.heads % tp:
        raise ValueError(f"tp ({tp}) must divide heads ({config.heads})")
    if config.kv_lora_rank:
        return config.kv_lora_rank + config.qk_rope_head_dim
    kv = int(config.kv_heads or config.heads)
    if kv % tp and tp % kv:
        raise ValueError(f"tp ({tp}) must divide kv_heads ({kv}) or be a multiple of it")
    return 2 * max(1, kv // tp) * int(config.head_dim or 0)


def kv_bytes_per_token(
    cfg: TransformerConfig | Mapping[str, Any], dtype: str = "bf16", *, tp: int = 1
) -> float:
    """Return the KV-cache bytes one token takes on one device, summed over every layer."""
    config = transformer_config(cfg)
    size = dtype_bytes(dtype)
    t = check_count("tp", tp)
    return config.layers * _layer_token_elements(config, t) * size


def kv_sequence_bytes(
    cfg: TransformerConfig | Mapping[str, Any], tokens: int, dtype: str = "bf16", *, tp: int = 1
) -> float:
    """Return the KV-cache bytes of one sequence of tokens on one device (windows capped)."""
    config = transformer_config(cfg)
    size = dtype_bytes(dtype)
    count = check_count("tokens", tokens)
    return sequence_bytes(config, count, size, check_count("tp", tp))


def sequence_bytes(config: TransformerConfig, tokens: int, size: float, tp: int) -> float:
    """Return one sequence's cache bytes on one device, for checked arguments."""
    local = config.local_layers
    kept = (config.layers - local) * tokens + local * min(tokens, config.sliding_window)
    return kept * _layer_token_elements(config, tp) * size


def kv_capacity(
    cfg: TransformerConfig | Mapping[str, Any],
    *,
    memory_bytes: float,
    context: int,
    memory_fraction: float = 0.9,
    weights_dtype: str = "bf16",
    kv_dtype: str = "bf16",
    tp: int = 1,
    block_size: int = 16,
    weights_bytes: float | None = None,
    overhead_bytes: float = 0.0,
) -> dict[str, Any]:
    """KV budget, tokens and concurrent sequences of context tokens on each of tp devices."""
    config = transformer_config(cfg)
    memory = check_number("memory_bytes", memory_bytes)
    count = check_count("context", context)
    fraction = check_number("memory_fraction", memory_fraction)
    if fraction > 1:
        raise ValueError(f"memory_fraction must be at most 1, got {memory_fraction!r}")
    t = check_count("tp", tp)
    block = check_count("block_size", block_size)
    if weights_bytes is None:
        weights = transformer_params(config) * dtype_bytes(weights_dtype, name="weights_dtype") / t
    else:
        weights = check_number("weights_bytes", weights_bytes, allow_zero=True)
    overhead = check_number("overhead_bytes", overhead_bytes, allow_zero=True)
    size = dtype_bytes(kv_dtype, name="kv_dtype")
    per_layer = _layer_token_elements(config, t) * size
    per_token = config.layers * per_layer
    budget = memory * fraction
    kv_budget = budget - weights - overhead
    blocks = max(0, math.floor(kv_budget / (block * per_token)))
    local = config.local_layers
    kept_local = min(count, config.sliding_window)
    sequence_blocks = (config.layers - local) * math.ceil(count / block) + local * math.ceil(
        kept_local / block
    )
    concurrency = blocks * config.layers / sequence_blocks
    return {
        "weights_bytes": weights,
        "budget_bytes": budget,
        "kv_budget_bytes": max(0.0, kv_budget),
        "bytes_per_token": per_token,
        "sequence_bytes": sequence_bytes(config, count, size, t),
        "blocks": blocks,
        "tokens": blocks * block,
        "concurrency": concurrency,
        "max_sequences": math.floor(concurrency),
        "fits": "yes" if concurrency >= 1 else "no",
    }


def kv_tokens_in(
    cfg: TransformerConfig | Mapping[str, Any],
    kv_memory_bytes: float,
    kv_dtype: str = "bf16",
    *,
    tp: int = 1,
    block_size: int = 16,
) -> int:
    """Return the KV-cache tokens a reported KV memory holds on each of tp devices.

    Reads an engine log backwards: vLLM's "Available KV cache memory" (or SGLang's K plus V
    size, with block_size 1) split into whole blocks of block_size tokens over every layer.
    """
    config = transformer_config(cfg)
    memory = check_number("kv_memory_bytes", kv_memory_bytes)
    t = check_count("tp", tp)
    block = check_count("block_size", block_size)
    per_token = (
        config.layers * _layer_token_elements(config, t) * dtype_bytes(kv_dtype, name="kv_dtype")
    )
    return math.floor(memory / (block * per_token)) * block
