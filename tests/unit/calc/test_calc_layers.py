"""Tests for tensor sizes and the conv2d / linear cost counters against hand-worked numbers."""

from __future__ import annotations

import pytest

from xpuref.calc import Cost, conv2d, dtype_bytes, linear, tensor_bytes


def test_matrix_of_a_million_fp32_values_is_four_megabytes() -> None:
    """A 1000 x 1000 fp32 matrix occupies 4,000,000 bytes."""
    assert tensor_bytes((1000, 1000), "fp32") == 4_000_000


def test_image_batch_tensor_size() -> None:
    """A 32 x 3 x 256 x 256 fp32 batch occupies 25,165,824 bytes."""
    assert tensor_bytes([32, 3, 256, 256], "fp32") == 25_165_824


def test_int4_rounds_up_to_whole_bytes() -> None:
    """Three int4 values need two bytes, four need two."""
    assert tensor_bytes((3,), "int4") == 2
    assert tensor_bytes((4,), "int4") == 2


@pytest.mark.parametrize(
    ("dtype", "size"),
    [("fp64", 8), ("fp32", 4), ("tf32", 4), ("bf16", 2), ("fp16", 2), ("fp8", 1), ("int8", 1),
     ("int4", 0.5)],
)  # fmt: skip
def test_dtype_sizes(dtype: str, size: float) -> None:
    """Each named format has the documented storage size."""
    assert dtype_bytes(dtype) == size


def test_resnet_stem_convolution_by_hand() -> None:
    """7x7 stride-2 pad-3 conv, 3 -> 64 channels on 224x224: 112x112 output, 118,013,952 MACs."""
    cost = conv2d(1, 3, 64, 224, 224, 7, stride=2, padding=3, bias=False)
    assert (cost.h_out, cost.w_out) == (112, 112)
    assert cost.params == 7 * 7 * 3 * 64 == 9408
    assert cost.macs == 9408 * 112 * 112 == 118_013_952
    assert cost.flops == 2 * cost.macs


def test_bias_adds_parameters_but_no_macs() -> None:
    """A bias adds c_out parameters and leaves the MAC count unchanged."""
    with_bias = conv2d(2, 16, 32, 10, 10, 3, padding=1)
    without = conv2d(2, 16, 32, 10, 10, 3, padding=1, bias=False)
    assert with_bias.params - without.params == 32
    assert with_bias.macs == without.macs == 3 * 3 * 16 * 32 * 10 * 10 * 2


def test_depthwise_convolution_by_hand() -> None:
    """A 3x3 depthwise conv over 32 channels of 112x112 costs 9 MACs per output value."""
    cost = conv2d(2, 32, 32, 112, 112, 3, padding=1, groups=32)
    assert cost.params == 9 * 32 + 32
    assert cost.macs == 9 * 32 * 112 * 112 * 2


def test_rectangular_kernel_stride_and_padding() -> None:
    """(h, w) tuples are honoured for kernel, stride and padding."""
    cost = conv2d(1, 1, 1, 5, 7, (3, 1), stride=(1, 2), padding=(0, 1), bias=False)
    assert (cost.h_out, cost.w_out) == (3, 5)
    assert cost.macs == 3 * 1 * 15


def test_linear_layer_counts() -> None:
    """A 768 -> 3072 layer over 197 tokens: weights plus bias params, 768*3072*197 MACs."""
    cost = linear(768, 3072, tokens=197)
    assert cost.params == 768 * 3072 + 3072
    assert cost.macs == 768 * 3072 * 197
    assert linear(768, 3072, bias=False).params == 768 * 3072


def test_costs_add() -> None:
    """Adding two costs adds params and MACs."""
    assert Cost(1, 2) + Cost(3, 4) == Cost(4, 6)
    assert Cost(1, 2).as_dict() == {"params": 1, "macs": 2, "flops": 4}
