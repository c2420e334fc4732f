"""The data version a site is built from: a date and a commit, read from git."""

from __future__ import annotations

import os
import subprocess
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

__all__ = ["DataVersion", "data_version"]


@dataclass(frozen=True)
class DataVersion:
    """Which data a build holds: version label, date, and the commit's timestamp."""

    label: str
    date: str
    epoch: int


def _git(root: Path, *args: str) -> str:
    """Run git in ``root`` and return its output, or '' when git cannot answer."""
    try:
        done = subprocess.run(
            ["git", "-C", str(root), *args],
            capture_output=True,
            text=True,
            timeout=20,
            check=False,
        )
    except (OSError, subprocess.SubprocessError):
        return ""
    return done.stdout.strip() if done.returncode == 0 else ""


def data_version(data_root: Path) -> DataVersion:
    """Name the data: XPUREF_DATA_VERSION if set, else the last commit that touched it."""
    label = os.environ.get("XPUREF_DATA_VERSION", "")
    found = _git(data_root, "log", "-1", "--format=%ct %h", "--", ".")
    epoch = int(os.environ.get("SOURCE_DATE_EPOCH", "0") or 0)
    if found:
        stamp, commit = found.split()
        epoch = epoch or int(stamp)
        day = datetime.fromtimestamp(int(stamp), UTC).strftime("%Y-%m-%d")
        label = label or f"{day}+{commit}"
    day = datetime.fromtimestamp(epoch, UTC).strftime("%Y-%m-%d") if epoch else "unknown"
    return DataVersion(label or "uncommitted", day, epoch)
