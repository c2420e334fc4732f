"""Dependency hygiene: everything imported is declared, everything declared is pinned and locked."""

from __future__ import annotations

import re
import subprocess
import sys
import tomllib

from tests.conftest import ROOT

PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text())
LOCK = (ROOT / "requirements.lock").read_text()


def _declared() -> list[str]:
    """Every runtime and dev requirement string in pyproject.toml."""
    project = PYPROJECT["project"]
    return [*project["dependencies"], *project["optional-dependencies"]["dev"]]


def _locked() -> dict[str, str]:
    """Package name (normalised) to version, from requirements.lock."""
    found = re.findall(r"^([A-Za-z0-9_.-]+)==([^\s\\]+)", LOCK, flags=re.M)
    return {name.lower().replace("_", "-"): version for name, version in found}


def test_every_declared_dependency_is_pinned_and_locked() -> None:
    """Each requirement is name==version, and the lock holds exactly that version."""
    locked = _locked()
    for requirement in _declared():
        name, sep, version = requirement.partition("==")
        assert sep, f"{requirement} is not pinned with =="
        assert locked.get(name.lower().replace("_", "-")) == version, requirement


def test_lock_pins_everything_with_hashes() -> None:
    """Every locked package has one version and at least one sha256 hash."""
    blocks = re.split(r"\n(?=[A-Za-z0-9_.-]+==)", LOCK.strip())
    assert len(blocks) >= 40
    for block in blocks:
        assert "--hash=sha256:" in block, block.splitlines()[0]


def test_no_redirect_plugin_or_its_fork() -> None:
    """Redirect pages are written by the build: mkdocs-redirects and properdocs are gone."""
    assert "mkdocs-redirects" not in LOCK and "properdocs" not in LOCK
    for config in ("mkdocs.yml", "mkdocs-offline.yml"):
        assert "redirects" not in (ROOT / config).read_text()


def test_deptry_finds_no_issue() -> None:
    """deptry: every import is declared and every declared runtime package is used."""
    done = subprocess.run(
        [sys.executable, "-m", "deptry", "src"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr
