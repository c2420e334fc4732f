"""Hostile data files are refused with FILE:LINE: field: message, exit 1 and no traceback."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from tests.conftest import ROOT, CliRun, run_cli

#: Whole data folders through validation and the command line: the full tier, not check.sh.
pytestmark = pytest.mark.hardening

DEVICE = Path("devices/nvidia/nvidia-h100-sxm5-80gb.yaml")
LOCATED = re.compile(r"^data/[^:]+:\d+: [^:]+: .+$")

Edit = Callable[[Path], None]


def _replace(rel: str | Path, old: str, new: str) -> Edit:
    """An edit replacing text in one data file (the text must be there)."""

    def apply(root: Path) -> None:
        """Apply the replacement."""
        path = root / rel
        text = path.read_text(encoding="utf-8")
        assert old in text, old
        path.write_text(text.replace(old, new, 1), encoding="utf-8")

    return apply


def _device(old: str, new: str) -> Edit:
    """An edit of the fixture device file."""
    return _replace(DEVICE, old, new)


def _write(rel: str, text: str) -> Edit:
    """An edit writing a whole data file."""

    def apply(root: Path) -> None:
        """Write the file."""
        (root / rel).write_text(text, encoding="utf-8")

    return apply


def _laughs(levels: int) -> str:
    """A 'billion laughs' alias bomb of the given depth, as a device's aliases."""
    lines = ['a0: &a0 ["lol"]']
    for i in range(1, levels + 1):
        refs = ", ".join([f"*a{i - 1}"] * 10)
        lines.append(f"a{i}: &a{i} [{refs}]")
    return "\n".join(lines) + "\n"


def _symlink_to_dev_zero(root: Path) -> None:
    """Replace the device file by a link to /dev/zero (which reads forever)."""
    path = root / DEVICE
    path.unlink()
    path.symlink_to("/dev/zero")


def _fifo(root: Path) -> None:
    """Replace the device file by a FIFO (a plain read would hang)."""
    path = root / DEVICE
    path.unlink()
    os.mkfifo(path)


def _many_sources(root: Path) -> None:
    """A device with 20,000 sources."""
    path = root / DEVICE
    extra = "".join(
        f"  - {{id: s{i}, url: 'https://glennklockwood.com/x{i}', title: t, accessed: '2026-11-22'}}\n"
        for i in range(20_000)
    )
    path.write_text(path.read_text(encoding="utf-8") + extra, encoding="utf-8")


CASES: dict[str, tuple[Edit, str]] = {
    "billion laughs": (_write(str(DEVICE), _laughs(8)), "anchors and aliases are not allowed"),
    "self alias": (
        _device('aliases: ["NVIDIA H100 80GB HBM3"]', "aliases: &r [x, *r]"),
        "anchors and aliases are not allowed",
    ),
    "deep nesting": (
        _write(str(DEVICE), "a: " + "[" * 10_000 + "]" * 10_000 + "\n"),
        "nested deeper",
    ),
    "huge integer": (_device("tdp_w: 700", "tdp_w: " + "9" * 5001), "too long"),
    "symlink to /dev/zero": (_symlink_to_dev_zero, "symbolic links"),
    "fifo": (_fifo, "not a regular file"),
    "20000 sources": (_many_sources, "at most"),
    "reserved id": (_device("id: nvidia-h100-sxm5-80gb", "id: index"), "id"),
    "former id index": (
        _device("status: shipping", "status: shipping\nformer_ids: [index]"),
        "reserved",
    ),
    "self redirect": (
        _device("status: shipping", "status: shipping\nformer_ids: [nvidia-h100-sxm5-80gb]"),
        "own id",
    ),
    "tag listing as a source": (
        _device(
            "https://glennklockwood.com/garden/processors/h100",
            "https://www.techpowerup.com/news-tags/H100?page=3",
        ),
        "tag or listing page",
    ),
    "category listing as a source": (
        _device(
            "https://glennklockwood.com/garden/processors/h100",
            "https://glennklockwood.com/category/processors/",
        ),
        "tag or listing page",
    ),
    "accessed in the future": (
        _device('accessed: "2026-11-22"', 'accessed: "2099-01-01"'),
        "future",
    ),
    "future launch while shipping": (
        _device('launch_date: "2022-09"', 'launch_date: "2099-01-01"'),
        "in the future",
    ),
    "tiny rate": (_device("fp32: 66.9", "fp32: 1.0e-300"), "implausibly small"),
    "card of 99999 W": (_device("tdp_w: 700", "tdp_w: 99999"), "beyond any single"),
    "die area bound below the area": (
        _device("die_area_mm2: 814", "die_area_mm2: 814\ndie_area_max_mm2: 600"),
        "below the die area",
    ),
    "negative table bytes": (
        _replace("tables/dtype_bytes.yaml", "bytes: 8,", "bytes: -8,"),
        "below the column's minimum",
    ),
    "bytes table disagrees with calc": (
        _replace("tables/dtype_bytes.yaml", "{dtype: fp16, bytes: 2,", "{dtype: fp16, bytes: 4,"),
        "calc.PRECISIONS stores 2 bytes",
    ),
    "blank name": (_device("name: NVIDIA H100 SXM5 80GB", 'name: "   "'), "blank"),
    "BEL in name": (_device("name: NVIDIA H100 SXM5 80GB", 'name: "H100\\a"'), "control character"),
    "ESC in name": (_device("name: NVIDIA H100 SXM5 80GB", 'name: "H100\\e[31m"'), "control"),
    "bidi override": (
        _device("name: NVIDIA H100 SXM5 80GB", 'name: "H100\\u202e"'),
        "bidirectional",
    ),
    "zero-width alias": (
        _device('aliases: ["NVIDIA H100 80GB HBM3"]', 'aliases: ["NVIDIA H100 SXM5\\u200b 80GB"]'),
        "repeats the name",
    ),
    "cyrillic look-alike alias": (
        _device('aliases: ["NVIDIA H100 80GB HBM3"]', 'aliases: ["NVIDIА H100 SXM5 80GB"]'),
        "repeats the name",
    ),
    "full-width alias": (
        _device('aliases: ["NVIDIA H100 80GB HBM3"]', 'aliases: ["ＮＶＩＤＩＡ H100 SXM5 80GB"]'),
        "repeats the name",
    ),
    "url ending in a newline": (
        _device(
            "url: https://glennklockwood.com/garden/processors/h100",
            'url: "https://glennklockwood.com/garden/processors/h100\\n"',
        ),
        "absolute http",
    ),
    "glossary id is a heading id": (
        _replace("glossary.yaml", "- id: cpu", "- id: category-memory"),
        "heading",
    ),
    "negative layers": (_replace("models.yaml", "layers: 12", "layers: -12"), "layers"),
    "unknown rule metric": (
        _replace("export_controls.yaml", "metric: tpp,", "metric: tppx,"),
        "metric",
    ),
    "unknown preset key": (
        _replace("models.yaml", "    title: ResNet-18", "    hidden: oops\n    title: ResNet-18"),
        "unknown key",
    ),
    "duplicate source id": (
        _device(
            "sources:\n",
            "sources:\n  - {id: klockwood-h100, url: 'https://glennklockwood.com/a', title: t, accessed: '2026-11-22', fields: [power.tdp_w]}\n",
        ),
        "duplicate source id",
    ),
}


def _run(data: Path) -> CliRun:
    """Run ``xpuref validate`` on a data folder in this process."""
    return run_cli("validate", "--data", str(data))


def _run_process(data: Path) -> subprocess.CompletedProcess[str]:
    """Run the CLI in a fresh process with a hang guard (not a timing assertion)."""
    return subprocess.run(
        [sys.executable, "-m", "xpuref.cli", "validate", "--data", str(data)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )


@pytest.mark.parametrize("name", sorted(CASES))
def test_hostile_file_is_refused(name: str, data_copy: Path) -> None:
    """Each hostile edit gives located problems naming the cause, exit 1, no traceback."""
    edit, expected = CASES[name]
    edit(data_copy)
    done = _run(data_copy)
    assert done.returncode == 1, done.stdout + done.stderr
    assert "Traceback" not in done.stderr
    lines = [
        line for line in done.stderr.splitlines() if not line.endswith(f"found in {data_copy}")
    ]
    assert lines, done.stderr
    assert all(LOCATED.match(line) for line in lines), lines
    assert any(expected in line for line in lines), lines


#: Cases whose failure mode could be a hang or a crash of the interpreter: run in a process too.
_IN_A_PROCESS = ("symlink to /dev/zero", "fifo", "billion laughs", "deep nesting")


@pytest.mark.parametrize("name", _IN_A_PROCESS)
def test_hostile_file_in_a_fresh_process(name: str, data_copy: Path) -> None:
    """The command itself exits 1 with located lines and no traceback, within a hang guard."""
    edit, expected = CASES[name]
    edit(data_copy)
    done = _run_process(data_copy)
    assert done.returncode == 1, done.stdout + done.stderr
    assert "Traceback" not in done.stderr
    assert any(expected in line and LOCATED.match(line) for line in done.stderr.splitlines())


def test_bad_vendor_url_is_reported_once(data_copy: Path) -> None:
    """One broken vendor entry is one problem, not a cascade of 'unknown vendor'."""
    _replace("vendors.yaml", 'url: "https://www.nvidia.com/"', 'url: "ftp://nvidia"')(data_copy)
    done = _run(data_copy)
    problems = [line for line in done.stderr.splitlines() if LOCATED.match(line)]
    assert len(problems) == 1, problems
    assert problems[0].startswith("data/vendors.yaml:")


def test_duplicate_source_id_at_its_line(data_copy: Path) -> None:
    """A duplicate source id is reported on the line of the second id, not line 1."""
    _device(
        "sources:\n",
        "sources:\n  - {id: klockwood-h100, url: 'https://glennklockwood.com/a', title: t, accessed: '2026-11-22', fields: [power.tdp_w]}\n",
    )(data_copy)
    lines = (data_copy / DEVICE).read_text().splitlines()
    second = max(i for i, line in enumerate(lines, start=1) if "id: klockwood-h100" in line)
    done = _run(data_copy)
    assert f"{DEVICE.as_posix()}:{second}: sources[1].id: duplicate source id" in done.stderr


@pytest.mark.parametrize(
    ("url", "listing"),
    [
        ("https://techpowerup.com/news-tags/chip?page=8", True),
        ("https://techtime.news/tag/semiconductors/page/5/", True),
        ("https://example.org/topics/ai/", True),
        ("https://github.com/DeepGenGroup/DeepGen/releases/tag/v1.0.0", False),
        ("https://www.techpowerup.com/gpu-specs/h100-sxm5-80-gb.c3900", False),
        ("https://www.anandtech.com/show/21234/tagged-memory", False),
    ],
)
def test_listing_pages_are_told_from_articles(url: str, listing: bool) -> None:
    """Tag, category and topic listings are refused; a release tag or an article is not."""
    from xpuref.data.sites import listing_page

    assert listing_page(url) is listing
