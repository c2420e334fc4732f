"""Numbers mean what they look like: YAML 1.2 decimals only, and bounds from physics."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from tests.conftest import REAL_DATA
from tests.hardening import LOCATED, edit, refused, refused_by_cli

from xpuref.data.loader import load_model
from xpuref.data.measurements import MeasurementsFile
from xpuref.data.presets import PresetsFile
from xpuref.data.problems import Problem

#: Whole data folders through validation and the command line: the full tier, not check.sh.
pytestmark = pytest.mark.hardening

DEVICE = "devices/nvidia/nvidia-h100-sxm5-80gb.yaml"


@pytest.mark.parametrize(
    ("old", "new", "field"),
    [
        ("tdp_w: 700", "tdp_w: 0700", "power.tdp_w"),  # YAML 1.1 octal: 448
        ("tdp_w: 700", "tdp_w: 0x2bc", "power.tdp_w"),  # hexadecimal: 700
        ("tdp_w: 700", "tdp_w: 11:40", "power.tdp_w"),  # base 60: 700
        ("tdp_w: 700", "tdp_w: 13:34", "power.tdp_w"),  # base 60: 814
        ("tdp_w: 700", "tdp_w: 7_00", "power.tdp_w"),  # digit separator
        ("tdp_w: 700", "tdp_w: +0b1010111100", "power.tdp_w"),  # binary
        ("tdp_w: 700", "tdp_w: .inf", "power.tdp_w"),
        ("tdp_w: 700", "tdp_w: -.Inf", "power.tdp_w"),
        ("tdp_w: 700", "tdp_w: .NaN", "power.tdp_w"),
        ("bandwidth_gbs: 3350", "bandwidth_gbs: 3_350.0", "memory.bandwidth_gbs"),
        ("bandwidth_gbs: 3350", "bandwidth_gbs: 55:50.0", "memory.bandwidth_gbs"),
        ("capacity: 80", "capacity: 0120", "memory.capacity"),
        ("  fp64: 33.5", "  fp64: 0o41", "peak_dense.fp64"),  # YAML 1.2 octal: text in 1.1
        ("die_area_mm2: 814", "die_area_mm2: 0x32e", "die_area_mm2"),
    ],
)
def test_non_decimal_numbers_are_refused(data_copy: Path, old: str, new: str, field: str) -> None:
    """Octal, hex, base 60, separators, infinities and NaN are refused at their line."""
    edit(data_copy / DEVICE, old, new)
    refused(data_copy, "", field=field)


@pytest.mark.parametrize("word", ["yes", "No", "on", "OFF", "Yes"])
def test_yaml_1_1_yes_no_words_are_refused(data_copy: Path, word: str) -> None:
    """A YAML 1.1 yes/no word is not silently a boolean."""
    edit(data_copy / DEVICE, "memory:\n", f"memory:\n  on_chip: {word}\n")
    refused(data_copy, "YAML 1.1", field="memory.on_chip")


@pytest.mark.parametrize(
    "text", ["tdp_w: 700", "tdp_w: 700.0", "tdp_w: 7.0e2", "tdp_w: +700", 'tdp_w: "700"']
)
def test_plain_decimals_still_read(data_copy: Path, text: str) -> None:
    """Plain decimals pass the number check (a quoted number is refused as text by the model)."""
    edit(data_copy / DEVICE, "tdp_w: 700", text)
    from xpuref.data.problems import DataError
    from xpuref.views.checked import load_checked

    try:
        load_checked(data_copy)
    except DataError as exc:
        assert text.startswith('tdp_w: "'), exc.report()
        assert all("decimal" not in p.message for p in exc.problems)


def test_octal_refused_by_the_command_line(data_copy: Path) -> None:
    """The command line: located, exit 1, no traceback, nothing written."""
    edit(data_copy / DEVICE, "tdp_w: 700", "tdp_w: 0700")
    refused_by_cli(data_copy, "'0700' is not a plain decimal number")


@pytest.mark.parametrize(
    ("old", "new", "field", "says"),
    [
        ("die_area_mm2: 814", "die_area_mm2: 5000", "die_area_mm2", "reticle"),
        ("die_area_mm2: 814", "die_area_mm2: 859", "die_area_mm2", "reticle"),
        ("die_area_mm2: 814", "dies: 2\ndie_area_mm2: 1800", "die_area_mm2", "2 dies"),
        ("die_area_mm2: 814", "die_area_mm2: 20000", "die_area_mm2", "reticle"),
        ("die_area_mm2: 814", "dies: 2\ndie_area_max_mm2: 1800", "die_area_max_mm2", "2 dies"),
        (
            "die_area_mm2: 814",
            "die_area_mm2: 814\ndie_area_max_mm2: 2000",
            "die_area_max_mm2",
            "reticle",
        ),
        (
            "bandwidth_gbs: 3350",
            "bandwidth_gbs: 99999\n  bus_width_bits: 5120",
            "memory.bandwidth_gbs",
            "5120-bit bus",
        ),
        (
            "bandwidth_gbs: 3350",
            "bandwidth_gbs: 5000\n  bus_width_bits: 5120",
            "memory.bandwidth_gbs",
            "HBM3",
        ),
        (
            "type: HBM3\n  bandwidth_gbs: 3350",
            "type: GDDR6\n  bandwidth_gbs: 1200\n  bus_width_bits: 384",
            "memory.bandwidth_gbs",
            "GDDR6",
        ),
        (
            "type: HBM3\n  bandwidth_gbs: 3350",
            "type: Some new memory\n  bandwidth_gbs: 4000\n  bus_width_bits: 512",
            "memory.bandwidth_gbs",
            "any memory type",
        ),
        ("capacity: 80", "capacity: 80\n  usable_mib: 199680", "memory.usable_mib", "capacity"),
        ("capacity: 80", "capacity: 80\n  usable_mib: 81921", "memory.usable_mib", "capacity"),
        ('launch_date: "2022-09"', 'launch_date: "2015-01"', "launch_date", "architecture"),
        ('launch_date: "2022-09"', 'launch_date: "2020-12-31"', "launch_date", "architecture"),
    ],
)
def test_physically_impossible_figures_are_refused(
    data_copy: Path, old: str, new: str, field: str, says: str
) -> None:
    """Die area per reticle, bandwidth per bus and data rate, usable memory, launch order."""
    edit(data_copy / DEVICE, old, new)
    refused(data_copy, says, field=field)


def test_real_data_is_within_the_bounds() -> None:
    """Every real record passes the bounds (the per-pin table sits above every real part)."""
    from xpuref.views.checked import load_checked

    assert load_checked(REAL_DATA).devices


def test_impossible_bandwidth_refused_by_the_command_line(data_copy: Path) -> None:
    """The command line refuses it located, exit 1, no traceback."""
    edit(data_copy / DEVICE, "bandwidth_gbs: 3350", "bandwidth_gbs: 99999\n  bus_width_bits: 5120")
    refused_by_cli(data_copy, "bus")


def _load(model: type, path: Path, root: Path) -> list[Problem]:
    """Validate one file in process; return its problems."""
    problems: list[Problem] = []
    load_model(model, path, root, problems)
    return problems


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("overhead_gib: 2.4212", "overhead_gib: 21.222"),  # exactly the budget: 23.58 x 0.9
        ("overhead_gib: 2.4212", "overhead_gib: 30"),
        ("overhead_gib: 2.4212", "overhead_gib: 1000000"),
        (
            "memory_fraction: 0.9\n    overhead_gib: 2.4212",
            "memory_fraction: 0.05\n    overhead_gib: 2",
        ),
    ],
)
def test_overhead_above_budget_is_refused(tmp_path: Path, old: str, new: str) -> None:
    """An engine overhead that fills the memory budget is refused (no ZeroDivisionError later)."""
    root = tmp_path / "data"
    root.mkdir()
    shutil.copy(REAL_DATA / "measurements.yaml", root / "measurements.yaml")
    edit(root / "measurements.yaml", old, new)
    problems = _load(MeasurementsFile, root / "measurements.yaml", root)
    assert problems and all(LOCATED.match(str(p)) for p in problems), problems
    assert any("budget" in p.message for p in problems), problems


@pytest.mark.parametrize(
    ("old", "new", "says"),
    [
        ("blocks: [2, 2, 2, 2]", "blocks: [2, 2, 2, 100000]", "less than or equal to 1000"),
        ("blocks: [2, 2, 2, 2]", "blocks: [900, 900, 2, 2]", "1,804 layers"),
        ("        - [1, 16, 1, 1]\n", "        - [1, 16, 100000, 1]\n", "layers"),
        ("        - [1, 16, 1, 1]\n", "        - [1, 16, 1, 1]\n" * 70, "at most 64"),
        ("      layers: 32", "      layers: 100000", "less than or equal to 1000"),
    ],
)
def test_preset_repeats_are_capped(tmp_path: Path, old: str, new: str, says: str) -> None:
    """Repeats that would multiply the calculators' work are refused at their line."""
    root = tmp_path / "data"
    root.mkdir()
    shutil.copy(REAL_DATA / "models.yaml", root / "models.yaml")
    edit(root / "models.yaml", old, new)
    problems = _load(PresetsFile, root / "models.yaml", root)
    assert problems and all(LOCATED.match(str(p)) for p in problems), problems
    assert any(says in str(p) for p in problems), problems


@pytest.mark.parametrize("count", [21, 50, 5000])
def test_former_ids_are_capped(data_copy: Path, count: int) -> None:
    """More than 20 former ids (each a published redirect page) are refused."""
    ids = ", ".join(f"old-h100-{i}" for i in range(count))
    edit(data_copy / DEVICE, "aliases:", f"former_ids: [{ids}]\naliases:")
    refused(data_copy, "at most 20", field="former_ids")


@pytest.mark.parametrize(
    "arch",
    [
        {"kind": "mobilenet_v2", "stem": 32, "settings": [[6, 32, 100_000, 1]] * 200,
         "last": 1280, "image": 224, "classes": 1000},
        {"kind": "resnet", "block": "basic", "blocks": [100_000] * 4, "image": 224,
         "classes": 1000},
        {"kind": "vit", "image": 224, "patch": 16, "hidden": 768, "layers": 100_000,
         "heads": 12, "mlp": 3072, "classes": 1000},
    ],
)  # fmt: skip
def test_model_cost_refuses_huge_repeats_at_once(arch: dict[str, object]) -> None:
    """Python's model_cost refuses a description deeper than the data cap (no minute-long loop)."""
    import time

    from xpuref.calc import _presets, model_cost
    from xpuref.data import presets

    assert _presets.MAX_LAYERS == presets.MAX_LAYERS
    start = time.perf_counter()
    with pytest.raises(ValueError, match="at most 1,000"):
        model_cost(arch)
    assert time.perf_counter() - start < 5  # a hang guard, not a timing goal
