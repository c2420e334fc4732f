"""Where the project's data lives on disk."""

from __future__ import annotations

import os
from pathlib import Path

__all__ = ["DATA_DIR", "ROOT", "data_dir"]

ROOT = Path(__file__).resolve().parents[3]
DATA_DIR = ROOT / "data"


def data_dir() -> Path:
    """Return the data folder, honouring the XPUREF_DATA environment variable."""
    override = os.environ.get("XPUREF_DATA")
    return Path(override) if override else DATA_DIR
