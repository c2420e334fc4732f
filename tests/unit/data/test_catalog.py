"""Tests for xpuref.data.catalog: every kind of broken data gives a located, clear problem."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from xpuref.data.dataset import load_dataset
from xpuref.data.problems import DataError

DEVICE = Path("devices/nvidia/nvidia-h100-sxm5-80gb.yaml")


def _edit(root: Path, old: str, new: str, path: Path = DEVICE) -> None:
    """Replace text in one data file, insisting the old text is there."""
    file = root / path
    text = file.read_text()
    assert old in text, old
    file.write_text(text.replace(old, new, 1))


def _problems(root: Path) -> list[str]:
    """Load the data and return the problem lines it raises."""
    with pytest.raises(DataError) as caught:
        load_dataset(root)
    return [str(p) for p in caught.value.problems]


def _line_of(root: Path, needle: str, path: Path = DEVICE) -> int:
    """The 1-based line on which ``needle`` first appears."""
    for number, line in enumerate((root / path).read_text().splitlines(), start=1):
        if needle in line:
            return number
    raise AssertionError(needle)


def test_valid_fixture_loads(data_copy: Path) -> None:
    """The fixture is valid and its numbers come through unchanged."""
    catalog = load_dataset(data_copy)
    device = catalog.devices["nvidia-h100-sxm5-80gb"]
    assert device.peak_dense["bf16_matrix"] == 989.4
    assert device.memory.bandwidth_gbs == 3350
    assert device.launch_year == 2022


CASES = [
    # (name, old text, new text, field in message, message fragment, needle for line)
    (
        "wrong type",
        "capacity: 80",
        "capacity: [80]",
        "memory.capacity",
        "valid number",
        "capacity",
    ),
    (
        "number as text",
        "tdp_w: 700",
        'tdp_w: "700"',
        "power.tdp_w",
        "expected a number, got text '700'",
        "tdp_w",
    ),
    (
        "unknown key",
        "  tdp_w: 700",
        "  tdp_w: 700\n  tdp_watts: 700",
        "power.tdp_watts",
        "unknown key",
        "tdp_watts",
    ),
    ("negative", "fp32: 66.9", "fp32: -66.9", "peak_dense.fp32", "greater than 0", "fp32:"),
    ("zero", "fp32: 66.9", "fp32: 0", "peak_dense.fp32", "greater than 0", "fp32:"),
    ("nan", "fp32: 66.9", "fp32: .nan", "peak_dense.fp32", "finite number", "fp32:"),
    ("infinity", "fp32: 66.9", "fp32: .inf", "peak_dense.fp32", "finite number", "fp32:"),
    ("boolean", "fp32: 66.9", "fp32: true", "peak_dense.fp32", "got true", "fp32:"),
    ("missing required", "kind: gpu\n", "", "kind", "required field is missing", "id:"),
    (
        "missing source",
        "    fields: [memory, power.tdp_w,",
        "    fields: [memory,",
        "power.tdp_w",
        "no source backs this number",
        "tdp_w",
    ),
    (
        "dangling architecture",
        "architecture: nvidia-hopper",
        "architecture: nvidia-nope",
        "architecture",
        "unknown architecture 'nvidia-nope'",
        "architecture:",
    ),
    (
        "dangling vendor folder",
        "vendor: nvidia",
        "vendor: amd",
        "vendor",
        "must equal the folder",
        "vendor:",
    ),
    (
        "sparse typed as dense",
        "fp8_matrix: 1978.9",
        "fp8_matrix: 3957.8",
        "peak_dense.fp8_matrix",
        "sparse figure typed as dense",
        "fp8_matrix",
    ),
    (
        "bf16 over tf32",
        "tf32_matrix: 494.7",
        "tf32_matrix: 247.3",
        "peak_dense.bf16_matrix",
        "bf16_matrix is 4.00 x tf32_matrix",
        "bf16_matrix",
    ),
    (
        "javascript url",
        "url: https://glennklockwood.com/garden/processors/h100",
        "url: javascript:alert(1)",
        "sources[0].url",
        "http:// or https://",
        "url:",
    ),
    (
        "bad date",
        'launch_date: "2022-09"',
        'launch_date: "2022-13"',
        "launch_date",
        "month must be in 1..12",
        "launch_date",
    ),
    (
        "sparsity below one",
        "sparsity_factor: 2",
        "sparsity_factor: 0.5",
        "sparsity_factor",
        "greater than or equal to 1",
        "sparsity_factor",
    ),
    (
        "absurd bandwidth",
        "bandwidth_gbs: 3350",
        "bandwidth_gbs: 10000000",
        "memory.bandwidth_gbs",
        "beyond any off-chip memory",
        "bandwidth_gbs",
    ),
    (
        "source claims a missing field",
        "fields: [memory,",
        "fields: [transistors_billion, memory,",
        "sources[0].fields[0]",
        "names 'transistors_billion'",
        "fields:",
    ),
    (
        "duplicate key",
        "  tdp_w: 700",
        "  tdp_w: 700\n  tdp_w: 600",
        "power.tdp_w",
        "duplicate key",
        "tdp_w: 600",
    ),
    ("unknown scope", "scope: module", "scope: board", "scope", "Input should be", "scope:"),
]


@pytest.mark.parametrize(
    ("old", "new", "field", "fragment", "needle"), [c[1:] for c in CASES], ids=[c[0] for c in CASES]
)
def test_broken_device_file(
    data_copy: Path, old: str, new: str, field: str, fragment: str, needle: str
) -> None:
    """Each broken file gives FILE:LINE: field: message with the right line."""
    _edit(data_copy, old, new)
    line = _line_of(data_copy, needle)
    expected = f"data/{DEVICE}:{line}: {field}: "
    found = [p for p in _problems(data_copy) if p.startswith(expected)]
    assert found, _problems(data_copy)
    assert any(fragment in p for p in found), found


def test_bad_yaml_names_line(data_copy: Path) -> None:
    """Broken YAML syntax is reported with the line the parser stopped on."""
    _edit(data_copy, "  type: HBM3", "  type: [HBM3")
    problems = _problems(data_copy)
    assert len(problems) == 1
    assert re.match(rf"data/{DEVICE}:\d+: \(file\): invalid YAML", problems[0])


def test_empty_file(data_copy: Path) -> None:
    """An empty device file is refused, not skipped."""
    (data_copy / DEVICE).write_text("# nothing here\n")
    assert _problems(data_copy) == [f"data/{DEVICE}:1: (file): file is empty"]


def test_not_a_mapping(data_copy: Path) -> None:
    """A device file holding a list is refused."""
    (data_copy / DEVICE).write_text("- 1\n- 2\n")
    assert _problems(data_copy) == [f"data/{DEVICE}:1: (file): expected a mapping of device fields"]


def test_duplicate_id_across_files(data_copy: Path) -> None:
    """Two files claiming one id collide (the second file's id differs from its name too)."""
    copy = data_copy / "devices/nvidia/nvidia-h100-copy.yaml"
    copy.write_text(
        (data_copy / DEVICE).read_text().replace("name: NVIDIA H100 SXM5 80GB", "name: Copy")
    )
    problems = _problems(data_copy)
    assert any(
        "id 'nvidia-h100-sxm5-80gb' must equal the file name 'nvidia-h100-copy'" in p
        for p in problems
    )
    assert any("duplicate id 'nvidia-h100-sxm5-80gb' is already used by" in p for p in problems)


def test_alias_collides_with_other_device(data_copy: Path) -> None:
    """An alias equal to another device's id is refused."""
    copy = data_copy / "devices/nvidia/nvidia-h100-other.yaml"
    text = (data_copy / DEVICE).read_text()
    text = text.replace("id: nvidia-h100-sxm5-80gb", "id: nvidia-h100-other")
    text = text.replace("name: NVIDIA H100 SXM5 80GB", "name: Other")
    text = text.replace('aliases: ["NVIDIA H100 80GB HBM3"]', 'aliases: ["nvidia-h100-sxm5-80gb"]')
    copy.write_text(text)
    problems = _problems(data_copy)
    assert any(
        "nvidia-h100-other.yaml" in p
        and "aliases entry 'nvidia-h100-sxm5-80gb' is already used" in p
        for p in problems
    ), problems


def test_ratio_exception_allows_real_outlier(data_copy: Path) -> None:
    """A sourced ratio exception silences exactly that check."""
    _edit(data_copy, "fp8_matrix: 1978.9", "fp8_matrix: 3957.8")
    _edit(
        data_copy,
        "notes:",
        "ratio_exceptions:\n  - check: fp8_over_bf16\n"
        "    reason: test\n    source: klockwood-h100\nnotes:",
    )
    assert (
        load_dataset(data_copy).devices["nvidia-h100-sxm5-80gb"].peak_dense["fp8_matrix"] == 3957.8
    )


def test_ratio_exception_needs_known_source(data_copy: Path) -> None:
    """A ratio exception naming no real source is refused."""
    _edit(
        data_copy,
        "notes:",
        "ratio_exceptions:\n  - check: fp8_over_bf16\n"
        "    reason: test\n    source: nowhere\nnotes:",
    )
    assert any(
        "ratio_exceptions[0].source: unknown source id 'nowhere'" in p for p in _problems(data_copy)
    )


def test_stray_file_outside_vendor_folder(data_copy: Path) -> None:
    """A device file placed directly in devices/ is reported, not ignored."""
    (data_copy / "devices/loose.yaml").write_text("id: x\n")
    assert (
        "data/devices/loose.yaml:1: (file): device files belong in "
        "devices/<vendor>/<id>.yaml" in _problems(data_copy)
    )


def test_all_problems_reported_together(data_copy: Path) -> None:
    """Several problems in one run are all listed, sorted by file and line."""
    _edit(data_copy, "fp32: 66.9", "fp32: -1")
    _edit(data_copy, "tdp_w: 700", 'tdp_w: "x"')
    problems = _problems(data_copy)
    assert len(problems) == 2
    assert problems == sorted(problems, key=lambda p: int(p.split(":")[1]))


def test_missing_folder(tmp_path: Path) -> None:
    """A data folder that does not exist is a problem, not a traceback."""
    assert _problems(tmp_path / "nope")[0].endswith("data folder does not exist")


def test_missing_basic_needs_a_gap(data_copy: Path) -> None:
    """Dropping the power figure without a stated reason is refused."""
    _edit(data_copy, "  tdp_w: 700\n", "")
    _edit(data_copy, "power.tdp_w, ", "")
    assert any("gaps: no value for 'power.tdp_w'" in p for p in _problems(data_copy))


def test_gap_with_reason_is_accepted_and_stale_gap_refused(data_copy: Path) -> None:
    """A stated gap makes the file valid; a gap for a field that has a value is refused."""
    _edit(data_copy, "  tdp_w: 700\n", "")
    _edit(data_copy, "power.tdp_w, ", "")
    _edit(data_copy, "notes:", "gaps:\n  power.tdp_w: the vendor states no power figure\nnotes:")
    assert load_dataset(data_copy).devices["nvidia-h100-sxm5-80gb"].gaps
    _edit(data_copy, "gaps:\n", "gaps:\n  memory.capacity: stale\n")
    assert any(
        "gaps.memory.capacity: 'memory.capacity' has a value" in p for p in _problems(data_copy)
    )
