"""The real measured figures: coverage, conditions, ceilings and the accuracy matmul cases."""

from __future__ import annotations

import pytest

from xpuref.data.dataset import Dataset
from xpuref.data.measured_checks import ceiling
from xpuref.data.paths import DATA_DIR
from xpuref.views.accuracy import accuracy_rows, matmul_records
from xpuref.views.checked import load_checked
from xpuref.views.measured import achieved_bf16, measured_rows, measured_sku_count

#: Vendors headquartered in China (the catalog's Chinese accelerators).
CHINESE = {
    "huawei", "cambricon", "kunlunxin", "iluvatar", "metax", "moorethreads", "hygon", "biren",
    "enflame", "thead", "horizon", "houmo",
}  # fmt: skip


@pytest.fixture(scope="module")
def catalog() -> Dataset:
    """The real data, validated."""
    return load_checked(DATA_DIR)


def test_forty_skus_carry_a_cited_measurement(catalog: Dataset) -> None:
    """At least 40 SKUs have a measured figure from a cited page, with its conditions."""
    assert measured_sku_count(catalog) >= 40
    for record, file in catalog.measured:
        assert file.page(record) is not None
        c = record.conditions
        assert c.ran_by and c.software and c.devices >= 1
        if record.metric == "gemm":
            assert c.shape is not None or c.shapes


def test_chinese_accelerators_measured(catalog: Dataset) -> None:
    """At least 8 Chinese accelerators carry a cited measurement (the catalog's exact SKUs only)."""
    chinese = {
        r.device
        for r, f in catalog.measured
        if catalog.devices[r.device].vendor in CHINESE and f.page(r) is not None
    }
    assert {
        "huawei-ascend-910b2", "huawei-ascend-910-pro-a", "huawei-ascend-910",
        "moorethreads-mtt-s4000-48gb", "huawei-ascend-910b2c", "metax-xiyun-c550-oam-64gb",
        "iluvatar-bi150",
    } <= chinese  # fmt: skip
    assert len(chinese) >= 8, sorted(chinese)


def test_no_figure_above_its_ceiling_and_none_suspect(catalog: Dataset) -> None:
    """Every figure is at most its ceiling; none is flagged as suspect."""
    for record, _ in catalog.measured:
        top = ceiling(catalog.devices[record.device], record)
        assert top is None or record.value <= top.value, record.id
    assert catalog.warnings == ()


@pytest.mark.parametrize(
    ("record_id", "value", "share"),
    [
        ("mamf-h100-sxm-bf16", 794.5, 0.803),  # stas00: 794.5 of 989.5
        ("mamf-mi300x-bf16", 668.4, 0.511),  # of 1307.4 (the table's "1300")
        ("flagperf-a100-sxm4-40gb-memory-toolkit", 1329.57, 0.855),
        ("tptd-ascend-910b2-bf16", 315.36, 0.893),  # of Huawei's printed 353
        ("aibench-ascend-910-fp16", 216, 0.844),
    ],
)
def test_figures_kept_as_reported(
    catalog: Dataset, record_id: str, value: float, share: float
) -> None:
    """Sources' figures are kept as printed; the share of peak follows from the catalog."""
    [row] = [r for r in measured_rows(catalog) if r.id == record_id]
    assert row.value == value
    assert row.ratio == pytest.approx(share, abs=0.001)


def test_achieved_bf16_is_the_highest_cited_figure(catalog: Dataset) -> None:
    """The catalog's achieved BF16 GEMM is the best cited BF16 measurement of the device."""
    found = achieved_bf16(catalog, "nvidia-h100-sxm5-80gb")
    assert found is not None and found.value == 797.51  # torch-performance-test-data row
    assert achieved_bf16(catalog, "huawei-ascend-910") is None  # measured at FP16 only


def test_accuracy_matmul_cases_are_the_measured_records(catalog: Dataset) -> None:
    """The accuracy page's matrix-multiply cases are exactly the GEMM records with one shape."""
    cases = {r.case: r.published for r in accuracy_rows(catalog) if r.kind == "matmul"}
    records = {record.id: record.value for record, _ in matmul_records(catalog)}
    assert cases == records
    assert len(cases) >= 20
    assert "mamf-gaudi2-bf16" in cases and cases["mamf-gaudi2-bf16"] == 418.7
    assert not any(case.kind == "matmul" for case in catalog.measurements)
