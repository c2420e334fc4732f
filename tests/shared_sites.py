"""Sites built once per test run and shared by every xdist worker.

Each artefact (the real site, the hostile-data site, the offline bundle) is built under a file
lock in the run's shared temporary folder, so the first process to ask builds it and the others
wait for it. A served site gets one loopback server process for the whole run, which stops when
the pytest process that started the run ends. ``scripts/test.sh`` starts the builds in the
background as the run begins (``python -m tests.shared_sites``), beside the first tests.
"""

from __future__ import annotations

import fcntl
import os
import socket
import subprocess
import sys
import time
import zipfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
#: Artefacts a run may share, in the order a background prebuild makes them.
NAMES = ("site", "bundle", "hostile")
PREBUILD_ENV = "XPUREF_PREBUILD"
#: Background processes this process started (kept so they are not reaped as garbage).
_CHILDREN: list[subprocess.Popen[bytes]] = []


@dataclass(frozen=True)
class BuiltSite:
    """A site built once per test run from the real data, and served on loopback."""

    root: Path
    url: str


def shared_root(basetemp: Path) -> Path:
    """The temporary folder every worker of this run sees (the controller's base folder)."""
    return basetemp.parent if os.environ.get("PYTEST_XDIST_WORKER") else basetemp


def run_pid() -> int:
    """The pytest process that owns this run (the xdist controller when under xdist)."""
    return os.getppid() if os.environ.get("PYTEST_XDIST_WORKER") else os.getpid()


def run_xpuref(*args: str, **env_extra: str) -> subprocess.CompletedProcess[str]:
    """Run the xpuref command line from the project root in a fresh process."""
    env = {k: v for k, v in os.environ.items() if k not in {"XPUREF_SITE_URL", "XPUREF_DATA"}}
    return subprocess.run(
        [sys.executable, "-m", "xpuref.cli", *args],
        cwd=ROOT,
        env={**env, **env_extra},
        capture_output=True,
        text=True,
        check=False,
    )


def _xpuref(*args: str, **env_extra: str) -> None:
    """Run the command line in a fresh process; fail with its message when it fails."""
    done = run_xpuref(*args, **env_extra)
    if done.returncode != 0:
        raise AssertionError(f"xpuref {' '.join(args)} failed:\n{done.stderr}")


def _start_server(folder: Path, watch: int) -> str:
    """Start a quiet loopback server for ``folder`` that lives as long as process ``watch``."""
    port_file = folder.with_name(folder.name + ".port")
    port_file.unlink(missing_ok=True)
    server = subprocess.Popen(
        [sys.executable, "-m", "tests.serve_site", str(folder), str(port_file), str(watch)],
        cwd=ROOT,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )
    _CHILDREN.append(server)
    deadline = time.monotonic() + 30
    while not port_file.exists() or not port_file.read_text().strip():
        if time.monotonic() > deadline:
            raise AssertionError("the loopback server for the test site did not start")
        time.sleep(0.05)
    port = int(port_file.read_text())
    with socket.create_connection(("127.0.0.1", port), timeout=10):
        pass
    return f"http://127.0.0.1:{port}/"


def _served(env_extra: dict[str, str]) -> Callable[[Path, int], None]:
    """A builder of a served site: server first (its port is the site's address), then build."""

    def build(work: Path, watch: int) -> None:
        url = _start_server(work / "site", watch)
        _xpuref("build", "--out", str(work / "site"), XPUREF_SITE_URL=url, **env_extra)
        (work / "url").write_text(url)

    return build


def _real_site(work: Path, watch: int) -> None:
    """The real site, as a plain `xpuref build` makes it (no offline zip)."""
    _served({})(work, watch)


def _hostile_site(work: Path, watch: int) -> None:
    """A site built from a device whose every text field carries a script payload."""
    from tests.conftest import make_data_dir

    data = make_data_dir(work / "data", ROOT / "tests" / "fixtures" / "hostile")
    _served({"XPUREF_DATA": str(data)})(work, watch)


def _bundle(work: Path, watch: int) -> None:
    """The offline bundle, built and unzipped (the folder holding index.html is unzipped/x)."""
    archive = work / "xpuref-offline.zip"
    _xpuref("bundle", "--out", str(archive))
    with zipfile.ZipFile(archive) as zf:
        zf.extractall(work / "unzipped")


_BUILDERS: dict[str, Callable[[Path, int], None]] = {
    "site": _real_site,
    "bundle": _bundle,
    "hostile": _hostile_site,
}


def ensure(root: Path, name: str, watch: int) -> Path:
    """The work folder of artefact ``name`` under ``root``, built now unless already built."""
    work = root / f"shared-{name}"
    done = root / f"shared-{name}.done"
    with open(root / f"shared-{name}.lock", "a") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not done.exists():
            if work.exists():
                import shutil

                shutil.rmtree(work)
            work.mkdir(parents=True)
            _BUILDERS[name](work, watch)
            done.write_text("built\n")
    return work


def served(root: Path, name: str, watch: int) -> BuiltSite:
    """A served shared site: its folder and its loopback address."""
    work = ensure(root, name, watch)
    return BuiltSite(work / "site", (work / "url").read_text())


def start_prebuild(root: Path, names: list[str]) -> None:
    """Build ``names`` in a background process while the run's first tests go on."""
    unknown = set(names) - set(NAMES)
    if unknown:
        raise ValueError(f"{PREBUILD_ENV}: unknown artefact {sorted(unknown)}; known: {NAMES}")
    with (root / "prebuild.log").open("w") as log:
        builder = subprocess.Popen(
            [sys.executable, "-m", "tests.shared_sites", str(root), str(os.getpid()), *names],
            cwd=ROOT,
            stdin=subprocess.DEVNULL,
            stdout=log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
    _CHILDREN.append(builder)


def main(argv: list[str]) -> int:
    """Prebuild: ROOT WATCH_PID NAME...; a failure is left for the test that asks to report."""
    root, watch, names = Path(argv[0]), int(argv[1]), argv[2:]
    status = 0
    for name in names:
        try:
            ensure(root, name, watch)
        except AssertionError as exc:
            print(exc, file=sys.stderr)
            status = 1
    return status


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
