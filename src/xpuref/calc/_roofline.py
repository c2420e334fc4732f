"""Roofline model: arithmetic intensity, ridge point, attainable rate and bound time.

Rates are FLOP/s, bandwidths bytes/s, intensities FLOPs per byte moved to or from memory.
"""

from __future__ import annotations

from xpuref.calc._dtypes import dtype_bytes
from xpuref.calc._validate import check_count, check_number

__all__ = [
    "attainable_flops",
    "bound_by",
    "gemm_bytes",
    "gemm_intensity",
    "gpu_hours",
    "ridge_point",
    "roofline_time",
]


def gemm_intensity(m: int, n: int, k: int, *, dtype: str = "fp16") -> float:
    """Return 2mnk / (bytes x (mk + kn + mn)): each operand read once, the result written once."""
    check_count("m", m)
    check_count("n", n)
    check_count("k", k)
    size = dtype_bytes(dtype)
    return 2.0 * m * n * k / (size * (m * k + k * n + m * n))


def gemm_bytes(m: int, n: int, k: int, *, dtype: str = "fp16") -> float:
    """Return bytes x (mk + kn + mn): both operands read once and the result written once."""
    check_count("m", m)
    check_count("n", n)
    check_count("k", k)
    return dtype_bytes(dtype) * (m * k + k * n + m * n)


def bound_by(flops: float, bytes_moved: float, peak_flops: float, bandwidth: float) -> str:
    """Return "compute" when flops / peak takes at least as long as bytes / bandwidth."""
    work = check_number("flops", flops, allow_zero=True)
    traffic = check_number("bytes_moved", bytes_moved, allow_zero=True)
    peak = check_number("peak_flops", peak_flops)
    bw = check_number("bandwidth", bandwidth)
    if work == 0 and traffic == 0:
        raise ValueError("flops and bytes_moved are both 0: there is no work to bound")
    return "compute" if work / peak >= traffic / bw else "memory bandwidth"


def gpu_hours(seconds: float, gpus: int) -> float:
    """Return accelerator-hours: seconds x number of devices / 3600."""
    return check_number("seconds", seconds, allow_zero=True) * check_count("gpus", gpus) / 3600.0


def ridge_point(peak_flops: float, bandwidth: float) -> float:
    """Return the intensity (FLOPs/byte) at which a kernel stops being memory-bound."""
    return check_number("peak_flops", peak_flops) / check_number("bandwidth", bandwidth)


def attainable_flops(intensity: float, peak_flops: float, bandwidth: float) -> float:
    """Return min(peak_flops, intensity x bandwidth)."""
    i = check_number("intensity", intensity, allow_zero=True)
    peak = check_number("peak_flops", peak_flops)
    bw = check_number("bandwidth", bandwidth)
    return min(peak, i * bw)


def roofline_time(flops: float, bytes_moved: float, peak_flops: float, bandwidth: float) -> float:
    """Return the lower-bound seconds max(flops / peak_flops, bytes_moved / bandwidth)."""
    work = check_number("flops", flops, allow_zero=True)
    traffic = check_number("bytes_moved", bytes_moved, allow_zero=True)
    peak = check_number("peak_flops", peak_flops)
    bw = check_number("bandwidth", bandwidth)
    return max(work / peak, traffic / bw)
