"""The resolver on the RTX PRO 6000 Server Edition and on Hopper/Blackwell MIG slices."""

from __future__ import annotations

import pytest

import xpuref


def test_server_edition_is_its_own_sku() -> None:
    """The Server Edition resolves to its record, never to the Workstation Edition's."""
    server = xpuref.lookup("NVIDIA RTX PRO 6000 Blackwell Server Edition")
    workstation = xpuref.lookup("NVIDIA RTX PRO 6000 Blackwell Workstation Edition")
    assert server.id == "nvidia-rtx-pro-6000-blackwell-server-96gb"
    assert workstation.id == "nvidia-rtx-pro-6000-blackwell-96gb"
    assert server.memory_bytes == 96 * 1024**3


def test_server_edition_gives_no_borrowed_matrix_peak() -> None:
    """Its Tensor rates are a stated gap: asking for one raises instead of guessing."""
    server = xpuref.lookup("NVIDIA RTX PRO 6000 Blackwell Server Edition")
    with pytest.raises(KeyError, match="bf16_matrix"):
        server.peak("bf16", unit="matrix")


def test_server_edition_mig_quarters() -> None:
    """Its MIG slices are quarters: 2g.48gb is half the SMs and 48 GiB."""
    half = xpuref.lookup("NVIDIA RTX PRO 6000 Blackwell Server Edition MIG 2g.48gb")
    assert half.mig is not None
    assert (half.mig.compute_slices, half.mig.gpu_compute_slices) == (2, 4)
    assert half.memory_bytes == 48 * 1024**3


@pytest.mark.parametrize(
    ("name", "device_id", "slices", "gib"),
    [
        ("NVIDIA H200 MIG 3g.71gb", "nvidia-h200-sxm-141gb", 3, 71),
        ("NVIDIA H200 MIG 1g.18gb", "nvidia-h200-sxm-141gb", 1, 18),
        ("NVIDIA B200 MIG 4g.90gb", "nvidia-b200-sxm-180gb", 4, 90),
        ("NVIDIA B200 MIG 1g.23gb", "nvidia-b200-sxm-180gb", 1, 23),
        ("NVIDIA H100 NVL MIG 2g.24gb", "nvidia-h100-nvl-94gb", 2, 24),
        ("NVIDIA H100 NVL MIG 7g.94gb", "nvidia-h100-nvl-94gb", 7, 94),
    ],
)
def test_hopper_and_blackwell_mig_slices(name: str, device_id: str, slices: int, gib: int) -> None:
    """Each MIG profile NVIDIA lists for the GPU resolves, scaled by its share of seven slices."""
    whole = xpuref.device(device_id)
    mig = xpuref.lookup(name)
    assert mig.id == device_id and mig.mig is not None
    assert (mig.mig.compute_slices, mig.mig.gpu_compute_slices) == (slices, 7)
    assert mig.memory_bytes == gib * 1024**3
    assert mig.peak("bf16", unit="matrix") == pytest.approx(
        whole.peak("bf16", unit="matrix") * slices / 7
    )


def test_a_profile_of_another_gpu_is_refused() -> None:
    """An A100/H100 80 GB profile name on an H200 is not silently accepted."""
    with pytest.raises(xpuref.UnknownDeviceError, match=r"3g\.71gb"):
        xpuref.lookup("NVIDIA H200 MIG 3g.40gb")
