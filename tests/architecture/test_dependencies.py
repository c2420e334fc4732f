"""Dependency hygiene: the core depends on nothing; each extra is pinned and hash-locked."""

from __future__ import annotations

import re
import subprocess
import sys
import tomllib

from tests.conftest import ROOT

PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text())
LOCKS = {extra: (ROOT / "requirements" / f"{extra}.lock").read_text() for extra in ("site", "dev")}
EXTRAS = PYPROJECT["project"]["optional-dependencies"]


def _declared(extra: str) -> list[str]:
    """The requirement strings an extra brings, the extras it names included."""
    found: list[str] = []
    for requirement in EXTRAS[extra]:
        inner = re.fullmatch(r"xpuref\[([a-z,]+)\]", requirement)
        found += _declared(inner[1]) if inner else [requirement]
    return found


def _locked(extra: str) -> dict[str, str]:
    """Package name (normalised) to version, from one extra's lock."""
    found = re.findall(r"^([A-Za-z0-9_.-]+)==([^\s\\]+)", LOCKS[extra], flags=re.M)
    return {name.lower().replace("_", "-"): version for name, version in found}


def test_core_depends_on_nothing() -> None:
    """`pip install xpuref` pulls in no other package; the site and dev tools are extras."""
    assert PYPROJECT["project"]["dependencies"] == []
    assert set(EXTRAS) == {"site", "dev"}
    assert "xpuref[site]" in EXTRAS["dev"]


def test_every_declared_dependency_is_pinned_and_locked() -> None:
    """Each requirement is name==version, and its extra's lock holds exactly that version."""
    for extra in ("site", "dev"):
        locked = _locked(extra)
        for requirement in _declared(extra):
            name, sep, version = requirement.partition("==")
            assert sep, f"{requirement} is not pinned with =="
            assert locked.get(name.lower().replace("_", "-")) == version, (extra, requirement)


def test_site_lock_is_the_dev_lock_without_the_dev_tools() -> None:
    """Both locks agree on every shared package; the site lock holds no test or lint tool."""
    site, dev = _locked("site"), _locked("dev")
    assert all(dev.get(name) == version for name, version in site.items())
    for tool in ("pytest", "playwright", "mypy", "ruff", "plotly", "hypothesis", "deptry"):
        assert tool not in site and tool in dev
    assert "pytest-xdist" in dev


def test_lock_pins_everything_with_hashes() -> None:
    """Every locked package has one version and at least one sha256 hash."""
    for extra, text in LOCKS.items():
        blocks = re.split(r"\n(?=[A-Za-z0-9_.-]+==)", text.strip())
        assert len(blocks) >= (40 if extra == "dev" else 25)
        for block in blocks:
            assert "--hash=sha256:" in block, block.splitlines()[0]


def test_no_redirect_plugin_or_its_fork() -> None:
    """Redirect pages are written by the build: mkdocs-redirects and properdocs are gone."""
    lock = LOCKS["dev"]
    assert "mkdocs-redirects" not in lock and "properdocs" not in lock
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
