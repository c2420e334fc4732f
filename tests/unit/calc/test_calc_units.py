"""Tests for unit conversions and a serial link's raw rate."""

from __future__ import annotations

import pytest

from xpuref.calc import gb_to_gib, gib_to_gb, link_raw_gbs


def test_an_80_gib_hbm_card_holds_85_9_decimal_gb() -> None:
    """80 GiB = 85.899 x 10^9 bytes, and back."""
    assert gib_to_gb(80) == pytest.approx(85.899345920)
    assert gb_to_gib(gib_to_gb(80)) == pytest.approx(80)


def test_a_pcie_link_raw_rate_counts_both_directions() -> None:
    """PCIe Gen4 x16: 16 GT/s x 16 / 8 x 2 = 64 GB/s; Gen5 x16 128; Gen5 x32 256."""
    assert link_raw_gbs(16, 16) == 64
    assert link_raw_gbs(32, 16) == 128
    assert link_raw_gbs(32, 32) == 256
    with pytest.raises(ValueError, match="lanes"):
        link_raw_gbs(16, 0)
    with pytest.raises(ValueError, match="transfer_rate_gts"):
        link_raw_gbs(float("nan"), 16)
