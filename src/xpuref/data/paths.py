"""Where the project's data lives on disk."""

from __future__ import annotations

import os
from pathlib import Path

__all__ = ["CONTENT_DIR", "DATA_DIR", "ROOT", "content_pages", "data_dir"]


def _project_root() -> Path:
    """The source checkout the package runs from; for a regular install, the current folder."""
    checkout = Path(__file__).resolve().parents[3]
    return checkout if (checkout / "mkdocs.yml").is_file() else Path.cwd()


ROOT = _project_root()
DATA_DIR = ROOT / "data"
CONTENT_DIR = ROOT / "content"


def data_dir() -> Path:
    """Return the data folder, honouring the XPUREF_DATA environment variable."""
    override = os.environ.get("XPUREF_DATA")
    return Path(override) if override else DATA_DIR


def content_pages(content: Path = CONTENT_DIR) -> frozenset[str]:
    """The hand-written site pages, as paths relative to the content folder (``guides/x.md``)."""
    return frozenset(p.relative_to(content).as_posix() for p in content.rglob("*.md"))
