"""Storage size of the numeric formats the calculators accept, looked up by name."""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from xpuref.calc._validate import check_choice, check_count

__all__ = ["DTYPE_BYTES", "dtype_bytes", "tensor_bytes"]

#: Bytes per element. tf32 is a compute format stored in 32-bit words; int4 and fp4 pack two per
#: byte and fp6 four in three bytes (the block scales of MX/NVFP4 formats are not included).
DTYPE_BYTES: dict[str, float] = {
    "fp64": 8.0,
    "fp32": 4.0,
    "tf32": 4.0,
    "bf16": 2.0,
    "fp16": 2.0,
    "fp8": 1.0,
    "int8": 1.0,
    "int4": 0.5,
    "fp6": 0.75,
    "fp4": 0.5,
}


def dtype_bytes(dtype: Any, *, name: str = "dtype") -> float:
    """Return the bytes one element of dtype occupies; name is the argument named in errors."""
    return DTYPE_BYTES[check_choice(name, dtype, tuple(DTYPE_BYTES))]


def tensor_bytes(shape: Sequence[int], dtype: str = "fp32") -> int:
    """Return the bytes a dense tensor of shape occupies; sub-byte types round up to a byte."""
    if isinstance(shape, str | bytes) or not isinstance(shape, Sequence) or len(shape) == 0:
        raise ValueError(f"shape must be a non-empty sequence of integers, got {shape!r}")
    elements = 1
    for index, size in enumerate(shape):
        elements *= check_count(f"shape[{index}]", size)
    return math.ceil(elements * dtype_bytes(dtype))
