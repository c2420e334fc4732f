"""Build the site with MkDocs in a separate process, then swap it into place atomically."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from xpuref.paths import data_dir
from xpuref.validation import validate_data
from xpuref.version import data_version

__all__ = ["SiteBuildError", "build_site"]


class SiteBuildError(Exception):
    """MkDocs failed; the message holds what it printed."""


def build_env(data_root: Path) -> dict[str, str]:
    """Environment for a reproducible build: timestamps from the data's last commit."""
    env = dict(os.environ)
    version = data_version(data_root)
    if version.epoch and "SOURCE_DATE_EPOCH" not in env:
        env["SOURCE_DATE_EPOCH"] = str(version.epoch)
    env.setdefault("PYTHONHASHSEED", "0")
    env.setdefault("NO_MKDOCS_2_WARNING", "1")
    env.setdefault("DISABLE_MKDOCS_2_WARNING", "true")
    return env


def build_site(config: Path, out: Path, *, strict: bool = True) -> Path:
    """Validate data, build into a temporary folder beside ``out``, then replace ``out``."""
    root = data_dir()
    validate_data(root)  # raises DataError before anything is written
    out = out.resolve()
    out.parent.mkdir(parents=True, exist_ok=True)
    staging = Path(tempfile.mkdtemp(prefix=f".{out.name}.building-", dir=out.parent))
    command = [
        sys.executable,
        "-m",
        "mkdocs",
        "build",
        "--quiet",
        "-f",
        str(config),
        "-d",
        str(staging),
    ]
    if strict:
        command.append("--strict")
    done = subprocess.run(command, capture_output=True, text=True, env=build_env(root), check=False)
    if done.returncode != 0:
        shutil.rmtree(staging, ignore_errors=True)
        raise SiteBuildError((done.stderr or done.stdout).strip())
    old = out.with_name(f".{out.name}.old")
    shutil.rmtree(old, ignore_errors=True)
    if out.exists():
        out.rename(old)
    staging.rename(out)
    shutil.rmtree(old, ignore_errors=True)
    return out
