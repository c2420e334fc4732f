"""Model and hardware FLOPs utilization (MFU, HFU) of a training run.

Model FLOPs per token count the work the model needs, whatever the implementation: forward
plus backward is three forward passes, so 6 N for the weights (N parameters, 2 FLOPs per MAC)
plus, with PaLM's attention term (Chowdhery et al. 2022, appendix B), 12 x layers x
attention width (heads x head size) x sequence length for the two attention matmuls over the
full sequence. model_flops_per_token gives the same count layer by layer from a model's shape
(3 x 2 x its forward MACs per token, LM head and experts run included).

MFU = model FLOPs per token x tokens per second / (devices x dense peak per device). A run
that prints its achieved model FLOP/s per device (Megatron-LM's "TFLOP/s/GPU", NeMo,
torchtitan) gives it as achieved_flops instead of a throughput: MFU is then that over the peak.
HFU counts the FLOPs the hardware actually ran: with full activation recomputation every
forward is run twice, so hardware FLOPs are 4/3 of the model FLOPs. Utilisation above 100 %
is impossible; it is refused with the usual cause named (a peak from the wrong device,
precision or die count, or a throughput summed over more devices than were given).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from xpuref.calc._transformer import TransformerConfig, transformer_token_macs
from xpuref.calc._validate import check_choice, check_count, check_number

__all__ = ["mfu", "model_flops_per_token", "training_flops_per_token"]


def training_flops_per_token(
    params: float, *, layers: int = 0, attention_width: int = 0, seq: int = 0
) -> float:
    """Return 6 N + 12 x layers x attention_width x seq training FLOPs per token."""
    n = check_number("params", params)
    ell = check_count("layers", layers, minimum=0)
    width = check_count("attention_width", attention_width, minimum=0)
    s = check_count("seq", seq, minimum=0)
    return 6.0 * n + 12.0 * ell * width * s


def model_flops_per_token(cfg: TransformerConfig | Mapping[str, Any], seq: int) -> float:
    """Return training FLOPs per token from a model's shape: 6 x forward MACs per token."""
    return 6.0 * transformer_token_macs(cfg, seq)


def _throughput(
    tokens_per_s: float | None,
    step_seconds: float | None,
    batch_tokens: float | None,
    achieved: tuple[float | None, float, int] = (None, 1.0, 1),
) -> float:
    """Return tokens per second from a rate, a step time and tokens per step, or FLOP/s."""
    achieved_flops, work, count = achieved
    if achieved_flops is not None:
        if tokens_per_s is not None or step_seconds is not None or batch_tokens is not None:
            raise ValueError(
                "achieved_flops is given with tokens_per_s, step_seconds or batch_tokens: give one"
            )
        return check_number("achieved_flops", achieved_flops) * count / work
    if tokens_per_s is not None:
        if step_seconds is not None or batch_tokens is not None:
            raise ValueError("tokens_per_s is given with step_seconds or batch_tokens: give one")
        return check_number("tokens_per_s", tokens_per_s)
    if step_seconds is None and batch_tokens is None:
        raise ValueError("tokens_per_s is missing: give it, or step_seconds and batch_tokens")
    if batch_tokens is None:
        raise ValueError("batch_tokens is needed with step_seconds")
    if step_seconds is None:
        raise ValueError("step_seconds is needed with batch_tokens")
    step = check_number("step_seconds", step_seconds)
    return check_number("batch_tokens", batch_tokens) / step


def mfu(
    flops_per_token: float,
    *,
    peak_flops: float,
    tokens_per_s: float | None = None,
    step_seconds: float | None = None,
    batch_tokens: float | None = None,
    devices: int = 1,
    recompute: str = "none",
    achieved_flops: float | None = None,
) -> dict[str, float]:
    """MFU and HFU of a run: tokens/s over all devices (or model FLOP/s per device) vs peak."""
    work = check_number("flops_per_token", flops_per_token)
    peak = check_number("peak_flops", peak_flops)
    count = check_count("devices", devices)
    rate = _throughput(tokens_per_s, step_seconds, batch_tokens, (achieved_flops, work, count))
    mode = check_choice("recompute", recompute, ("none", "full"))
    hardware = work * (4.0 / 3.0 if mode == "full" else 1.0)
    per_device = work * rate / count
    model = per_device / peak
    if model > 1:
        raise ValueError(
            f"peak_flops gives an impossible MFU of {model:.1%}: the peak is likely not this "
            "device's dense rate at this precision (another SKU's peak, a sparse or FP8 rate "
            "where BF16 ran, or one die's peak for a package), or tokens_per_s covers more "
            f"devices than devices={count}"
        )
    hfu = hardware * rate / count / peak
    if hfu > 1:
        raise ValueError(
            f"recompute={mode!r} gives an impossible HFU of {hfu:.1%} with MFU {model:.1%}: "
            "the run did not recompute every activation, or the peak is too low"
        )
    return {
        "flops_per_token": work,
        "hardware_flops_per_token": hardware,
        "tokens_per_s": rate,
        "model_flops_per_s": per_device,
        "mfu": model,
        "hfu": hfu,
    }
