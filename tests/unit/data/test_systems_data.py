"""Tests for system files: the model, its refusals with FILE:LINE, and the member cross-checks."""

from __future__ import annotations

from pathlib import Path

import pytest

from xpuref.data.dataset import load_dataset
from xpuref.data.problems import DataError, Problem

VALID = """\
id: test-dgx
name: Test DGX
vendor: nvidia
launch_date: "2022-03"
status: shipping
members:
  - {device: nvidia-h100-sxm5-80gb, count: 8}
scale_up:
  name: NVLink 4
  domain_size: 8
  bisection_bandwidth_gbs: 3600
power: {tdp_w: 10200, term: max power, scope: system}
sources:
  - id: guide
    url: https://docs.nvidia.com/dgx/dgxh100-user-guide/introduction-to-dgxh100.html
    title: NVIDIA DGX H100 user guide
    accessed: "2024-01-01"
    fields: [members, scale_up, power]
"""


def _write(data: Path, text: str, name: str = "test-dgx") -> Path:
    """Write one system file into the data folder's systems/."""
    folder = data / "systems"
    folder.mkdir(exist_ok=True)
    path = folder / f"{name}.yaml"
    path.write_text(text, encoding="utf-8")
    return path


def _problems(data: Path) -> list[Problem]:
    """The problems loading the data folder reports (none expected: empty list)."""
    try:
        load_dataset(data)
    except DataError as exc:
        return exc.problems
    return []


def test_valid_system_loads_with_its_members(data_copy: Path) -> None:
    """A valid file becomes a typed System on the dataset, found from its member device."""
    _write(data_copy, VALID)
    ds = load_dataset(data_copy)
    system = ds.systems["test-dgx"]
    assert system.device_count == 8
    assert system.scale_up.bisection_bandwidth_gbs == 3600
    assert system.power is not None and system.power.scope == "system"
    assert ds.system_files["test-dgx"] == "data/systems/test-dgx.yaml"
    assert [s.id for s in ds.systems_with("nvidia-h100-sxm5-80gb")] == ["test-dgx"]


def test_no_systems_folder_means_no_systems(data_copy: Path) -> None:
    """The folder is optional."""
    assert load_dataset(data_copy).systems == {}


def test_unknown_device_id_is_refused_at_its_line(data_copy: Path) -> None:
    """A member must name a catalogued device; the problem points at the member's line."""
    _write(data_copy, VALID.replace("device: nvidia-h100-sxm5-80gb", "device: nvidia-h999"))
    (problem,) = _problems(data_copy)
    assert problem.file == "data/systems/test-dgx.yaml"
    assert problem.line == 7
    assert problem.field == "members[0].device"
    assert "unknown device id 'nvidia-h999'" in problem.message


@pytest.mark.parametrize(
    ("extra", "key"),
    [
        ("memory: {capacity: 640, capacity_unit: GiB}\n", "memory"),
        ("peak_dense: {bf16_matrix: 7916}\n", "peak_dense"),
        ("total_memory_bytes: 687194767360\n", "total_memory_bytes"),
    ],
)
def test_typed_totals_are_refused(data_copy: Path, extra: str, key: str) -> None:
    """Memory and peak totals are derived from members, never typed into a system."""
    _write(data_copy, VALID + extra)
    (problem,) = _problems(data_copy)
    assert problem.field == key
    assert problem.line == VALID.count("\n") + 1
    assert "no typed totals" in problem.message


@pytest.mark.parametrize("count", ["0", "-2"])
def test_counts_below_one_are_refused(data_copy: Path, count: str) -> None:
    """A member count is at least 1."""
    _write(data_copy, VALID.replace("count: 8", f"count: {count}"))
    (problem,) = _problems(data_copy)
    assert (problem.line, problem.field) == (7, "members[0].count")
    assert "greater than or equal to 1" in problem.message


def test_fractional_counts_are_refused(data_copy: Path) -> None:
    """Counts are whole devices."""
    _write(data_copy, VALID.replace("count: 8", "count: 7.5"))
    (problem,) = _problems(data_copy)
    assert problem.field == "members[0].count"


def test_per_member_bandwidth_equal_to_the_devices_is_refused(data_copy: Path) -> None:
    """The link bandwidth is stated only where it differs from the device's own figure."""
    _write(
        data_copy,
        VALID.replace("  domain_size: 8\n", "  domain_size: 8\n  per_member_bandwidth_gbs: 900\n"),
    )
    (problem,) = _problems(data_copy)
    assert problem.field == "scale_up.per_member_bandwidth_gbs"
    assert "member's own scale-up bandwidth" in problem.message


def test_a_different_per_member_bandwidth_is_kept(data_copy: Path) -> None:
    """A system-specific link figure that differs from the device's is accepted."""
    _write(
        data_copy,
        VALID.replace("  domain_size: 8\n", "  domain_size: 8\n  per_member_bandwidth_gbs: 1200\n"),
    )
    assert load_dataset(data_copy).systems["test-dgx"].scale_up.per_member_bandwidth_gbs == 1200


def test_domain_larger_than_the_system_is_refused(data_copy: Path) -> None:
    """One scale-up domain cannot hold more devices than the system has."""
    _write(data_copy, VALID.replace("domain_size: 8", "domain_size: 16"))
    (problem,) = _problems(data_copy)
    assert problem.field == "scale_up.domain_size"


def test_every_number_needs_a_citable_source(data_copy: Path) -> None:
    """Numbers not covered by a source's fields are refused, like in device files."""
    _write(data_copy, VALID.replace("fields: [members, scale_up, power]", "fields: [members]"))
    found = {(p.field, p.message) for p in _problems(data_copy)}
    assert ("scale_up.domain_size", "no source backs this number") in found
    assert ("power.tdp_w", "no source backs this number") in found


def test_system_power_must_be_the_systems(data_copy: Path) -> None:
    """Only a vendor's system power is stored: a per-GPU scope is refused."""
    _write(data_copy, VALID.replace("scope: system}", "scope: chip}"))
    (problem,) = _problems(data_copy)
    assert problem.field == "power.scope"


@pytest.mark.parametrize(
    ("old", "new", "field"),
    [
        ("id: test-dgx", "id: other", "id"),
        ("vendor: nvidia", "vendor: nobody", "vendor"),
        ('launch_date: "2022-03"', 'launch_date: "2099-01"', ""),
    ],
)
def test_single_file_checks(data_copy: Path, old: str, new: str, field: str) -> None:
    """Id equals the file name, vendor is known, a shipping system has launched."""
    _write(data_copy, VALID.replace(old, new))
    (problem,) = _problems(data_copy)
    assert problem.field == field


def test_reserved_ids_and_repeated_members_are_refused(data_copy: Path) -> None:
    """'index' names the systems page itself; a device listed twice is one entry."""
    text = VALID.replace("id: test-dgx", "id: index").replace(
        "  - {device: nvidia-h100-sxm5-80gb, count: 8}\n",
        "  - {device: nvidia-h100-sxm5-80gb, count: 4}\n"
        "  - {device: nvidia-h100-sxm5-80gb, count: 4}\n",
    )
    _write(data_copy, text, name="index")
    messages = " | ".join(p.message for p in _problems(data_copy))
    assert "reserved" in messages
    assert "listed twice" in messages


def test_files_outside_the_pattern_are_refused(data_copy: Path) -> None:
    """Only systems/<id>.yaml files belong in the folder."""
    _write(data_copy, VALID)
    (data_copy / "systems" / "notes.txt").write_text("x")
    (problem,) = _problems(data_copy)
    assert problem.file == "data/systems/notes.txt"


def test_bisection_above_half_the_domains_links_is_refused(data_copy: Path) -> None:
    """8 x 900 GB/s links carry at most 3,600 GB/s across a cut: 7,200 is a sum, not a bisection."""
    _write(
        data_copy, VALID.replace("bisection_bandwidth_gbs: 3600", "bisection_bandwidth_gbs: 7200")
    )
    (problem,) = _problems(data_copy)
    assert problem.field == "scale_up.bisection_bandwidth_gbs"
    assert "more than half" in problem.message


def test_system_power_needs_a_vendor_page(data_copy: Path) -> None:
    """A reference page cannot back a system power: only the vendor states one."""
    text = VALID.replace(
        "https://docs.nvidia.com/dgx/dgxh100-user-guide/introduction-to-dgxh100.html",
        "https://github.com/stas00/ml-engineering/blob/master/network/README.md",
    )
    _write(data_copy, text)
    (problem,) = _problems(data_copy)
    assert problem.field == "power.tdp_w"
    assert "vendor's own figure" in problem.message
