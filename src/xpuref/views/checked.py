"""Load the dataset and run the checks that need computed figures (published classes)."""

from __future__ import annotations

from pathlib import Path

from xpuref.data.dataset import Dataset, load_dataset
from xpuref.data.problems import DataError
from xpuref.views.published import published_problems

__all__ = ["load_checked"]


def load_checked(root: Path) -> Dataset:
    """The validated dataset, or DataError when data or its computed classes fail a check."""
    ds = load_dataset(root)
    problems = published_problems(ds)
    if problems:
        raise DataError(problems)
    return ds
