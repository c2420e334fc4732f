"""Tests for data/measured/: the record model, its refusals with FILE:LINE, and the warnings."""

from __future__ import annotations

from pathlib import Path

import pytest

from xpuref.data.dataset import load_dataset
from xpuref.data.measured import quote_carries, to_base_unit
from xpuref.data.problems import DataError, Problem

HEAD = """\
sources:
  - id: table
    url: https://github.com/stas00/ml-engineering/blob/744d01e18b79512572f64a6bbd8b5f4a725203a7/compute/accelerator/README.md
    title: stas00 ml-engineering, MAMF table
    accessed: "2026-11-28"
measurements:
"""

GEMM = """\
  - id: h100-bf16
    device: nvidia-h100-sxm5-80gb
    metric: gemm
    precision: bf16_matrix
    value: {value}
    unit: TFLOPS
    quote: "| NVIDIA H100 SXM | {value} | 989 | 80.3% | 2048x2048x13312 | 2.7.0+cu126 |"
    conditions:
      ran_by: Stas Bekman
      software: torch 2.7.0+cu126
      devices: 1
      shape: {{m: 2048, n: 2048, k: 13312}}
    source: table
"""


def _write(data: Path, text: str, name: str = "test.yaml") -> Path:
    """Write one measured file into the data folder."""
    folder = data / "measured"
    folder.mkdir(exist_ok=True)
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return path


def _problems(data: Path) -> list[Problem]:
    """The problems loading the data folder reports (an empty list when it loads)."""
    try:
        load_dataset(data)
    except DataError as exc:
        return exc.problems
    return []


def test_valid_record_loads_with_its_page(data_copy: Path) -> None:
    """A record below the peak loads, keeps its figure and finds the page it was read on."""
    _write(data_copy, HEAD + GEMM.format(value=794.5))
    ds = load_dataset(data_copy)
    [(record, file)] = ds.measured
    assert record.value == 794.5
    assert record.conditions.shape is not None and record.conditions.shape.k == 13312
    page = file.page(record)
    assert page is not None and page.id == "table"
    assert ds.measured_files["h100-bf16"] == "data/measured/test.yaml"
    assert ds.warnings == ()


def test_record_above_peak_is_refused_at_its_line(data_copy: Path) -> None:
    """1070 TFLOPS BF16 on an H100 (dense peak 989.4) is refused, naming file, line and field."""
    _write(data_copy, HEAD + GEMM.format(value=1070))
    [problem] = _problems(data_copy)
    assert problem.file == "data/measured/test.yaml"
    assert problem.line == 11
    assert problem.field == "measurements[0].value"
    assert "above the dense peak" in problem.message and "989.4" in problem.message


def test_bandwidth_above_memory_bandwidth_is_refused(data_copy: Path) -> None:
    """4,894 GB/s of memory bandwidth on an H100 (3,350 GB/s) is refused."""
    record = """\
  - id: h100-hbm
    device: nvidia-h100-sxm5-80gb
    metric: memory_bandwidth
    value: 4894
    unit: GB/s
    quote: "read 4894 GB/s"
    conditions: {ran_by: someone, software: torch 2.5, devices: 1}
    source: table
"""
    _write(data_copy, HEAD + record)
    [problem] = _problems(data_copy)
    assert "above the memory bandwidth" in problem.message and "3350" in problem.message


def test_gib_per_s_is_converted_before_the_ceiling(data_copy: Path) -> None:
    """3,200 GiB/s is 3,436 GB/s: above the H100's 3,350 GB/s although 3,200 is not."""
    record = """\
  - id: h100-hbm
    device: nvidia-h100-sxm5-80gb
    metric: memory_bandwidth
    value: 3200
    unit: GiB/s
    quote: "3200 GiB/s"
    conditions: {ran_by: someone, software: torch 2.5, devices: 1}
    source: table
"""
    _write(data_copy, HEAD + record)
    [problem] = _problems(data_copy)
    assert "above the memory bandwidth" in problem.message
    assert to_base_unit(3200, "GiB/s") == pytest.approx(3435.97, rel=1e-5)


def test_record_without_conditions_is_refused(data_copy: Path) -> None:
    """A figure with no conditions cannot be read: the field is required."""
    text = HEAD + GEMM.format(value=794.5)
    start = text.index("    conditions:")
    end = text.index("    source: table")
    _write(data_copy, text[:start] + text[end:])
    [problem] = _problems(data_copy)
    assert problem.field == "measurements[0].conditions"
    assert problem.message == "required field is missing"


def test_gemm_without_shape_is_refused(data_copy: Path) -> None:
    """A GEMM figure depends on its shape: it must state one."""
    _write(data_copy, HEAD + GEMM.format(value=794.5).replace(
        "      shape: {m: 2048, n: 2048, k: 13312}\n", ""
    ))  # fmt: skip
    [problem] = _problems(data_copy)
    assert "states its shape" in problem.message


def test_unknown_device_is_refused(data_copy: Path) -> None:
    """A record must name a catalogued SKU id."""
    _write(data_copy, HEAD + GEMM.format(value=794.5).replace("nvidia-h100-sxm5-80gb", "h100"))
    [problem] = _problems(data_copy)
    assert problem.field == "measurements[0].device"
    assert "unknown device id 'h100'" in problem.message


def test_precision_the_device_lacks_is_refused(data_copy: Path) -> None:
    """A figure at a precision with no catalogued peak has nothing to be held against."""
    _write(data_copy, HEAD + GEMM.format(value=794.5).replace("bf16_matrix", "fp4_matrix"))
    [problem] = _problems(data_copy)
    assert "gives no fp4_matrix peak" in problem.message


def test_quote_must_carry_the_number(data_copy: Path) -> None:
    """The quoted words must contain the figure recorded."""
    text = HEAD + GEMM.format(value=794.5).replace("| 794.5 |", "| 795 |")
    _write(data_copy, text)
    [problem] = _problems(data_copy)
    assert "quote: must carry the number 794.5" in problem.message


def test_suspect_record_is_a_warning_not_a_failure(data_copy: Path) -> None:
    """250 of 989.4 TFLOPS (25 %) loads but is flagged; a note explaining it clears the flag."""
    _write(data_copy, HEAD + GEMM.format(value=250))
    ds = load_dataset(data_copy)
    [warning] = ds.warnings
    assert warning.file == "data/measured/test.yaml" and warning.line == 11
    assert "suspect" in warning.message and "25%" in warning.message
    _write(data_copy, HEAD + GEMM.format(value=250) + "    note: a 1024-cube shape only\n")
    assert load_dataset(data_copy).warnings == ()


def test_other_tier_source_is_refused(data_copy: Path) -> None:
    """A site registered as 'other' may not back a measurement on its own."""
    text = HEAD.replace("github.com/stas00/ml-engineering", "github.com/someone/bench")
    _write(data_copy, text + GEMM.format(value=794.5))
    [problem] = _problems(data_copy)
    assert problem.field == "sources[0].url"
    assert "needs a vendor, vendor-copy or reference source" in problem.message


def test_record_must_name_a_source_of_its_file(data_copy: Path) -> None:
    """A record names one of the pages its file lists."""
    _write(data_copy, HEAD + GEMM.format(value=794.5).replace("source: table", "source: other"))
    [problem] = _problems(data_copy)
    assert "must name one of this file's sources" in problem.message


def test_allreduce_needs_two_devices(data_copy: Path) -> None:
    """An all-reduce over one device is not an all-reduce."""
    record = """\
  - id: h100-ar
    device: nvidia-h100-sxm5-80gb
    metric: allreduce_busbw
    value: 480
    unit: GB/s
    quote: "busbw 480"
    conditions: {ran_by: someone, software: nccl-tests 2.13, devices: 1}
    source: table
"""
    _write(data_copy, HEAD + record)
    [problem] = _problems(data_copy)
    assert "at least 2 devices" in problem.message


def test_id_used_twice_across_files_is_refused(data_copy: Path) -> None:
    """Record ids are unique over every file (they are page anchors)."""
    _write(data_copy, HEAD + GEMM.format(value=794.5), "a.yaml")
    _write(data_copy, HEAD + GEMM.format(value=790), "b.yaml")
    problems = _problems(data_copy)
    assert any("'h100-bf16' is used twice" in p.message for p in problems)


@pytest.mark.parametrize(
    ("quote", "value", "carries"),
    [
        ("| 794.5 | 989 |", 794.5, True),
        ("1,328.25GB/s", 1328.25, True),
        ("1769.0", 1769.0, True),
        ("about 795", 794.5, False),
        ("1.8TB/s", 1800.0, False),
    ],
)
def test_quote_carries(quote: str, value: float, carries: bool) -> None:
    """A number counts when written with or without thousands separators, never rounded."""
    assert quote_carries(quote, value) is carries
