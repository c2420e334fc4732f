"""Training compute and time: the 6ND rule and the Megatron-LM per-iteration FLOP count.

training_flops uses C = 6 * N * D (forward 2ND plus backward 4ND; Kaplan et al. 2020).
megatron_iteration_flops is the closed form of Narayanan et al. 2021 ("Efficient Large-Scale
Language Model Training on GPU Clusters Using Megatron-LM", eq. 3 and appendix), counting
only the GEMMs of a GPT-style model with a 4h MLP:

    recompute=True:  96 B s l h^2 (1 + s/(6h) + V/(16 l h))   (the paper's eq. 3)
    recompute=False: 72 B s l h^2 (1 + s/(6h) + V/(12 l h))

Without recomputation each layer costs one forward and a backward of twice the forward
(3 x (24 B s h^2 + 4 B s^2 h)); full recomputation adds a second forward of every layer
(4 x). The logit layer (2 B s h V forward) is never recomputed, so it stays at 6 B s h V,
which is why the V term has 16 with recomputation and 12 without.
"""

from __future__ import annotations

from xpuref.calc._validate import check_count, check_counts, check_flag, check_number

__all__ = ["megatron_iteration_flops", "training_flops", "training_time"]


def training_flops(params: float, tokens: float) -> float:
    """Return the training FLOPs 6 * params * tokens of a dense model."""
    return 6.0 * check_number("params", params) * check_number("tokens", tokens)


def megatron_iteration_flops(
    batch: int, seq: int, layers: int, hidden: int, vocab: int, *, recompute: bool = False
) -> float:
    """Return the FLOPs of one training iteration by the Megatron-LM closed form."""
    b, s, ell, h, v = check_counts(batch=batch, seq=seq, layers=layers, hidden=hidden, vocab=vocab)
    check_flag("recompute", recompute)
    if recompute:
        return 96.0 * b * s * ell * h * h * (1 + s / (6 * h) + v / (16 * ell * h))
    return 72.0 * b * s * ell * h * h * (1 + s / (6 * h) + v / (12 * ell * h))


def training_time(
    params: float, tokens: float, gpus: int, flops_per_gpu: float, *, recompute: bool = False
) -> float:
    """Return seconds to train: 6ND (8ND with full recomputation) over gpus x achieved FLOP/s."""
    n = check_number("params", params)
    d = check_number("tokens", tokens)
    count = check_count("gpus", gpus)
    rate = check_number("flops_per_gpu", flops_per_gpu)
    check_flag("recompute", recompute)
    factor = 8.0 if recompute else 6.0
    return factor * n * d / (count * rate)
