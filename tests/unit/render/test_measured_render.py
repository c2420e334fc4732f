"""Measured figures as pages and downloads show them: device page, catalog row, JSON and CSV."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

from xpuref.data.dataset import Dataset, load_dataset
from xpuref.data.version import DataVersion
from xpuref.render.calculators import calculator_data
from xpuref.render.pages import device_page, device_table
from xpuref.views.catalog import catalog_rows
from xpuref.views.publish import devices_csv, devices_json

VERSION = DataVersion("test", "2026-01-01", 0)

MEASURED = """\
sources:
  - id: table
    url: https://github.com/stas00/ml-engineering/blob/744d01e18b79512572f64a6bbd8b5f4a725203a7/compute/accelerator/README.md
    title: "MAMF <table>"
    accessed: "2026-11-28"
measurements:
  - id: h100-bf16
    device: nvidia-h100-sxm5-80gb
    metric: gemm
    precision: bf16_matrix
    value: 794.5
    unit: TFLOPS
    quote: "| NVIDIA H100 SXM | 794.5 | <b>989</b> |"
    conditions:
      ran_by: "=cmd|' /C calc'!A0"
      software: torch 2.7.0+cu126
      devices: 1
      shape: {m: 2048, n: 2048, k: 13312}
    source: table
  - id: h100-hbm
    device: nvidia-h100-sxm5-80gb
    metric: memory_bandwidth
    value: 3000
    unit: GB/s
    quote: "3000 GB/s"
    conditions: {ran_by: someone, software: nvbandwidth 0.7, devices: 1, shapes: "1 GiB copies"}
    source: table
"""


def _dataset(data: Path) -> Dataset:
    """The fixture data with one measured file."""
    folder = data / "measured"
    folder.mkdir(exist_ok=True)
    (folder / "table.yaml").write_text(MEASURED, encoding="utf-8")
    return load_dataset(data)


def test_device_page_puts_measured_beside_peak(data_copy: Path) -> None:
    """Each figure, the peak it is held against, the share, conditions and quote, escaped."""
    ds = _dataset(data_copy)
    page = device_page(ds.devices["nvidia-h100-sxm5-80gb"], ds, VERSION)
    section = page.split("## Measured beside peak", 1)[1].split("\n## ", 1)[0]
    assert '<tr id="measured-h100-bf16"' in section
    assert 'data-measured="794.5" data-ceiling="989.4"' in section
    assert "80.3 %" in section and "89.6 %" in section  # 3000 of 3350 GB/s
    assert "shape 2048×2048×13312 (M×N×K)" in section and "torch 2.7.0+cu126" in section
    assert "&lt;b&gt;989&lt;/b&gt;" in section and "<b>989</b>" not in section
    assert "MAMF &lt;table&gt;" in section
    assert "run by =cmd|&#39; /C calc&#39;!A0" in section


def test_device_without_measurements_has_no_section(dataset: Dataset) -> None:
    """No measured figure, no section (the fixture data has none)."""
    page = device_page(dataset.devices["nvidia-h100-sxm5-80gb"], dataset, VERSION)
    assert "## Measured beside peak" not in page


def test_catalog_json_csv_and_calculators_carry_achieved(data_copy: Path) -> None:
    """The catalog row, devices.json, devices.csv and the calculators' device data agree."""
    ds = _dataset(data_copy)
    [row] = [r for r in catalog_rows(ds) if r.id == "nvidia-h100-sxm5-80gb"]
    assert row.achieved_bf16 == 794.5
    table = str(device_table(ds, "devices/"))
    assert 'data-key="achieved"' in table and 'data-sort="794.5"' in table
    record = next(d for d in json.loads(devices_json(ds, VERSION))["devices"] if d["id"] == row.id)
    assert record["achieved_bf16_gemm_tflops"] == 794.5
    assert [m["id"] for m in record["measured"]] == ["h100-bf16", "h100-hbm"]
    assert record["measured"][0]["share_of_ceiling"] == 0.803
    assert record["measured"][0]["cited"] is True
    [line] = [r for r in csv.DictReader(io.StringIO(devices_csv(ds))) if r["id"] == row.id]
    assert line["achieved_bf16_gemm_tflops"] == "794.5"
    data = str(calculator_data(ds))
    assert '"achieved":{"bf16_matrix":794.5}' in data.replace(" ", "")
