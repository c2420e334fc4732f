"""One `mkdocs serve` process picks up edits to devices, glossary, rules and tables."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest
from tests.conftest import ROOT, make_data_dir


def _free_port() -> int:
    """Ask the OS for a free loopback port."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


pytestmark = pytest.mark.site


def _fetch(url: str) -> str:
    """The page at url, or '' while the server is not answering."""
    try:
        with urllib.request.urlopen(url, timeout=5) as response:
            return str(response.read().decode("utf-8"))
    except (urllib.error.URLError, OSError):
        return ""


def _wait_for(url: str, text: str, seconds: float = 240) -> str:
    """Poll until the page contains text; fail with the last page seen."""
    deadline = time.monotonic() + seconds
    page = ""
    while time.monotonic() < deadline:
        page = _fetch(url)
        if text in page:
            return page
        time.sleep(0.5)
    pytest.fail(f"{url} never showed {text!r} (last page: {len(page)} characters)")


def _edit(path: Path, old: str, new: str) -> None:
    """Replace text in a data file, insisting it is there."""
    text = path.read_text(encoding="utf-8")
    assert old in text, old
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


@pytest.fixture
def served(tmp_path: Path) -> Iterator[tuple[str, Path]]:
    """mkdocs serve on the small fixture catalog with the real reference files, on a free port.

    Watching and rebuilding do not depend on the catalog's size, and the fixture builds in a
    quarter of the real catalog's time. The guides link real devices the fixture lacks, so this
    server is not strict (a strict build of the real data is what every other site test reads).
    """
    data = make_data_dir(tmp_path / "data")
    port = _free_port()
    env = {**os.environ, "XPUREF_DATA": str(data), "NO_MKDOCS_2_WARNING": "1"}
    proc = subprocess.Popen(
        [sys.executable, "-m", "mkdocs", "serve", "--no-strict", "-a", f"127.0.0.1:{port}"],
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        yield f"http://127.0.0.1:{port}/", data
    finally:
        proc.terminate()
        proc.wait(timeout=30)


def test_data_edits_show_after_rebuild(served: tuple[str, Path]) -> None:
    """Each kind of data edit reaches the served page without restarting the server.

    The four files are edited together, so one rebuild (of the whole site, both editions)
    serves them all; each edited page must then show its own edit."""
    url, data = served
    device = f"{url}devices/nvidia-h100-sxm5-80gb/"
    _wait_for(device, "NVIDIA H100 SXM5 80GB")
    edits = [
        (
            data / "devices/nvidia/nvidia-h100-sxm5-80gb.yaml",
            "name: NVIDIA H100 SXM5 80GB",
            "name: NVIDIA H100 SXM5 80GB Edited",
            device,
            "NVIDIA H100 SXM5 80GB Edited",
        ),
        (data / "glossary.yaml", "term: ", "term: Zqx ", f"{url}glossary/", "Zqx "),
        (
            data / "export_controls.yaml",
            'title: "US BIS interim final rule of October 2022',
            'title: "Edited rule title: US BIS interim final rule of October 2022',
            f"{url}export-controls/",
            "Edited rule title",
        ),
        (
            data / "tables/pcie_generations.yaml",
            "title: ",
            "title: Zqv edited ",
            f"{url}guides/interconnects/",
            "Zqv edited",
        ),
    ]
    for path, old, new, _, _ in edits:
        _edit(path, old, new)
    for _, _, _, page, expected in edits:
        _wait_for(page, expected)
