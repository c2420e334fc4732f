"""xpuref: sourced peaks, memory and bandwidth of deep-learning hardware, and the math around them.

The public API imports only the standard library: ``xpuref.lookup(name)`` resolves a device
name as drivers and frameworks print it, ``xpuref.device(id)`` and ``xpuref.devices()`` read
the catalog compiled into the package, ``xpuref.models()`` gives the model presets, and
``TransformerConfig.from_hf_config``, ``mfu``, ``model_flops_per_token``,
``kv_bytes_per_token`` and ``llm_inference`` do the arithmetic. Figures are per visible device.
With ``XPUREF_DATA`` set to a data folder, the catalog is compiled from it instead (this needs
the ``xpuref[site]`` extra, which validates the YAML).
"""

from __future__ import annotations

import functools
import importlib
import os

from xpuref.core.catalog import (
    Catalog,
    Device,
    DeviceMatch,
    DriverName,
    MigSlice,
    ModelPreset,
    load_catalog,
)
from xpuref.core.names import (
    AmbiguousDeviceError,
    AmbiguousPeakError,
    DeviceLookupError,
    UnknownDeviceError,
)

#: typing is left out on purpose (it costs a third of a fast lookup); mypy runs this block.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from xpuref.calc._llm import llm_inference
    from xpuref.calc._mfu import mfu, model_flops_per_token
    from xpuref.calc._serving import kv_bytes_per_token
    from xpuref.calc._transformer import TransformerConfig
    from xpuref.data.dataset import Dataset

#: The arithmetic, imported on first use so that ``import xpuref`` and a lookup stay fast.
_LAZY = {
    "TransformerConfig": "xpuref.calc._transformer",
    "kv_bytes_per_token": "xpuref.calc._serving",
    "llm_inference": "xpuref.calc._llm",
    "mfu": "xpuref.calc._mfu",
    "model_flops_per_token": "xpuref.calc._mfu",
}

__version__ = "0.1.0"
__all__ = [
    "AmbiguousDeviceError",
    "AmbiguousPeakError",
    "Device",
    "DeviceLookupError",
    "DeviceMatch",
    "DriverName",
    "MigSlice",
    "ModelPreset",
    "TransformerConfig",
    "UnknownDeviceError",
    "__version__",
    "device",
    "devices",
    "kv_bytes_per_token",
    "llm_inference",
    "lookup",
    "mfu",
    "model_flops_per_token",
    "models",
]


@functools.cache
def _dataset() -> Dataset:
    """The validated data folder (XPUREF_DATA or the project's data/), loaded once."""
    from xpuref.data.paths import data_dir
    from xpuref.views.checked import load_checked

    return load_checked(data_dir())


def _catalog() -> Catalog:
    """The catalog shipped in the package, or one compiled from XPUREF_DATA when it is set."""
    if os.environ.get("XPUREF_DATA"):
        from xpuref.views.compiled import catalog_payload

        return Catalog(catalog_payload(_dataset()))
    return load_catalog()


def lookup(name: str) -> DeviceMatch:
    """Resolve a device name (nvidia-smi, torch, JAX, npu-smi, amd-smi) to its SKU and peaks.

    Raises UnknownDeviceError (with candidates) or AmbiguousDeviceError (a name or family
    name covering several SKUs, with the strings drivers print for each); both are
    ValueError. Peaks are per visible device: an AMD Instinct MI250X shows up as two devices,
    each with half of the package's figures; a MIG instance gets its share of the GPU.
    """
    return _catalog().lookup(name)


def device(device_id: str) -> Device:
    """The catalogued SKU with this id, figures per visible device."""
    return _catalog().device(device_id)


def devices() -> tuple[Device, ...]:
    """Every catalogued SKU, sorted by id, figures per visible device."""
    return _catalog().devices()


def models() -> dict[str, ModelPreset]:
    """The model presets by id; decoder presets carry a TransformerConfig."""
    return _catalog().models()


def __getattr__(name: str) -> Any:
    """Import the arithmetic names on first use."""
    if name in _LAZY:
        value = getattr(importlib.import_module(_LAZY[name]), name)
        globals()[name] = value
        return value
    raise AttributeError(f"module 'xpuref' has no attribute {name!r}")
