"""Tests for how a figure's basis, quotes and formula reach devices.json, the CSV and the page."""

from __future__ import annotations

import csv
import io
from pathlib import Path

import pytest

from xpuref.data.dataset import Dataset, load_dataset
from xpuref.views.coverage import coverage_report, device_share
from xpuref.views.publish import device_record, devices_csv
from xpuref.views.spec import spec_rows

DEVICE = Path("devices/nvidia/nvidia-h100-sxm5-80gb.yaml")
BLOCK = """basis:
  peak_dense.bf16_matrix: halved
quotes:
  peak_dense.bf16_matrix: {source: nv-datasheet, text: "BF16 Tensor Core 1,979 teraFLOPS*"}
  memory.bandwidth_gbs: {source: klockwood-h100, text: "3.35 TB/s"}
derive:
  peak_dense.fp32:
    formula: cores_x_clock_x_flops_per_cycle
    inputs:
      cores: {value: 132, source: klockwood-h100}
      clock_ghz: {value: 1.98, source: klockwood-h100}
      flops_per_cycle: {value: 256, source: klockwood-h100}
sources:
  - id: nv-datasheet
    url: https://resources.nvidia.com/en-us-tensor-core/nvidia-tensor-core-gpu-datasheet
    title: NVIDIA H100 Tensor Core GPU datasheet
    accessed: "2026-11-22"
    fields: [peak_dense.bf16_matrix]
"""


@pytest.fixture
def catalog(data_copy: Path) -> Dataset:
    """The fixture with a halved, a quoted and a derived figure."""
    file = data_copy / DEVICE
    text = file.read_text().replace("  fp32: 66.9\n", "").replace("sources:\n", BLOCK, 1)
    file.write_text(text)
    return load_dataset(data_copy)


def test_record_carries_provenance_quotes_and_derivations(catalog: Dataset) -> None:
    """devices.json gives every figure a basis, the quotes, and the derived formula."""
    record = device_record(catalog.devices["nvidia-h100-sxm5-80gb"], catalog)
    assert record["provenance"]["peak_dense.bf16_matrix"] == "halved"
    assert record["provenance"]["peak_dense.fp32"] == "derived"
    assert record["provenance"]["memory.capacity"] == "stated"
    assert set(record["provenance"]) >= {"power.tdp_w", "interconnect.scale_up_bandwidth_gbs"}
    assert record["quotes"]["memory.bandwidth_gbs"] == [
        {"source": "klockwood-h100", "text": "3.35 TB/s"}
    ]
    derived = record["derivations"]["peak_dense.fp32"]
    assert derived["formula"] == "cores_x_clock_x_flops_per_cycle"
    assert derived["text"].endswith("132 × 1.98 × 256 → 66.9082 TFLOPS")
    assert record["peak_dense"]["fp32"] == pytest.approx(66.90816)


def test_vendor_traced_counts_only_maker_quotes(catalog: Dataset) -> None:
    """Only the figure an NVIDIA quote prints is traced; the derived one is not quoted."""
    share = device_share(catalog.devices["nvidia-h100-sxm5-80gb"], catalog)
    assert share.vendor_traced == 1  # bf16_matrix: NVIDIA's quote; bandwidth is a reference's
    assert share.quoted == 2
    assert share.derived == 1
    assert "1 derived by xpuref.calc; 2 of the other" in coverage_report(catalog)


def test_csv_has_basis_columns(catalog: Dataset) -> None:
    """The CSV row says halved, derived and stated beside the figures."""
    (row,) = list(csv.DictReader(io.StringIO(devices_csv(catalog))))
    assert row["peak_dense_bf16_matrix_basis"] == "halved"
    assert row["peak_dense_fp32_basis"] == "derived"
    assert row["tdp_w_basis"] == "stated"
    assert row["peak_dense_fp4_matrix_basis"] == ""


def test_spec_rows_mark_basis_quote_and_formula(catalog: Dataset) -> None:
    """Each figure row has its mark and tooltip; quotes and the formula reach the row."""
    rows = {row.field: row for row in spec_rows(catalog.devices["nvidia-h100-sxm5-80gb"])}
    bf16 = rows["peak_dense.bf16_matrix"]
    assert (bf16.basis, bf16.basis_mark) == ("halved", "½")
    assert "half of it" in bf16.basis_title
    assert bf16.quotes == (("nv-datasheet", "BF16 Tensor Core 1,979 teraFLOPS*"),)
    fp32 = rows["peak_dense.fp32"]
    assert fp32.basis == "derived"
    assert "132 × 1.98 × 256" in fp32.formula
    assert [s.id for s in fp32.sources] == ["klockwood-h100"]
    assert rows["form_factor"].basis == ""
