"""Tests for the system views: totals from the real member devices, rows and published records."""

from __future__ import annotations

import pytest
from tests.conftest import real_dataset

from xpuref.data.dataset import Dataset
from xpuref.data.devices import GIB
from xpuref.views.systems import member_power_w, system_record, system_totals, total_rows


@pytest.fixture(scope="module")
def catalog() -> Dataset:
    """The project's real catalog."""
    return real_dataset()


def test_dgx_h100_holds_640_gib(catalog: Dataset) -> None:
    """8 x 80 GiB = 640 GiB, 8 x the H100's dense BF16, and NVIDIA's 3.6 TB/s bisection."""
    system = catalog.systems["nvidia-dgx-h100"]
    h100 = catalog.devices["nvidia-h100-sxm5-80gb"]
    totals = system_totals(system, catalog)
    assert totals["memory_bytes"] == 640 * GIB
    assert totals["peak"]["bf16_matrix"] == pytest.approx(8 * h100.peak_dense["bf16_matrix"] * 1e12)
    rows = {row.anchor: row for row in total_rows(system, catalog)}
    assert (rows["total-memory"].value, rows["total-memory"].unit) == ("640", "GiB")
    assert rows["bisection-bandwidth"].value == "3.6"
    assert rows["link-per-domain"].value == "7.2"


def test_gb200_nvl72_is_72_times_the_stored_gpu(catalog: Dataset) -> None:
    """Dense BF16 of the rack = 72 x the GB200's stored per-GPU rate; NVLink sums to ~130 TB/s."""
    system = catalog.systems["nvidia-gb200-nvl72"]
    gpu = catalog.devices["nvidia-gb200-186gb"]
    totals = system_totals(system, catalog)
    assert totals["peak"]["bf16_matrix"] == pytest.approx(72 * gpu.peak_dense["bf16_matrix"] * 1e12)
    assert totals["memory_bytes"] == 72 * gpu.memory.capacity_bytes
    assert totals["domain_link_bandwidth"] == pytest.approx(130e12, rel=0.005)
    record = system_record(system, catalog)
    assert record["derived"]["peak_dense"]["bf16_matrix"] == pytest.approx(180_000)
    assert record["scale_up"]["domain_bandwidth_gbs"] == pytest.approx(129_600)


def test_cloudmatrix_counts_910c_dies(catalog: Dataset) -> None:
    """384 two-die 910C packages are 768 dies; the per-die catalog figures are counted 768 times."""
    system = catalog.systems["huawei-cloudmatrix-384"]
    npu = catalog.devices["huawei-ascend-910c"]
    assert npu.chips_per_package == 2
    totals = system_totals(system, catalog)
    assert (totals["devices"], totals["chips"]) == (384, 768)
    assert totals["memory_bytes"] == 768 * 64 * GIB
    assert totals["peak"]["bf16_matrix"] == pytest.approx(
        768 * npu.peak_dense["bf16_matrix"] * 1e12
    )
    assert totals["link_bandwidth"] is None  # no per-NPU UB figure is sourced
    rows = {row.anchor: row for row in total_rows(system, catalog)}
    assert rows["member-devices"].unit == "devices = 768 chips"
    assert "member-power-sum" in rows and "system-power" not in rows
    assert member_power_w(npu) == 700  # the package figure, not doubled per die


def test_vendor_power_and_member_sum_are_both_labelled(catalog: Dataset) -> None:
    """DGX B200 shows NVIDIA's 14.3 kW and, apart and labelled, the GPUs' own 8 x 1 kW."""
    system = catalog.systems["nvidia-dgx-b200"]
    rows = {row.anchor: row for row in total_rows(system, catalog)}
    assert rows["system-power"].value == "14.3"
    assert rows["system-power"].sources
    assert rows["member-power-sum"].value == "8"
    assert "not the system's power" in rows["member-power-sum"].note


def test_pod_larger_than_one_domain(catalog: Dataset) -> None:
    """The v5p pod has 8,960 chips; one ICI slice holds at most 6,144 of them."""
    system = catalog.systems["google-tpu-v5p-pod"]
    totals = system_totals(system, catalog)
    assert totals["devices"] == 8960
    assert totals["domain_link_bandwidth"] == pytest.approx(6144 * 1200e9)
    rows = {row.anchor: row for row in total_rows(system, catalog)}
    assert "6,144 of the system's 8,960" in rows["scale-up-domain"].note
    assert "member-power-sum" not in rows  # Google states no v5p power


def test_totals_are_copies(catalog: Dataset) -> None:
    """Changing a returned total does not change the remembered one."""
    system = catalog.systems["nvidia-dgx-h100"]
    system_totals(system, catalog)["peak"]["bf16_matrix"] = 0
    assert system_totals(system, catalog)["peak"]["bf16_matrix"] > 0
