"""Tests for arithmetic intensity, ridge point, attainable throughput and roofline time."""

from __future__ import annotations

import pytest

from xpuref.calc import attainable_flops, gemm_intensity, ridge_point, roofline_time

A100_PEAK = 312e12  # bf16 dense Tensor Core FLOP/s, NVIDIA A100 datasheet
A100_80GB_BW = 2039e9  # bytes/s, A100 80GB SXM


def test_a100_ridge_point() -> None:
    """A100 80GB: 312 TFLOP/s over 2039 GB/s puts the ridge at about 153 FLOPs/byte."""
    assert ridge_point(A100_PEAK, A100_80GB_BW) == pytest.approx(153.0, abs=0.1)


def test_square_gemm_intensity() -> None:
    """A 4096^3 fp16 GEMM does 2n^3 FLOPs over 3 x 2n^2 bytes: n/3 FLOPs per byte."""
    assert gemm_intensity(4096, 4096, 4096) == pytest.approx(4096 / 3)
    assert gemm_intensity(4096, 4096, 4096, dtype="fp32") == pytest.approx(4096 / 6)


def test_matrix_vector_intensity_is_about_one() -> None:
    """A fp16 matrix-vector product (n = 1) does about one FLOP per byte."""
    assert gemm_intensity(8192, 1, 8192) == pytest.approx(1.0, rel=1e-3)


def test_attainable_is_the_lower_roof() -> None:
    """Below the ridge bandwidth limits; above it the peak does."""
    assert attainable_flops(10.0, A100_PEAK, A100_80GB_BW) == pytest.approx(10 * A100_80GB_BW)
    assert attainable_flops(1000.0, A100_PEAK, A100_80GB_BW) == A100_PEAK


def test_roofline_time_takes_the_slower_bound() -> None:
    """Time is the larger of compute time and memory time."""
    assert roofline_time(312e12, 1.0, A100_PEAK, A100_80GB_BW) == pytest.approx(1.0)
    assert roofline_time(1.0, 2039e9, A100_PEAK, A100_80GB_BW) == pytest.approx(1.0)
    assert roofline_time(0, 0, A100_PEAK, A100_80GB_BW) == 0.0
