"""The data version a site is built from: a date and a commit, read from git.

Data is only data: git runs only when the data folder lies in the project's own checkout (the
nearest repository above it is the one holding this package), and even then with every setting
that could start a program turned off. A data folder carrying its own ``.git`` (or kept outside
the checkout) is never handed to git; its version is ``uncommitted`` and its date comes from
``SOURCE_DATE_EPOCH`` alone.
"""

from __future__ import annotations

import os
import subprocess
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from xpuref.data.paths import ROOT

__all__ = ["DataVersion", "data_version", "git_may_run", "safe_git_command"]


@dataclass(frozen=True)
class DataVersion:
    """Which data a build holds: version label, date, and the commit's timestamp."""

    label: str
    date: str
    epoch: int


#: Settings that could make ``git log`` start a program, each turned off on the command line
#: (a command-line setting beats every configuration file).
_OFF = (
    "core.fsmonitor=false",
    "core.hooksPath=/dev/null",
    "core.pager=cat",
    "core.sshCommand=false",
    "core.askPass=false",
    "credential.helper=",
    "diff.external=",
    "gpg.program=false",
    "gpg.ssh.program=false",
    "gpg.x509.program=false",
    "log.showSignature=false",
    "pager.log=false",
    "protocol.allow=never",
)


def _repository_of(folder: Path) -> Path | None:
    """The nearest folder at or above ``folder`` that holds a ``.git`` entry, if any."""
    for place in (folder, *folder.parents):
        if (place / ".git").exists():
            return place
    return None


def git_may_run(data_root: Path) -> bool:
    """Whether git may be asked about ``data_root``: only inside the project's own checkout."""
    try:
        here = data_root.resolve()
        project = ROOT.resolve()
    except OSError:
        return False
    return (project / ".git").exists() and _repository_of(here) == project


def safe_git_command(root: Path, *args: str) -> tuple[list[str], dict[str, str]]:
    """The git command line and environment with no system, global or executing config."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("GIT_")}
    env.update(
        GIT_CONFIG_NOSYSTEM="1",
        GIT_CONFIG_GLOBAL=os.devnull,
        GIT_TERMINAL_PROMPT="0",
        GIT_PAGER="cat",
        GIT_CEILING_DIRECTORIES=str(ROOT.resolve().parent),
    )
    options = [part for setting in _OFF for part in ("-c", setting)]
    return ["git", "--no-pager", *options, "-C", str(root), *args], env


def _git(root: Path, *args: str) -> str:
    """Run git in ``root`` and return its output, or '' when git may not or cannot answer."""
    if not git_may_run(root):
        return ""
    command, env = safe_git_command(root, *args)
    try:
        done = subprocess.run(
            command, capture_output=True, text=True, timeout=20, check=False, env=env
        )
    except (OSError, subprocess.SubprocessError):
        return ""
    return done.stdout.strip() if done.returncode == 0 else ""


def data_version(data_root: Path) -> DataVersion:
    """Name the data: XPUREF_DATA_VERSION if set, else the last commit that touched it."""
    label = os.environ.get("XPUREF_DATA_VERSION", "")
    found = _git(
        data_root, "log", "-1", "--no-show-signature", "--no-ext-diff", "--format=%ct %h", "--", "."
    )
    epoch = int(os.environ.get("SOURCE_DATE_EPOCH", "0") or 0)
    if found:
        stamp, commit = found.split()
        epoch = epoch or int(stamp)
        day = datetime.fromtimestamp(int(stamp), UTC).strftime("%Y-%m-%d")
        label = label or f"{day}+{commit}"
    day = datetime.fromtimestamp(epoch, UTC).strftime("%Y-%m-%d") if epoch else "unknown"
    return DataVersion(label or "uncommitted", day, epoch)
