"""Templates compiled once at set-up, read (never written) by builds.

`scripts/setup.sh` runs `python -m xpuref.devtools.precompile`, which stores each template's
bytecode inside the virtual environment. A build only reads that store: Jinja checks each
entry against the template's current source and Python version, and compiles in memory any
template that changed since, so the store can make a build faster but never stale.
"""

from __future__ import annotations

import sys
from pathlib import Path

from jinja2.bccache import Bucket, FileSystemBytecodeCache

__all__ = ["ReadOnlyTemplateStore", "store_dir", "writable_store"]


def store_dir() -> Path:
    """Where set-up keeps compiled templates: inside the environment the package runs in."""
    return Path(sys.prefix) / "share" / "xpuref" / "compiled-templates"


class ReadOnlyTemplateStore(FileSystemBytecodeCache):
    """A bytecode cache a build reads from and never writes to."""

    def __init__(self, directory: Path) -> None:
        """Read compiled templates from ``directory`` (which may not exist)."""
        super().__init__(str(directory))

    def dump_bytecode(self, bucket: Bucket) -> None:
        """Write nothing: only set-up fills the store."""


def writable_store(directory: Path) -> FileSystemBytecodeCache:
    """The store as set-up fills it (compiling a template writes its bytecode there)."""
    return FileSystemBytecodeCache(str(directory))
