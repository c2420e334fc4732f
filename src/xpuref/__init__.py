"""xpuref: validated deep-learning hardware data, the math around it, and the site built from it."""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from xpuref.data.dataset import Dataset
    from xpuref.views.lookup import DeviceMatch

__version__ = "0.1.0"
__all__ = ["__version__", "lookup"]


@functools.cache
def _dataset() -> Dataset:
    """The validated data folder (XPUREF_DATA or the project's data/), loaded once."""
    from xpuref.data.paths import data_dir
    from xpuref.views.checked import load_checked

    return load_checked(data_dir())


def lookup(name: str) -> DeviceMatch:
    """Resolve a device name (nvidia-smi, torch, JAX, npu-smi, amd-smi) to its SKU and peaks.

    Raises xpuref.views.lookup.UnknownDeviceError or AmbiguousDeviceError (both ValueError),
    listing candidate SKU ids. Peaks are per visible device: an AMD Instinct MI250X shows up
    as two devices, each with half of the package's figures.
    """
    from xpuref.views.lookup import lookup_name

    return lookup_name(name, _dataset())
