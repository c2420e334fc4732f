"""The public surface of ``xpuref``: exactly these names, each importable and documented."""

from __future__ import annotations

import inspect

import xpuref

PUBLIC = [
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


def test_all_is_pinned() -> None:
    """__all__ lists exactly the public names, sorted; adding one is a deliberate change."""
    assert xpuref.__all__ == PUBLIC


def test_every_public_name_resolves_and_has_a_docstring() -> None:
    """Each name is reachable from the package and says what it is."""
    for name in PUBLIC:
        member = getattr(xpuref, name)
        if name != "__version__":
            assert inspect.getdoc(member), name


def test_signatures_of_the_entry_points() -> None:
    """The call shapes the README documents."""
    assert str(inspect.signature(xpuref.lookup)) == "(name: 'str') -> 'DeviceMatch'"
    assert str(inspect.signature(xpuref.device)) == "(device_id: 'str') -> 'Device'"
    peak = inspect.signature(xpuref.Device.peak)
    assert list(peak.parameters) == ["self", "precision", "unit"]
    assert "tp" in inspect.signature(xpuref.llm_inference).parameters
    assert callable(xpuref.TransformerConfig.from_hf_config)


def test_errors_are_value_errors_with_candidates() -> None:
    """Lookup errors are ValueErrors with a candidates list; a unit-less peak is a KeyError."""
    assert issubclass(xpuref.UnknownDeviceError, xpuref.DeviceLookupError)
    assert issubclass(xpuref.AmbiguousDeviceError, xpuref.DeviceLookupError)
    assert issubclass(xpuref.DeviceLookupError, ValueError)
    assert issubclass(xpuref.AmbiguousPeakError, KeyError)
    assert xpuref.UnknownDeviceError("x", ["a"]).candidates == ["a"]


def test_typed_results() -> None:
    """Typed records come back: devices, models with TransformerConfig, memory in bytes."""
    h100 = xpuref.device("nvidia-h100-sxm5-80gb")
    assert isinstance(h100, xpuref.Device)
    assert h100.memory_bytes == 80 * 1024**3
    assert h100.bandwidth == 3.35e12
    llama = xpuref.models()["llama-3.1-8b"]
    assert isinstance(llama.config, xpuref.TransformerConfig)
    assert llama.published["params"] == 8030261248
