"""Unit conversions: decimal GB and binary GiB, TFLOPS and FLOP/s, a link's raw rate."""

from __future__ import annotations

from xpuref.calc._validate import check_number

__all__ = [
    "GIB",
    "flops_to_tflops",
    "gb_to_gib",
    "gib_to_gb",
    "link_raw_gbs",
    "tflops_to_flops",
]

#: Bytes in one GiB; site figures use decimal GB (1e9 bytes).
GIB = 2**30


def gb_to_gib(value: float) -> float:
    """Return decimal gigabytes expressed in GiB."""
    return check_number("value", value, allow_zero=True) * 1e9 / GIB


def gib_to_gb(value: float) -> float:
    """Return GiB expressed in decimal gigabytes."""
    return check_number("value", value, allow_zero=True) * GIB / 1e9


def tflops_to_flops(value: float) -> float:
    """Return TFLOPS as FLOP/s."""
    return check_number("value", value, allow_zero=True) * 1e12


def flops_to_tflops(value: float) -> float:
    """Return FLOP/s as TFLOPS."""
    return check_number("value", value, allow_zero=True) / 1e12


def link_raw_gbs(transfer_rate_gts: float, lanes: float) -> float:
    """Return a serial link's raw rate in GB/s, both directions: GT/s x lanes / 8, twice.

    The raw rate is what vendors print (64 GB/s for PCIe Gen4 x16) and is never less than what
    the link carries after line encoding, so it bounds a link whose rate is not stated.
    """
    rate = check_number("transfer_rate_gts", transfer_rate_gts)
    return rate * check_number("lanes", lanes) / 8 * 2
