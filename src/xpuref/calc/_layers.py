"""Parameter and MAC counts for 2-D convolutions and fully connected layers.

A convolution costs K_h * K_w * (C_in / groups) * C_out MACs per output pixel per image; a
linear layer costs in_features * out_features MACs per token. Biases add parameters but no
MACs: adding a bias is one addition per output, not a multiply-accumulate, and leaving it out
matches how torchvision and fvcore report model cost.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from xpuref.calc._cost import Cost
from xpuref.calc._validate import check_count, check_counts, check_flag

__all__ = ["Conv2dCost", "conv2d", "conv_output_size", "linear"]


@dataclass(frozen=True)
class Conv2dCost(Cost):
    """Cost of one convolution together with the spatial size of its output."""

    h_out: int
    w_out: int


def _pair(name: str, value: Any, *, minimum: int) -> tuple[int, int]:
    """Return (h, w) from an int or a 2-tuple of ints, checking each against minimum."""
    if isinstance(value, tuple | list):
        if len(value) != 2:
            raise ValueError(f"{name} must be an int or an (h, w) pair, got {value!r}")
        return (
            check_count(f"{name}[0]", value[0], minimum=minimum),
            check_count(f"{name}[1]", value[1], minimum=minimum),
        )
    size = check_count(name, value, minimum=minimum)
    return size, size


def conv_output_size(size: int, kernel: int, stride: int, padding: int) -> int:
    """Return one spatial output size: floor((size + 2 * padding - kernel) / stride) + 1."""
    return (size + 2 * padding - kernel) // stride + 1


def conv2d(
    batch: int,
    c_in: int,
    c_out: int,
    h_in: int,
    w_in: int,
    kernel: int | tuple[int, int],
    *,
    stride: int | tuple[int, int] = 1,
    padding: int | tuple[int, int] = 0,
    groups: int = 1,
    bias: bool = True,
) -> Conv2dCost:
    """Return params and MACs of a 2-D convolution (no dilation) over a batch of images."""
    check_counts(batch=batch, c_in=c_in, c_out=c_out, h_in=h_in, w_in=w_in)
    k_h, k_w = _pair("kernel", kernel, minimum=1)
    s_h, s_w = _pair("stride", stride, minimum=1)
    p_h, p_w = _pair("padding", padding, minimum=0)
    check_count("groups", groups)
    check_flag("bias", bias)
    if c_in % groups or c_out % groups:
        raise ValueError(f"groups ({groups}) must divide c_in ({c_in}) and c_out ({c_out})")
    h_out = conv_output_size(h_in, k_h, s_h, p_h)
    w_out = conv_output_size(w_in, k_w, s_w, p_w)
    if h_out < 1 or w_out < 1:
        raise ValueError(f"kernel {k_h}x{k_w} does not fit the padded input {h_in}x{w_in}")
    weights = k_h * k_w * (c_in // groups) * c_out
    params = weights + (c_out if bias else 0)
    macs = weights * h_out * w_out * batch
    return Conv2dCost(params=params, macs=macs, h_out=h_out, w_out=w_out)


def linear(in_features: int, out_features: int, *, tokens: int = 1, bias: bool = True) -> Cost:
    """Return params and MACs of a fully connected layer applied to tokens input vectors."""
    check_count("in_features", in_features)
    check_count("out_features", out_features)
    check_count("tokens", tokens)
    check_flag("bias", bias)
    weights = in_features * out_features
    return Cost(params=weights + (out_features if bias else 0), macs=weights * tokens)
