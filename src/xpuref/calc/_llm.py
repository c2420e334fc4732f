"""LLM inference bounds: weights and KV-cache bytes, and prefill and decode time on a roofline.

Decode reads, per step of a batch of B sequences, every weight a token of the batch uses and
the whole KV cache once (the cache as xpuref.calc.kv_sequence_bytes sizes it: latent for MLA,
windows capped), and does 2 x B x (forward MACs per token at the context length) FLOPs, the
MACs counting only the top_k routed experts a token runs. For a dense model every weight is
read. For a mixture of experts the attention, dense-layer, shared-expert, router, embedding
and head weights are read once, and of each MoE layer's E routed experts only those some
token of the batch was routed to: with each token choosing k of E uniformly, the expected
number of distinct experts B tokens touch is E x (1 - (1 - k/E)^B) (k at B = 1, all E as B
grows). Prefill does the full forward pass over B x context tokens and reads the experts those
tokens touch. Both times are roofline lower bounds: max(FLOPs / peak, bytes / bandwidth).

When memory_bytes is given and weights plus KV cache exceed it, fits is "no", shortfall_bytes
says by how much, and no time or rate is given (a model that does not fit runs at no speed).

Tensor parallelism: with ``tp`` devices (each of ``peak_flops``, ``bandwidth`` and
``memory_bytes``) working as one, their rates, bandwidths and memories add and the model is
split over them (as the site's serving calculator does); ``weights_per_device`` is the weights
over tp and ``kv_cache_per_device`` the cache one device holds as engines shard it (whole KV
heads per device, replicated when tp exceeds the KV heads; MLA latents on every device).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal

from xpuref.calc._dtypes import dtype_bytes
from xpuref.calc._memory import weights_bytes
from xpuref.calc._results import LlmEstimate
from xpuref.calc._roofline import bound_by, roofline_time
from xpuref.calc._serving import sequence_bytes
from xpuref.calc._transformer import (
    TransformerConfig,
    routed_expert_params,
    transformer_config,
    transformer_forward,
    transformer_params,
    transformer_token_macs,
)
from xpuref.calc._validate import check_count, check_number

__all__ = ["expected_experts", "llm_inference"]


def expected_experts(experts: int, top_k: int, tokens: int) -> float:
    """Return E x (1 - (1 - k/E)^tokens): distinct experts tokens touch, each choosing k of E."""
    e = check_count("experts", experts)
    k = check_count("top_k", top_k)
    if k > e:
        raise ValueError(f"top_k ({k}) must not exceed experts ({e})")
    t = check_count("tokens", tokens)
    return float(e) * (1.0 - (1.0 - k / e) ** t)


def _read_params(config: TransformerConfig, tokens: int) -> tuple[float, float | None]:
    """Return the parameters a step over tokens reads, and the experts touched per MoE layer."""
    params = float(transformer_params(config))
    if config.moe_layers == 0:
        return params, None
    touched = expected_experts(config.experts, config.top_k, tokens)
    expert = routed_expert_params(config)
    return params - config.moe_layers * (config.experts - touched) * expert, touched


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
    """Weights, KV cache, fit or shortfall, and prefill/decode lower-bound times (SI units)."""
    config = transformer_config(cfg)
    check_count("batch", batch)
    check_count("context", context)
    t = check_count("tp", tp)
    peak = check_number("peak_flops", peak_flops) * t
    bw = check_number("bandwidth", bandwidth) * t
    memory = None if memory_bytes is None else check_number("memory_bytes", memory_bytes) * t
    params = transformer_params(config)
    size = dtype_bytes(weights_dtype, name="weights_dtype")
    weights = weights_bytes(params, weights_dtype)
    kv_size = dtype_bytes(kv_dtype, name="kv_dtype")
    kv = batch * sequence_bytes(config, context, kv_size, 1)
    kv_per_device = batch * sequence_bytes(config, context, kv_size, t)
    decode_params, touched = _read_params(config, batch)
    prefill_params, _ = _read_params(config, batch * context)
    decode_moved = decode_params * size + kv
    prefill_moved = prefill_params * size + kv
    decode_flops = 2.0 * batch * transformer_token_macs(config, context)
    prefill_flops = float(transformer_forward(config, batch=batch, seq=context).flops)
    fits: Literal["yes", "no"] | None = (
        None if memory is None else ("yes" if weights + kv <= memory else "no")
    )
    found: LlmEstimate = {
        "params": params,
        "weights": weights,
        "kv_cache": kv,
        "tp": t,
        "weights_per_device": weights / t,
        "kv_cache_per_device": kv_per_device,
        "fits": fits,
        "shortfall_bytes": None if memory is None else max(0.0, weights + kv - memory),
        "experts_touched": touched,
        "decode_weights_read": decode_params * size,
        "decode_bytes": decode_moved,
        "decode_flops": decode_flops,
        "prefill_flops": prefill_flops,
        "decode_seconds": None,
        "decode_tokens_per_s": None,
        "decode_tokens_per_s_seq": None,
        "decode_bound": None,
        "prefill_seconds": None,
        "prefill_bound": None,
    }
    if fits == "no":
        return found
    decode_seconds = roofline_time(decode_flops, decode_moved, peak, bw)
    found["decode_seconds"] = decode_seconds
    found["decode_tokens_per_s"] = batch / decode_seconds
    found["decode_tokens_per_s_seq"] = 1.0 / decode_seconds
    found["decode_bound"] = bound_by(decode_flops, decode_moved, peak, bw)
    found["prefill_seconds"] = roofline_time(prefill_flops, prefill_moved, peak, bw)
    found["prefill_bound"] = bound_by(prefill_flops, prefill_moved, peak, bw)
    return found
