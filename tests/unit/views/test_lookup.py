"""Device-name lookup: driver and framework strings resolve to one SKU with per-device peaks."""

from __future__ import annotations

import json

import pytest
from tests.conftest import real_dataset, run_cli, run_xpuref

import xpuref
from xpuref.data.dataset import Dataset
from xpuref.views.lookup import (
    AmbiguousDeviceError,
    UnknownDeviceError,
    lookup_json,
    lookup_name,
    normalize_name,
)


@pytest.fixture(scope="module")
def catalog() -> Dataset:
    """The real data, validated."""
    return real_dataset()


@pytest.mark.parametrize(
    ("name", "device", "bf16"),
    [
        # nvidia-smi and torch.cuda.get_device_name() on an H100 SXM5 and an A100 SXM4 80GB.
        ("NVIDIA H100 80GB HBM3", "nvidia-h100-sxm5-80gb", 989.5),
        ("NVIDIA A100-SXM4-80GB", "nvidia-a100-sxm4-80gb", 312.0),
        # amd-smi / torch on ROCm: each MI250X GCD is a device with half the package's 383.
        ("AMD Instinct MI250X", "amd-instinct-mi250x-oam-128gb", 191.5),
        # jax.devices()[0].device_kind on a v5e, torch_npu's name of a 910B2.
        ("TPU v5 lite", "google-tpu-v5e", 197.0),
        ("Ascend910B2", "huawei-ascend-910b2", 353.0),
        # What the failure cases print: the MI350X and the B300 must not fall back.
        ("AMD Instinct MI350X", "amd-instinct-mi350x-oam-288gb", None),
        ("NVIDIA B300 SXM6 AC", "nvidia-b300-sxm-270gb", None),
    ],
)
def test_real_driver_strings(catalog: Dataset, name: str, device: str, bf16: float | None) -> None:
    """Each string resolves to its SKU; the dense BF16 peak is per visible device."""
    found = lookup_name(name, catalog)
    assert found.id == device
    expected = bf16 if bf16 is not None else catalog.devices[device].peak_dense["bf16_matrix"]
    assert found.peak_dense_per_device["bf16_matrix"] == pytest.approx(expected)
    assert found.peak_flops("bf16_matrix") == pytest.approx(expected * 1e12)


def test_mi250x_is_two_devices(catalog: Dataset) -> None:
    """MI250X: every figure halves, so MFU measured on one GCD is not under-reported 2x."""
    found = lookup_name("AMD Instinct MI250X", catalog)
    device = catalog.devices[found.id]
    assert found.visible_devices == 2
    for key, value in device.peak_dense.items():
        assert found.peak_dense_per_device[key] == value / 2


@pytest.mark.parametrize(
    "spelling",
    ["nvidia h100 80gb hbm3", "H100 80GB HBM3", "ＮＶＩＤＩＡ　Ｈ１００ ８０ＧＢ ＨＢＭ３",
     "  NVIDIA   H100 80GB HBM3 ", "NVIDIA® H100-80GB-HBM3"],
)  # fmt: skip
def test_spellings_normalise(catalog: Dataset, spelling: str) -> None:
    """Case, spacing, the NVIDIA prefix, full-width forms and trademark signs do not matter."""
    assert lookup_name(spelling, catalog).id == "nvidia-h100-sxm5-80gb"


def test_spacing_only_decides_when_it_must(catalog: Dataset) -> None:
    """'Ascend910' (a 910C as the driver prints it) and 'Ascend 910' stay two devices."""
    assert lookup_name("Ascend910", catalog).id == "huawei-ascend-910c"
    assert lookup_name("Ascend 910", catalog).id == "huawei-ascend-910"
    assert normalize_name("Ascend910", compact=True) == normalize_name("Ascend 910", compact=True)


def test_every_alias_resolves_to_its_own_device(catalog: Dataset) -> None:
    """Every catalogued driver or framework string finds exactly its SKU."""
    checked = 0
    for device in catalog.devices.values():
        for alias in device.aliases:
            assert lookup_name(alias, catalog).id == device.id, alias
            checked += 1
    assert checked >= 290


def test_unknown_and_ambiguous_names_list_candidates(catalog: Dataset) -> None:
    """A bare 'H100' is a family, not a SKU: ambiguous, listing the variants; 'H1000' unknown."""
    with pytest.raises(AmbiguousDeviceError) as family:
        lookup_name("H100", catalog)
    assert {"nvidia-h100-sxm5-80gb", "nvidia-h100-pcie-80gb"} <= set(family.value.candidates)
    assert "nvidia-h100-pcie-80gb" in str(family.value)
    with pytest.raises(UnknownDeviceError) as unknown:
        lookup_name("NVIDIA H1000", catalog)
    assert "nvidia-h100-sxm5-80gb" in unknown.value.candidates
    with pytest.raises(AmbiguousDeviceError) as ambiguous:
        lookup_name("沐曦 曦云C500", catalog)
    assert ambiguous.value.candidates == [
        "metax-xiyun-c500-oam-64gb",
        "metax-xiyun-c500-pcie-64gb",
    ]
    with pytest.raises(UnknownDeviceError):
        lookup_name("", catalog)


def test_published_map(catalog: Dataset) -> None:
    """lookup.json maps normalised names to ids, and ids to per-device peaks."""
    data = json.loads(lookup_json(catalog))
    assert data["names"]["h100 80gb hbm3"] == "nvidia-h100-sxm5-80gb"
    assert data["compact"]["a100sxm480gb"] == "nvidia-a100-sxm4-80gb"
    mi250x = data["devices"]["amd-instinct-mi250x-oam-128gb"]
    assert mi250x["visible_devices"] == 2
    assert mi250x["peak_dense_per_device"]["bf16_matrix"] == 191.5


def test_package_level_lookup() -> None:
    """xpuref.lookup reads the project's data once and resolves a name."""
    assert xpuref.lookup("TPU v5 lite").id == "google-tpu-v5e"


def test_cli_lookup() -> None:
    """`xpuref lookup` prints the SKU and per-device peaks; an unknown name exits 1."""
    done = run_cli("lookup", "AMD Instinct MI250X", "--json")
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["peak_dense_per_device"]["bf16_matrix"] == 191.5
    text = run_cli("lookup", "NVIDIA A100-SXM4-80GB")
    assert "nvidia-a100-sxm4-80gb" in text.stdout and "312 TFLOPS" in text.stdout
    missing = run_xpuref("lookup", "NVIDIA H1000")
    assert missing.returncode == 1
    assert "candidates" in missing.stderr and "Traceback" not in missing.stderr


def test_one_normaliser_folds_look_alikes_as_validation_does(catalog: Dataset) -> None:
    """The lookup key starts from fold_name: Cyrillic look-alikes and zero-width spaces resolve."""
    assert lookup_name("NVIDIА H100 80GB HBM3", catalog).id == "nvidia-h100-sxm5-80gb"
    assert lookup_name("NVIDIA H100\u200b 80GB HBM3", catalog).id == "nvidia-h100-sxm5-80gb"
