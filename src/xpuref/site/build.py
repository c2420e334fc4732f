"""Build the site with MkDocs in a separate process, then swap it into place atomically.

The output folder is replaced only when it is missing, empty, or carries the marker file an
earlier build left in it: a build never deletes a folder it did not make. Builds into one
folder take a lock on the folder that holds it, so a second build waits for the first; a build
deletes only its own staging folder and those of builds that are no longer running.
"""

from __future__ import annotations

import contextlib
import fcntl
import os
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

from xpuref.data.paths import data_dir
from xpuref.data.urls import public_address
from xpuref.data.version import data_version
from xpuref.render.pagecontext import BUNDLE_PATH
from xpuref.site.handoff import BUNDLE_ENV, HANDOFF_ENV, write_handoff
from xpuref.views.checked import load_checked

if TYPE_CHECKING:
    from xpuref.data.dataset import Dataset

__all__ = [
    "MARKER",
    "SiteBuildError",
    "build_env",
    "build_lock",
    "build_site",
    "check_output",
    "checked_site_url",
]

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


SITE_URL_ENV = "XPUREF_SITE_URL"


def checked_site_url() -> str | None:
    """The public address from XPUREF_SITE_URL, normalised; SiteBuildError when not plain."""
    given = os.environ.get(SITE_URL_ENV)
    if given is None or given == "":
        return None
    try:
        return public_address(given)
    except ValueError as exc:
        raise SiteBuildError(f"{SITE_URL_ENV}: {exc}; nothing was built") from None


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


def _alive(pid: int) -> bool:
    """Whether a process with this id is running (on this machine)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:
        return True
    return True


def _clean_stale(out: Path) -> None:
    """Remove staging folders that a killed earlier build left beside the output.

    Called with the lock held, so no other build into this folder is running; a staging folder
    still names its build's process, and one whose process lives is left alone all the same.
    """
    for stale in out.parent.glob(f".{out.name}{_STAGING}*"):
        owner = stale.name.removeprefix(f".{out.name}{_STAGING}").split("-", 1)[0]
        if owner.isdigit() and int(owner) != os.getpid() and _alive(int(owner)):
            continue
        if stale.is_dir() and not stale.is_symlink():
            shutil.rmtree(stale, ignore_errors=True)
        elif stale.is_file() and stale.suffix == ".zip":  # an offline zip a killed build left
            stale.unlink(missing_ok=True)


@contextlib.contextmanager
def build_lock(out: Path, *, wait: bool = True) -> Iterator[None]:
    """Hold an exclusive lock on the folder that holds ``out`` (waiting for another build)."""
    try:
        handle = os.open(out.parent, os.O_RDONLY | os.O_DIRECTORY)
    except OSError as exc:
        raise SiteBuildError(f"cannot write beside {out}: {exc.strerror}") from None
    try:
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            if not wait:
                raise SiteBuildError(
                    f"another build into {out.parent} is running; nothing was changed"
                ) from None
            print(f"waiting for another build into {out.parent} to finish", file=sys.stderr)
            fcntl.flock(handle, fcntl.LOCK_EX)
        yield
    finally:
        os.close(handle)  # closing the descriptor releases the lock


def build_site(
    config: Path, out: Path, *, strict: bool = True, bundle_config: Path | None = None
) -> Path:
    """Validate data, build into a temporary folder beside ``out``, then replace ``out``.

    With ``bundle_config`` (the offline configuration) the offline site is built first and
    zipped, and the zip is published inside the site at BUNDLE_PATH, linked from Downloads.
    """
    site_url = checked_site_url()
    root = data_dir()
    dataset = load_checked(root)  # raises DataError before anything is written
    out = out.absolute()
    check_output(out)
    with build_lock(out):
        check_output(out)  # a build that ran while this one waited may have changed it
        _clean_stale(out)
        return _build_locked(
            config, out, root, dataset, strict=strict, site_url=site_url, bundle=bundle_config
        )


def _build_locked(
    config: Path,
    out: Path,
    root: Path,
    dataset: Dataset,
    *,
    strict: bool,
    site_url: str | None,
    bundle: Path | None = None,
) -> Path:
    """Build into this build's own staging folder and swap it in; remove it on any failure."""
    try:
        staging = Path(
            tempfile.mkdtemp(prefix=f".{out.name}{_STAGING}{os.getpid()}-", dir=out.parent)
        )
    except OSError as exc:
        raise SiteBuildError(f"cannot write beside {out}: {exc.strerror}") from None
    published = False
    try:
        extra: dict[str, str] = {}
        if bundle is not None:
            # The offline site is built first (so the Downloads page can give the zip's size),
            # beside the staging folder, and so never holds the zip itself.
            archive = _offline_zip(bundle, staging, root, dataset, strict, site_url)
            extra[BUNDLE_ENV] = str(archive.stat().st_size)
        _run_mkdocs(config, staging, root, dataset, strict, site_url, extra)
        if bundle is not None:
            target = staging / BUNDLE_PATH
            target.parent.mkdir(parents=True, exist_ok=True)
            os.replace(archive, target)
        (staging / MARKER).write_text("Built by xpuref; the next build may replace this folder.\n")
        staging.chmod(0o755)
        old = out.with_name(f".{out.name}.old")
        if old.exists() and (old / MARKER).is_file():
            shutil.rmtree(old, ignore_errors=True)
        if out.exists():
            out.rename(old)
        staging.rename(out)
        published = True
        if (old / MARKER).is_file() or (old.is_dir() and not any(old.iterdir())):
            shutil.rmtree(old, ignore_errors=True)
    finally:
        if not published:
            shutil.rmtree(staging, ignore_errors=True)
            staging.with_name(f"{staging.name}.zip").unlink(missing_ok=True)
    return out


def _offline_zip(
    config: Path, staging: Path, root: Path, dataset: Dataset, strict: bool, site_url: str | None
) -> Path:
    """Build the offline configuration beside ``staging`` and zip it to a file in ``staging``'s
    parent folder (removed by the caller's cleanup when the build fails)."""
    from xpuref.site.bundle import zip_tree

    work = Path(tempfile.mkdtemp(prefix=staging.name + "-offline-", dir=staging.parent))
    try:
        _run_mkdocs(config, work / "site", root, dataset, strict, site_url)
        return zip_tree(
            work / "site", staging.parent / f"{staging.name}.zip", data_version(root).epoch
        )
    finally:
        shutil.rmtree(work, ignore_errors=True)


def _run_mkdocs(
    config: Path,
    staging: Path,
    root: Path,
    dataset: Dataset,
    strict: bool,
    site_url: str | None,
    extra: dict[str, str] | None = None,
) -> None:
    """Run MkDocs into ``staging``; raise SiteBuildError with its message when it fails."""
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
        env = {
            **build_env(root),
            **(extra or {}),
            HANDOFF_ENV: str(write_handoff(dataset, root, handoff)),
        }
        if site_url:
            env[SITE_URL_ENV] = site_url
        done = subprocess.run(command, capture_output=True, text=True, env=env, check=False)
    finally:
        shutil.rmtree(handoff, ignore_errors=True)
    if done.returncode != 0:
        raise SiteBuildError((done.stderr or done.stdout).strip())
