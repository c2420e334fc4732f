"""Builds are locked, clean up after themselves, and never run a program a data folder names."""

from __future__ import annotations

import os
import signal
import stat
import subprocess
import sys
import time
import zipfile
from pathlib import Path

import pytest
from tests.conftest import ROOT, make_data_dir, run_xpuref

from xpuref import cli
from xpuref.data import version
from xpuref.data.version import data_version, git_may_run, safe_git_command
from xpuref.site import build as site_build
from xpuref.site.build import MARKER, SiteBuildError, build_lock
from xpuref.site.bundle import zip_tree

pytestmark = pytest.mark.site


def _env(**extra: str) -> dict[str, str]:
    """The environment of a command-line run, without the caller's site settings."""
    env = {k: v for k, v in os.environ.items() if k not in {"XPUREF_SITE_URL", "XPUREF_DATA"}}
    return {**env, **extra}


def _default_sigint() -> None:
    """In the child: Ctrl-C does what it does at a terminal, even where the run's parent shell
    ignores it (a command started in the background with `&` inherits an ignored SIGINT)."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def _start(*args: str, **extra: str) -> subprocess.Popen[str]:
    """Start the command line in its own session (so a Ctrl-C can reach its whole group)."""
    return subprocess.Popen(
        [sys.executable, "-m", "xpuref.cli", *args],
        cwd=ROOT,
        env=_env(**extra),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
        preexec_fn=_default_sigint,
    )


def _hostile_repository(data: Path, marker: Path) -> Path:
    """Make ``data`` a git repository whose own config runs ``marker``'s writer on a log."""
    tools = data.parent / "tools"
    tools.mkdir()
    sign = tools / "sign"
    sign.write_text(
        "#!/bin/sh\ncat >/dev/null\necho '-----BEGIN PGP SIGNATURE-----'\necho x\n"
        "echo '-----END PGP SIGNATURE-----'\nprintf '\\n[GNUPG:] SIG_CREATED D 1 8 00 1 X\\n' >&2\n"
    )
    run = tools / "run"
    run.write_text(f"#!/bin/sh\necho ran >> '{marker}'\n")
    for script in (sign, run):
        script.chmod(0o755)

    def git(*args: str) -> None:
        subprocess.run(["git", "-C", str(data), *args], check=True, capture_output=True)

    git("init", "-q", ".")
    git("add", "-A")
    git("-c", "user.name=x", "-c", "user.email=x@example.org", "-c", f"gpg.program={sign}",
        "commit", "-q", "-S", "-m", "signed")  # fmt: skip
    for key, value in [
        ("log.showSignature", "true"),
        ("gpg.program", str(run)),
        ("core.fsmonitor", str(run)),
        ("core.pager", str(run)),
        ("diff.external", str(run)),
        ("core.hooksPath", str(tools)),
    ]:
        git("config", key, value)
    return run


def test_hostile_git_config_runs_no_program(tmp_path: Path) -> None:
    """A data folder whose .git config would run a program: validate runs none. (The two
    concurrent builds below build from such a folder and run none either.)"""
    data = make_data_dir(tmp_path / "data")
    marker = tmp_path / "MARKER"
    _hostile_repository(data, marker)
    # The fixture is live: plain git, as the build once ran it, does run the program.
    subprocess.run(["git", "-C", str(data), "log", "-1", "--", "."], capture_output=True)
    assert marker.is_file()
    marker.unlink()
    assert not git_may_run(data)
    assert data_version(data).label == "uncommitted"
    # Even if git were asked, the command line turns every executing setting off.
    command, env = safe_git_command(data, "log", "-1", "--format=%h", "--", ".")
    subprocess.run(command, env=env, capture_output=True, check=True)
    assert not marker.exists()
    assert run_xpuref("validate", "--data", str(data)).returncode == 0
    assert not marker.exists()


def test_project_checkout_may_run_git_but_not_a_nested_repository(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Git is asked only about the project's own data; a copy, or a nested repository, is not."""
    assert git_may_run(ROOT / "data") == (ROOT / ".git").exists()
    assert not git_may_run(tmp_path)
    project = tmp_path / "project"
    (project / ".git").mkdir(parents=True)
    (project / "data" / "nested" / ".git").mkdir(parents=True)
    monkeypatch.setattr(version, "ROOT", project)
    assert git_may_run(project / "data")
    assert not git_may_run(project / "data" / "nested")
    assert not git_may_run(tmp_path / "elsewhere")


def _staging(folder: Path) -> list[str]:
    """Names of staging and old-site folders beside an output."""
    return sorted(p.name for p in folder.iterdir() if p.name.startswith("."))


def test_two_concurrent_builds_leave_one_complete_site(tmp_path: Path) -> None:
    """Two builds into one folder at once, beside a killed build's staging folder: both succeed
    in turn, the stale staging goes, and one readable site (mode 0755, with its marker and
    headers) is left, with no staging. The data folder's .git config would run a program, and
    neither build runs it."""
    data = str(make_data_dir(tmp_path / "data"))  # the small fixture catalog builds faster
    marker = tmp_path / "MARKER"
    _hostile_repository(Path(data), marker)
    out = tmp_path / "out" / "site"
    out.parent.mkdir()
    stale = out.parent / ".site.building-killed"
    stale.mkdir()
    (stale / "index.html").write_text("half a site")
    first = _start("build", "--out", str(out), XPUREF_DATA=data)
    second = _start("build", "--out", str(out), XPUREF_DATA=data)
    results = [p.communicate(timeout=600) for p in (first, second)]
    assert first.returncode == 0, results[0]
    assert second.returncode == 0, results[1]
    assert sorted(p.name for p in out.parent.iterdir()) == ["site"]
    for name in ("index.html", "404.html", "_headers", MARKER, "data/devices.json"):
        assert (out / name).is_file(), name
    assert stat.S_IMODE(out.stat().st_mode) == 0o755
    assert (out / "_headers").read_text().startswith("/*\n  Content-Security-Policy:")
    assert "Traceback" not in results[0][1] + results[1][1]
    assert not marker.exists()


def test_ctrl_c_prints_one_line_and_leaves_no_staging(tmp_path: Path) -> None:
    """Ctrl-C during MkDocs: one line on stderr, exit 130, no staging folder, no site."""
    out = tmp_path / "site"
    proc = _start("build", "--out", str(out))
    deadline = time.monotonic() + 120
    while not any(p.name.startswith(".site.building-") for p in tmp_path.iterdir()):
        assert proc.poll() is None, proc.communicate()
        assert time.monotonic() < deadline
        time.sleep(0.05)
    time.sleep(0.5)  # MkDocs is running into the staging folder
    os.killpg(proc.pid, signal.SIGINT)
    _stdout, stderr = proc.communicate(timeout=60)
    assert proc.returncode == 130, stderr
    assert "Traceback" not in stderr
    assert len(stderr.strip().splitlines()) == 1, stderr
    assert "interrupted" in stderr
    assert list(tmp_path.iterdir()) == []


def test_interrupt_in_process_prints_one_line(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """The command line turns KeyboardInterrupt into one line and exit 130 for each command."""

    def stop(*args: object, **kwargs: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(site_build, "build_site", stop)
    assert cli.main(["build", "--out", "unused"]) == 130
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "interrupted" in err


def test_only_dead_builds_staging_is_cleaned(tmp_path: Path) -> None:
    """Stale staging of a dead build goes; a live build's staging folder stays."""
    out = tmp_path / "site"
    sleeper = subprocess.Popen(["sleep", "60"])
    try:
        live = tmp_path / f".site.building-{sleeper.pid}-abc"
        dead_pid = subprocess.Popen(["true"])
        dead_pid.wait()
        dead = tmp_path / f".site.building-{dead_pid.pid}-abc"
        killed = tmp_path / ".site.building-killed"
        other = tmp_path / ".other.building-1-abc"
        for folder in (live, dead, killed, other):
            folder.mkdir()
        with build_lock(out):
            site_build._clean_stale(out)
        assert live.is_dir() and other.is_dir()
        assert not dead.exists() and not killed.exists()
    finally:
        sleeper.kill()
        sleeper.wait()


def test_lock_refuses_without_waiting_when_held(tmp_path: Path) -> None:
    """A second lock on one folder waits, or with wait=False refuses in one line."""
    out = tmp_path / "site"
    with build_lock(out):
        holder = subprocess.run(
            [sys.executable, "-c",
             "import sys; from pathlib import Path; from xpuref.site.build import build_lock, "
             "SiteBuildError\ntry:\n  with build_lock(Path(sys.argv[1]), wait=False): pass\n"
             "except SiteBuildError as e:\n  print(e); sys.exit(3)", str(out)],
            capture_output=True, text=True, timeout=60, check=False,
        )  # fmt: skip
    assert holder.returncode == 3, holder.stderr
    assert "another build" in holder.stdout and holder.stdout.count("\n") == 1
    with build_lock(out, wait=False):
        pass  # released: a lock can be taken again at once
    with pytest.raises(SiteBuildError), build_lock(tmp_path / "missing" / "site"):
        pass


def test_failed_bundle_leaves_no_partial(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A zip that fails (out is a folder) or is interrupted leaves no ``.partial`` file."""
    tree = tmp_path / "tree"
    tree.mkdir()
    (tree / "index.html").write_text("x")
    blocked = tmp_path / "dist" / "bundle.zip"
    blocked.mkdir(parents=True)
    with pytest.raises(OSError):
        zip_tree(tree, blocked, 0)
    assert sorted(p.name for p in blocked.parent.iterdir()) == ["bundle.zip"]
    out = tmp_path / "dist2" / "bundle.zip"

    def interrupted(*args: object, **kwargs: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(zipfile.ZipFile, "writestr", interrupted)
    with pytest.raises(KeyboardInterrupt):
        zip_tree(tree, out, 0)
    assert list(out.parent.iterdir()) == []
