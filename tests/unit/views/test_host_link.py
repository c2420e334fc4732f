"""A host link named by its PCIe generation and width bounds the I/O the export rules test."""

from __future__ import annotations

import pytest

from xpuref.data.dataset import Dataset
from xpuref.views.host_link import host_link_max_gbs, pcie_rates


@pytest.mark.parametrize(
    ("host", "bound"),
    [
        ("PCIe Gen4 x16", 64.0),
        ("PCIe 4.0 x16", 64.0),
        ("PCIe Gen5 x16", 128.0),
        ("pcie gen3 x8", 16.0),
        ("PCIe Gen6 x16", 256.0),
        # No width: the widest link the specification defines (x32).
        ("PCIe Gen4", 128.0),
        # Anything that is not just a PCIe link gives no bound.
        ("PCIe Gen4 x16 per GCD", None),
        ("NVLink-C2C to the Grace CPU", None),
        ("PCIe Gen9 x16", None),
        (None, None),
    ],
)
def test_bound_from_the_pcie_table(dataset: Dataset, host: str | None, bound: float | None) -> None:
    assert host_link_max_gbs(host, pcie_rates(dataset)) == bound


def test_no_table_no_bound() -> None:
    assert host_link_max_gbs("PCIe Gen4 x16", {}) is None
