"""The one skeleton every data file goes through: read, check the top shape, parse, locate."""

from __future__ import annotations

from pathlib import Path
from typing import TypeVar

from pydantic import BaseModel

from xpuref.data.located import parse_model
from xpuref.data.problems import Problem
from xpuref.data.publishers import Registry
from xpuref.data.sites import check_sites
from xpuref.data.yamlfile import SourceFile, read_collecting

__all__ = ["load_model", "read_checked"]

M = TypeVar("M", bound=BaseModel)


def read_checked(
    path: Path,
    root: Path,
    problems: list[Problem],
    registry: Registry | None,
    shape: type = dict,
    what: str = "fields",
) -> SourceFile | None:
    """Read one YAML file, check its top-level shape and every address it cites."""
    src = read_collecting(path, root, problems)
    if src is None:
        return None
    if not isinstance(src.data, shape):
        kind = "a mapping of" if shape is dict else "a list of"
        problems.append(Problem(src.name, 1, "", f"expected {kind} {what}"))
        return None
    if registry is not None:
        problems += check_sites(src, registry)
    return src


def load_model(
    model: type[M],
    path: Path,
    root: Path,
    problems: list[Problem],
    *,
    registry: Registry | None = None,
    shape: type = dict,
    what: str = "fields",
) -> tuple[M, SourceFile] | None:
    """Read one YAML file and validate it as ``model``; add located problems on failure."""
    src = read_checked(path, root, problems, registry, shape, what)
    if src is None:
        return None
    parsed, found = parse_model(model, src.data, src)
    problems += found
    if parsed is None:
        return None
    return parsed, src
