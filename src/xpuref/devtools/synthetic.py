"""Synthetic catalogs for the bench: the real reference data with N cloned devices."""

from __future__ import annotations

import shutil
from itertools import cycle
from pathlib import Path
from typing import Any

import yaml

__all__ = ["make_synthetic_data"]


def make_synthetic_data(source: Path, target: Path, count: int) -> Path:
    """Write a data folder holding ``count`` valid devices cloned from the real ones.

    Systems, published statements, measurements and measured figures are left out: they name
    real device ids, which the clones do not have.
    """
    if count < 1:
        raise ValueError(f"count must be at least 1, got {count}")
    shutil.copytree(
        source,
        target,
        ignore=shutil.ignore_patterns(
            "devices", "systems", "export_published.yaml", "measurements.yaml", "measured"
        ),
    )
    originals = sorted((source / "devices").glob("*/*.yaml"))
    if not originals:
        raise ValueError(f"no devices to clone under {source / 'devices'}")
    templates: list[dict[str, Any]] = [yaml.safe_load(p.read_text("utf-8")) for p in originals]
    for index, template in zip(range(count), cycle(templates), strict=False):
        clone = dict(template)
        clone["id"] = f"{template['id']}-syn{index:04d}"
        clone["name"] = f"{template['name']} (synthetic {index})"
        clone["aliases"] = []
        clone["former_ids"] = []
        folder = target / "devices" / str(template["vendor"])
        folder.mkdir(parents=True, exist_ok=True)
        text = yaml.safe_dump(clone, sort_keys=False, allow_unicode=True)
        (folder / f"{clone['id']}.yaml").write_text(text, encoding="utf-8")
    return target
