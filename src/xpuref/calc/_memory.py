"""Memory footprints in bytes: weights, KV cache, ZeRO training state and activations.

Training state per parameter (ZeRO paper, Rajbhandari et al. 2020, section 3.1):

    precision  optimizer  weights  gradients  optimizer states
    mixed      adam       2        2          12 (fp32 master copy, momentum, variance)
    mixed      sgd        2        2          8  (fp32 master copy, momentum)
    fp32       adam       4        4          8  (momentum, variance; no separate master)
    fp32       sgd        4        4          4  (momentum)

ZeRO stage 1 divides the optimizer states by the data-parallel degree dp, stage 2 also the
gradients, stage 3 also the weights. Buffers, fragmentation and activations are not included.

Activations per transformer layer follow Korthikanti et al. 2022 ("Reducing Activation
Recomputation in Large Transformer Models", Table 2), which assumes 16-bit activations and
1-byte dropout masks; s = sequence, b = micro-batch, h = hidden, a = heads, t = tensor parallel:

    none       sbh (10 + 24/t + 5as/(ht))      with sequence parallel: sbh/t (34 + 5as/h)
    selective  sbh (10 + 24/t)                 with sequence parallel: 34 sbh/t
    full       2 sbh (the layer input only)    with sequence parallel: 2 sbh/t

Two more terms are named apart (training_extra_bytes): the logits, s x b x vocab values in the
compute dtype (split over the tensor-parallel ranks, as vocabulary-parallel heads do), plus
the fp32 copy the loss keeps where frameworks upcast logits for the softmax cross-entropy;
and the working memory of recomputation: while one layer's backward runs, its activations are
rebuilt, i.e. one layer's bytes with only the attention core recomputed (the selective row,
which is also what a fused FlashAttention-style kernel keeps) less what recomputation stores.
It is zero without recomputation and with selective recomputation.
"""

from __future__ import annotations

from xpuref.calc._dtypes import dtype_bytes
from xpuref.calc._validate import check_choice, check_count, check_counts, check_flag, check_number

__all__ = [
    "activation_bytes_per_layer",
    "kv_cache_bytes",
    "training_extra_bytes",
    "training_state_bytes",
    "training_state_parts",
    "weights_bytes",
]

_STATE_BYTES: dict[tuple[str, str], tuple[float, float, float]] = {
    ("mixed", "adam"): (2.0, 2.0, 12.0),
    ("mixed", "sgd"): (2.0, 2.0, 8.0),
    ("fp32", "adam"): (4.0, 4.0, 8.0),
    ("fp32", "sgd"): (4.0, 4.0, 4.0),
}


def weights_bytes(params: float, dtype: str) -> float:
    """Return the bytes needed to hold params weights in dtype."""
    return check_number("params", params) * dtype_bytes(dtype)


def kv_cache_bytes(
    layers: int,
    kv_heads: int,
    head_dim: int,
    tokens: int,
    *,
    batch: int = 1,
    dtype: str = "fp16",
) -> float:
    """Return the KV-cache bytes: 2 (K and V) x layers x kv_heads x head_dim x tokens x batch."""
    elements = (
        2
        * check_count("layers", layers)
        * check_count("kv_heads", kv_heads)
        * check_count("head_dim", head_dim)
        * check_count("tokens", tokens)
        * check_count("batch", batch)
    )
    return elements * dtype_bytes(dtype)


def training_state_bytes(
    params: float,
    *,
    optimizer: str = "adam",
    precision: str = "mixed",
    zero_stage: int = 0,
    dp: int = 1,
) -> float:
    """Return per-GPU bytes of weights, gradients and optimizer states under ZeRO."""
    parts = training_state_parts(
        params, optimizer=optimizer, precision=precision, zero_stage=zero_stage, dp=dp
    )
    return float(parts["weights"] + parts["gradients"] + parts["optimizer_states"])


def training_state_parts(
    params: float,
    *,
    optimizer: str = "adam",
    precision: str = "mixed",
    zero_stage: int = 0,
    dp: int = 1,
) -> dict[str, float]:
    """Return per-GPU bytes of weights, gradients and optimizer states under ZeRO, kept apart."""
    n = check_number("params", params)
    opt = check_choice("optimizer", optimizer, ("adam", "sgd"))
    prec = check_choice("precision", precision, ("mixed", "fp32"))
    stage = check_count("zero_stage", zero_stage, minimum=0)
    if stage > 3:
        raise ValueError(f"zero_stage must be 0, 1, 2 or 3, got {zero_stage!r}")
    ways = check_count("dp", dp)
    weights, grads, states = _STATE_BYTES[(prec, opt)]
    if stage >= 1:
        states /= ways
    if stage >= 2:
        grads /= ways
    if stage >= 3:
        weights /= ways
    return {
        "per_param": weights + grads + states,
        "weights": n * weights,
        "gradients": n * grads,
        "optimizer_states": n * states,
    }


def activation_bytes_per_layer(
    seq: int,
    batch: int,
    hidden: int,
    heads: int,
    *,
    tp: int = 1,
    sequence_parallel: bool = False,
    recompute: str = "none",
) -> float:
    """Return activation bytes one transformer layer keeps for backward (Korthikanti et al.)."""
    s, b, h, a, t = check_counts(seq=seq, batch=batch, hidden=hidden, heads=heads, tp=tp)
    if a % t:
        raise ValueError(f"tp ({t}) must divide heads ({a}): each rank holds whole heads")
    check_flag("sequence_parallel", sequence_parallel)
    mode = check_choice("recompute", recompute, ("none", "selective", "full"))
    sbh = float(s * b * h)
    attention = 5.0 * a * s / h
    if mode == "full":
        return 2.0 * sbh / t if sequence_parallel else 2.0 * sbh
    if mode == "selective":
        return 34.0 * sbh / t if sequence_parallel else sbh * (10.0 + 24.0 / t)
    if sequence_parallel:
        return sbh / t * (34.0 + attention)
    return sbh * (10.0 + 24.0 / t + attention / t)


def training_extra_bytes(
    seq: int,
    batch: int,
    hidden: int,
    heads: int,
    vocab: int,
    *,
    tp: int = 1,
    sequence_parallel: bool = False,
    recompute: str = "none",
    compute_dtype: str = "bf16",
    fp32_loss: bool = True,
) -> dict[str, float]:
    """Return the logits, the loss's fp32 copy and recomputation's working memory, in bytes."""
    v = check_count("vocab", vocab)
    check_flag("fp32_loss", fp32_loss)
    mode = check_choice("recompute", recompute, ("none", "selective", "full"))
    stored = activation_bytes_per_layer(
        seq, batch, hidden, heads, tp=tp, sequence_parallel=sequence_parallel, recompute=mode
    )
    rebuilt = activation_bytes_per_layer(
        seq, batch, hidden, heads, tp=tp, sequence_parallel=sequence_parallel,
        recompute="selective",
    )  # fmt: skip
    values = float(seq * batch * v) / tp
    return {
        "logits": values * dtype_bytes(compute_dtype, name="compute_dtype"),
        "loss_copy": values * 4.0 if fp32_loss else 0.0,
        "recompute_working": max(0.0, rebuilt - stored),
    }
