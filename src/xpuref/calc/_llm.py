"""LLM inference bounds: weights and KV-cache bytes, and prefill and decode time on a roofline.

Decode reads every weight and the whole KV cache once per generated token of a batch (the
cache as xpuref.calc.kv_sequence_bytes sizes it: latent for MLA, windows capped), and
does 2 x batch x (forward MACs per token at the context length) FLOPs; prefill does the full
forward pass over batch x context tokens. Both times are roofline lower bounds:
max(FLOPs / peak, bytes / bandwidth).

Tensor parallelism: with ``tp`` devices (each of ``peak_flops``, ``bandwidth`` and
``memory_bytes``) working as one, their rates, bandwidths and memories add and the model is
split over them (as the site's serving calculator does); ``weights_per_device`` is the weights
over tp and ``kv_cache_per_device`` the cache one device holds as engines shard it (whole KV
heads per device, replicated when tp exceeds the KV heads; MLA latents on every device).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from xpuref.calc._dtypes import dtype_bytes
from xpuref.calc._memory import weights_bytes
from xpuref.calc._results import LlmEstimate
from xpuref.calc._roofline import bound_by, roofline_time
from xpuref.calc._serving import sequence_bytes
from xpuref.calc._transformer import (
    TransformerConfig,
    transformer_config,
    transformer_forward,
    transformer_params,
    transformer_token_macs,
)
from xpuref.calc._validate import check_count, check_number

__all__ = ["llm_inference"]


def llm_inference(
    cfg: TransformerConfig | Mapping[str, Any],
    *,
    batch: int,
    context: int,
    weights_dtype: str,
    kv_dtype: str,
    peak_flops: float,
    bandwidth: float,
    memory_bytes: float | None = None,
    tp: int = 1,
) -> LlmEstimate:
    """Weights, KV cache, fit, and prefill/decode lower-bound times and rates (SI units)."""
    config = transformer_config(cfg)
    check_count("batch", batch)
    check_count("context", context)
    t = check_count("tp", tp)
    peak = check_number("peak_flops", peak_flops) * t
    bw = check_number("bandwidth", bandwidth) * t
    memory = None if memory_bytes is None else check_number("memory_bytes", memory_bytes) * t
    params = transformer_params(config)
    weights = weights_bytes(params, weights_dtype)
    kv_size = dtype_bytes(kv_dtype, name="kv_dtype")
    kv = batch * sequence_bytes(config, context, kv_size, 1)
    kv_per_device = batch * sequence_bytes(config, context, kv_size, t)
    moved = weights + kv
    decode_flops = 2.0 * batch * transformer_token_macs(config, context)
    decode_seconds = roofline_time(decode_flops, moved, peak, bw)
    prefill_flops = float(transformer_forward(config, batch=batch, seq=context).flops)
    return {
        "params": params,
        "weights": weights,
        "kv_cache": kv,
        "tp": t,
        "weights_per_device": weights / t,
        "kv_cache_per_device": kv_per_device,
        "fits": None if memory is None else ("yes" if moved <= memory else "no"),
        "decode_flops": decode_flops,
        "decode_seconds": decode_seconds,
        "decode_tokens_per_s": batch / decode_seconds,
        "decode_tokens_per_s_seq": 1.0 / decode_seconds,
        "decode_bound": bound_by(decode_flops, moved, peak, bw),
        "prefill_flops": prefill_flops,
        "prefill_seconds": roofline_time(prefill_flops, moved, peak, bw),
        "prefill_bound": bound_by(prefill_flops, moved, peak, bw),
    }
