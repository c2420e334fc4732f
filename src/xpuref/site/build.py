"""Build the site with MkDocs in a separate process, then swap it into place atomically.

The output folder is replaced only when it is missing, empty, or carries the marker file an
earlier build left in it: a build never deletes a folder it did not make.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from xpuref.data.paths import data_dir
from xpuref.data.version import data_version
from xpuref.site.handoff import HANDOFF_ENV, write_handoff
from xpuref.views.checked import load_checked

__all__ = ["MARKER", "SiteBuildError", "build_env", "build_site", "check_output"]

#: The file every built site carries; its presence lets the next build replace the folder.
MARKER = ".xpuref-site"
_STAGING = ".building-"


class SiteBuildError(Exception):
    """MkDocs failed, or the output folder may not be replaced; the message says which."""


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


def check_output(out: Path) -> None:
    """Refuse an output folder this tool did not make (or a file, or an unwritable place)."""
    if out.is_symlink():
        raise SiteBuildError(f"{out} is a symbolic link; choose a folder of its own")
    if out.exists() and not out.is_dir():
        raise SiteBuildError(f"{out} exists and is not a folder; nothing was changed")
    if out.is_dir() and any(out.iterdir()) and not (out / MARKER).is_file():
        raise SiteBuildError(
            f"{out} holds files that an xpuref build did not write (no {MARKER} marker); "
            "choose an empty or new folder. Nothing was changed"
        )
    parent = out.parent
    if not parent.is_dir() or not os.access(parent, os.W_OK):
        raise SiteBuildError(f"cannot write beside {out}: {parent} is not a writable folder")


def _clean_stale(out: Path) -> None:
    """Remove staging folders that a killed earlier build left beside the output."""
    for stale in out.parent.glob(f".{out.name}{_STAGING}*"):
        if stale.is_dir() and not stale.is_symlink():
            shutil.rmtree(stale, ignore_errors=True)


def build_site(config: Path, out: Path, *, strict: bool = True) -> Path:
    """Validate data, build into a temporary folder beside ``out``, then replace ``out``."""
    root = data_dir()
    dataset = load_checked(root)  # raises DataError before anything is written
    out = out.absolute()
    check_output(out)
    _clean_stale(out)
    try:
        staging = Path(tempfile.mkdtemp(prefix=f".{out.name}{_STAGING}", dir=out.parent))
    except OSError as exc:
        raise SiteBuildError(f"cannot write beside {out}: {exc.strerror}") from None
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
    handoff = Path(tempfile.mkdtemp(prefix="xpuref-handoff-"))
    try:
        env = {**build_env(root), HANDOFF_ENV: str(write_handoff(dataset, root, handoff))}
        done = subprocess.run(command, capture_output=True, text=True, env=env, check=False)
    finally:
        shutil.rmtree(handoff, ignore_errors=True)
    if done.returncode != 0:
        shutil.rmtree(staging, ignore_errors=True)
        raise SiteBuildError((done.stderr or done.stdout).strip())
    (staging / MARKER).write_text("Built by xpuref; the next build may replace this folder.\n")
    staging.chmod(0o755)
    old = out.with_name(f".{out.name}.old")
    if old.exists() and (old / MARKER).is_file():
        shutil.rmtree(old, ignore_errors=True)
    if out.exists():
        out.rename(old)
    staging.rename(out)
    if (old / MARKER).is_file() or (old.is_dir() and not any(old.iterdir())):
        shutil.rmtree(old, ignore_errors=True)
    return out
