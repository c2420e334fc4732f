"""Export classes on the real data never guess, and agree with published statements."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest
from tests.conftest import real_dataset

from xpuref import calc
from xpuref.cli import main
from xpuref.data.dataset import Dataset
from xpuref.data.paths import DATA_DIR
from xpuref.render.pages import derived_rows
from xpuref.views.derive import device_input, export_detail, export_detail_data
from xpuref.views.export_view import export_record, export_rows
from xpuref.views.published import published_checks

RANK = {"not-controlled": 0, "3A090.b": 1, "3A090.a": 2, "3A090": 2}


@pytest.fixture(scope="module")
def catalog() -> Dataset:
    """The real data, with its published-statement checks passed."""
    return real_dataset()


def _input(ds: Dataset, device_id: str) -> dict[str, Any]:
    """A real device as xpuref.calc reads it."""
    return device_input(ds.devices[device_id], ds)


def test_removing_any_supported_rate_never_lowers_a_class(catalog: Dataset) -> None:
    """Drop each given supported rate of every device: same class, or unknown naming it."""
    tried = 0
    for device_id in sorted(catalog.devices):
        base = _input(catalog, device_id)
        supported = base["supported_rates"] or []
        for rule in catalog.rule_dicts():
            before = calc.classify(base, rule)
            if before == "unknown":
                continue
            for key in supported:
                if key not in base["peak_dense"]:
                    continue
                peaks = {k: v for k, v in base["peak_dense"].items() if k != key}
                found = calc.classify_explain({**base, "peak_dense": peaks}, rule)
                tried += 1
                if found["result"] == "unknown":
                    assert f"peak_dense.{key}" in found["missing"], (device_id, key)
                else:
                    assert found["result"] == before, (device_id, rule["id"], key, found)
    assert tried > 200


def test_a_device_with_partial_rates_is_never_confidently_low(catalog: Dataset) -> None:
    """An H800 holding FP64 only is unknown under the 2023 rule, never not-controlled."""
    base = _input(catalog, "nvidia-h800-sxm5-80gb")
    partial = {**base, "peak_dense": {"fp64": 1.0}}
    rule = next(r for r in catalog.rule_dicts() if r["id"] == "us-2023-10")
    found = calc.classify_explain(partial, rule)
    assert found["result"] == "unknown"
    assert "peak_dense.bf16_matrix" in found["missing"]


def test_published_statements_agree(catalog: Dataset) -> None:
    """Every recorded published classification agrees with the class computed from data."""
    checks = published_checks(catalog)
    assert len(checks) >= 10
    assert all(check.agrees for check in checks), [
        (c.device_id, c.computed, c.reason) for c in checks if not c.agrees
    ]


@pytest.mark.parametrize(
    ("device_id", "rule", "expected"),
    [
        ("nvidia-h100-sxm5-80gb", "us-2022-10", "3A090"),
        ("nvidia-h100-sxm5-80gb", "us-2023-10", "3A090.a"),
        ("nvidia-a800-sxm4-80gb", "us-2022-10", "not-controlled"),
        ("nvidia-geforce-rtx-4090-24gb", "us-2022-10", "not-controlled"),
        ("nvidia-geforce-rtx-4090-d-24gb", "us-2023-10", "not-controlled"),
        ("houmo-hongtu-h30", "us-2023-10", "not-controlled"),
    ],
)
def test_well_known_classes(catalog: Dataset, device_id: str, rule: str, expected: str) -> None:
    """Classes widely reported for named parts come out of the data."""
    chosen = next(r for r in catalog.rule_dicts() if r["id"] == rule)
    assert calc.classify(_input(catalog, device_id), chosen) == expected


def test_markets_and_chip_counts_are_published(catalog: Dataset) -> None:
    """Houmo H30 is an edge part; multi-chip boards are classified per chip."""
    assert catalog.devices["houmo-hongtu-h30"].market == "edge"
    assert catalog.devices["cambricon-mlu370-x8-pcie-48gb"].chips_per_package == 2


def test_device_pages_show_the_io_the_2022_rule_tests(catalog: Dataset) -> None:
    """H800 SXM5: NVLink 400 GB/s plus a PCIe Gen5 x16 host link of at most 128 GB/s."""
    rows = {row.rule: row for row in export_rows(catalog.devices["nvidia-h800-sxm5-80gb"], catalog)}
    assert rows["us-2022-10"].io == "400–528 GB/s"
    assert rows["us-2022-10"].result == "not-controlled"
    assert rows["us-2023-10"].io == ""  # the 2023 rule does not test I/O
    h20 = {row.rule: row for row in export_rows(catalog.devices["nvidia-h20-96gb"], catalog)}
    assert h20["us-2022-10"].io == "≥ 900 GB/s"  # no host link named: no upper bound


def test_each_rule_names_the_metrics_it_tests(catalog: Dataset) -> None:
    """The 2022 rule tests I/O bandwidth; the 2023 rule tests density and market, not I/O."""
    rules = {rule.id: rule for rule in catalog.rules}
    assert rules["us-2022-10"].metrics() == {"tpp", "io_bandwidth_gbs"}
    assert "io_bandwidth_gbs" not in rules["us-2023-10"].metrics()
    assert {"tpp", "performance_density", "designed_for_datacenter"} <= rules[
        "us-2023-10"
    ].metrics()


def test_a_published_classification_bounds_tpp_where_a_rate_is_missing(catalog: Dataset) -> None:
    """H20: FP64 Tensor unpublished, so TPP >= 2,368 only; NVIDIA's word caps it below 2,400."""
    h20 = catalog.devices["nvidia-h20-96gb"]
    data = export_detail_data(h20, catalog)
    assert data["us-2023-10"]["result"] == "unknown"
    record = export_record(h20, catalog)
    for rule in ("us-2022-10", "us-2023-10"):
        assert record[rule]["class"] == "not-controlled"
        assert record[rule]["bounded_by"] == ["nvidia-to-toms-hardware-2024-04-04"]
        assert record[rule]["tpp"] == 2368
        assert 2399.99 < record[rule]["tpp_max"] < 2400
        assert "published classification" in record[rule]["reason"]
    rows = {row.rule: row for row in export_rows(h20, catalog)}
    assert rows["us-2023-10"].tpp == "2,368–2,400"


def test_a_statement_naming_a_family_narrows_without_settling_the_subclass(
    catalog: Dataset,
) -> None:
    """H800 PCIe: no Tensor rate; the 8-K makes it controlled, so '3A090.b or higher'."""
    found = export_detail(catalog.devices["nvidia-h800-pcie-80gb"], catalog)["us-2023-10"]
    assert found["result"] == "unknown"
    assert found["at_least"] == "3A090.b"
    assert found["tpp"] == 2400 and found["possible"] == ["3A090.b", "3A090.a"]


def test_devices_no_statement_names_are_classified_from_their_figures_alone(
    catalog: Dataset,
) -> None:
    """Only devices a statement names carry bounded_by; every other class is the data's own."""
    named = {d for s in catalog.published for d in s.devices}
    for device in catalog.devices.values():
        final = export_detail(device, catalog)
        data = export_detail_data(device, catalog)
        for rule, found in final.items():
            if device.id not in named:
                assert found["bounded_by"] == [], device.id
                assert found["result"] == data[rule]["result"], (device.id, rule)
            elif data[rule]["result"] != "unknown":
                assert found["result"] == data[rule]["result"], (device.id, rule)


def _refused(tmp_path: Path, capsys: pytest.CaptureFixture[str], name: str, edit: Any) -> str:
    """Copy the real data, edit one file with ``edit(text) -> text``, and return validate's
    stderr after checking it refused (exit 1) without a traceback."""
    data = tmp_path / "data"
    shutil.copytree(DATA_DIR, data)
    path = data / name
    path.write_text(edit(path.read_text()))
    assert main(["validate", "--data", str(data)]) == 1
    err = capsys.readouterr().err
    assert "Traceback" not in err
    return err


def test_a_statement_the_figures_contradict_fails_validation(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Claim the H100 SXM5 is not controlled in 2023: exit 1 with FILE:LINE, no site."""
    extra = "      - nvidia-h100-sxm5-80gb\n"
    marker = '    classes: ["not-controlled"]\n    devices:\n      - nvidia-h20-96gb\n'
    edited: list[str] = []

    def edit(text: str) -> str:
        assert marker in text
        widened = marker.replace("    devices:\n", "    devices:\n" + extra)
        edited.append(text.replace(marker, widened))
        return edited[0]

    err = _refused(tmp_path, capsys, "export_published.yaml", edit)
    lines = edited[0].splitlines()
    line = max(i for i, item in enumerate(lines) if item == extra.rstrip("\n")) + 1
    assert f"export_published.yaml:{line}: devices: nvidia-h100-sxm5-80gb" in err


def test_statements_that_fit_alone_but_not_together_fail_validation(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """H20 'not controlled' and a made-up '3A090.b' each fit TPP >= 2,368; together nothing does."""
    made_up = (
        '\n  - id: made-up-h20-b\n    publisher: Nobody\n    date: "2024-05-01"\n'
        "    summary: A statement invented for this test.\n    rule: us-2023-10\n"
        '    classes: ["3A090.b"]\n    devices:\n      - nvidia-h20-96gb\n    source:\n'
        "      url: https://www.tomshardware.com/made-up\n      title: Made up\n"
        '      accessed: "2026-11-27"\n'
    )
    lengths: list[int] = []

    def edit(text: str) -> str:
        text = text.rstrip("\n") + made_up
        lengths.append(len(text.splitlines()))
        return text

    err = _refused(tmp_path, capsys, "export_published.yaml", edit)
    line = lengths[0] - 4
    assert f"export_published.yaml:{line}: devices: nvidia-h20-96gb: the statements" in err
    assert "together leave no TPP" in err


def test_the_ada_int4_ceiling_settles_the_l20(catalog: Dataset) -> None:
    """L20: INT4 unpublished; Ada runs INT4 at most at 2 x INT8, so TPP is 1,913.6 (TF32)."""
    record = export_record(catalog.devices["nvidia-l20-48gb"], catalog)["us-2023-10"]
    assert record["class"] == "not-controlled"
    assert record["tpp"] == record["tpp_max"] == pytest.approx(1913.6)
    assert record["rate_ceilings_used"] == ["int4_matrix"]
    rows = {row.rule: row for row in export_rows(catalog.devices["nvidia-l20-48gb"], catalog)}
    assert "bounded at 2 × INT8 matrix" in rows["us-2023-10"].interpretation


def test_a_ceiling_on_a_rate_the_architecture_lacks_fails_validation(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A ceiling naming FP64 on Ada (no FP64 Tensor path) is refused with FILE:LINE."""
    err = _refused(
        tmp_path,
        capsys,
        "architectures.yaml",
        lambda text: text.replace("  - rate: int4_matrix\n", "  - rate: fp64_matrix\n", 1),
    )
    assert "architectures.yaml:" in err
    assert "'fp64_matrix' is not a rate this architecture runs" in err


def test_a_tpp_fixed_by_a_ceiling_says_so_among_the_derived_figures(catalog: Dataset) -> None:
    """The L20's TPP is exact only under the Ada INT4 ceiling; the H100 SXM5's needs no reading."""
    l20 = {row.anchor: row for row in derived_rows(catalog.devices["nvidia-l20-48gb"], catalog)}
    assert "INT4 matrix unpublished, capped" in l20["tpp"].label
    assert l20["tpp"].value == "1,913.6"
    h100 = {
        row.anchor: row for row in derived_rows(catalog.devices["nvidia-h100-sxm5-80gb"], catalog)
    }
    assert h100["tpp"].label == "Total processing performance (TPP)"


def test_a_stated_die_area_bound_settles_tpu_v4(catalog: Dataset) -> None:
    """TPU v4: TPP 4,400 exact; Google gives its die only as < 600 mm2, so density > 7.33: .a."""
    record = export_record(catalog.devices["google-tpu-v4"], catalog)["us-2023-10"]
    assert record["class"] == "3A090.a"
    assert record["tpp"] == record["tpp_max"] == 4400
    assert record["performance_density"] == pytest.approx(4400 / 600)
    assert record["performance_density_max"] is None
    rows = {row.rule: row for row in export_rows(catalog.devices["google-tpu-v4"], catalog)}
    assert "Google states it is under 600 mm²" in rows["us-2023-10"].interpretation
    # The 2022 rule tests no density, so the bound is not named there.
    assert "mm²" not in rows["us-2022-10"].interpretation
    # Without the bound only the reticle limit remains: controlled, but .a or .b is open.
    loose = {**_input(catalog, "google-tpu-v4"), "die_area_max_mm2": None}
    rule = next(r for r in catalog.rule_dicts() if r["id"] == "us-2023-10")
    assert calc.classify(loose, rule) == "unknown"
    assert calc.possible_classes(loose, rule) == ["3A090.b", "3A090.a"]


def test_the_reticle_limit_narrows_an_unpublished_area(catalog: Dataset) -> None:
    """Ascend 910: TPP 4,096 exact, area unpublished: density >= 4,096 / 858, so .b or higher."""
    record = export_record(catalog.devices["huawei-ascend-910"], catalog)["us-2023-10"]
    assert record["class"] == "3A090.a or 3A090.b"  # both controlled: never "unknown"
    assert record["at_least"] == "3A090.b"
    assert record["possible_classes"] == ["3A090.b", "3A090.a"]
    rows = {row.rule: row for row in export_rows(catalog.devices["huawei-ascend-910"], catalog)}
    assert "reticle limit (858 mm²" in rows["us-2023-10"].interpretation


def test_at_least_never_claims_more_than_the_possible_classes(catalog: Dataset) -> None:
    """'X or higher' only where every class the data allows is X or above, never beside NC."""
    narrowed = 0
    for device in catalog.devices.values():
        for rule, record in export_record(device, catalog).items():
            possible = record["possible_classes"]
            if record["class"] != "unknown":
                assert possible == record["class"].split(" or ")[::-1], (device.id, rule)
            if record["at_least"] is None:
                continue
            narrowed += 1
            assert "not-controlled" not in possible, (device.id, rule, possible)
            assert all(RANK[c] >= RANK[record["at_least"]] for c in possible), (device.id, rule)
    assert narrowed >= 10
