"""The resolver: real driver strings with their sources, MIG slices, families, unknown names."""

from __future__ import annotations

import pytest

import xpuref
from xpuref import (
    AmbiguousDeviceError,
    AmbiguousPeakError,
    Device,
    DeviceLookupError,
    UnknownDeviceError,
)

DEVICES = xpuref.devices()
PRINTED = sorted(
    (d.id, entry.name, entry.printed_by, entry.url) for d in DEVICES for entry in d.driver_names
)

#: Shipping SKUs whose tools certainly print a name, but no capture or vendor table giving that
#: name has been read yet: what was searched, and why it does not count. A SKU leaves this list
#: when a driver string and the page it was read on are added.
NO_DRIVER_STRING: dict[str, str] = {
    "cambricon-mlu370-s8-pcie-48gb": "Cambricon's driver 5.10.22 (mcu/cndrv_mcu_mlu370.c) picks "
    "the board name from the first byte of the card's serial number and knows the MLU370-S4, X4, "
    "X4L, X4K, X8, M8 and MLU365-D2, with no S8 case (an unknown byte is reported as "
    "'MLU370-UNKNOWN'); its name table (mcu/cndrv_mcu_info.c), the cnmon binary shipped beside "
    "it and mlu-ops carry no S8 string either, and no cnmon capture of an S8 has been read; "
    "'MLU370-UNKNOWN' is refused with the family's four boards, the S8 among them",
    "biren-br100-oam-64gb": "no brsmi or SUPA runtime output naming a BR100 has been published; "
    "the captures of brsmi read name other Biren boards (Biren106M)",
    "biren-br104-pcie-32gb": "no brsmi or SUPA runtime output naming a BR104 has been published; "
    "the captures of brsmi read name other Biren boards (Biren106M)",
    "hygon-dcu-z100-32gb": "hy-smi prints the model in its 'Card Series' field, and the one "
    "published capture is of the sibling Z100L ('Z100L', device ID 0x55b7, gpustack issue 1508), "
    "which is not catalogued; Hygon's kernel PCI table names the Z100 only in macro names "
    "(DEVICE_Z100, DEVICE_Z100SM, DEVICE_Z100L), and Sugon's DCU management binding (Project-HAMi/"
    "dcu-dcgm) maps the Z100's device ID 54b7 to 'Z100' in one table and to 'Z100L' in another, "
    "so the name a Z100 reports is not settled; the DTK device names seen in logs "
    "('Z200SM_71_S') come from machines whose card is not stated",
    "enflame-cloudblazer-i20": "efsmi captures published name the T20, S60 and L300, not the i20; "
    "Enflame's gcu-exporter labels a GCU 'Enflame ' and the SKU its library returns, but its code "
    "names no i20 SKU (it does name the T10), and the pci.ids entry 'I20 [CloudBlazer]' is the "
    "community's name for lspci, not one Enflame's tools print",
    "sambanova-sn40l": "SambaNova's SNML returns a platform name for a DataScale system "
    "('DataScale SN10-8' in its documentation); no SN40L string has been published",
    "houmo-hongtu-h30": "Houmo has published no tool or runtime output; the H30 was sampled to "
    "early customers",
    "horizon-journey-5": "an automotive SoC sold to car makers; Horizon's published toolchain "
    "names its BPU architecture as a compile target ('bayes'), not the chip, and no tool output "
    "naming the Journey 5 has been published",
    "horizon-journey-6p": "an automotive SoC sold to car makers; Horizon's published toolchain "
    "names its BPU architecture as a compile target ('nash-p'), not the chip, and no tool output "
    "naming the Journey 6P has been published",
    "groq-lpu-groqchip": "Groq offers its chips as the GroqCloud service; no device-name output "
    "from a tool a user runs has been published",
    "intel-gaudi2-hl225b": "no hl-smi capture for the HL-225B has been read: published Gaudi 2 "
    "captures print 'HL-225' without saying which board, and Intel's own vLLM scripts test the "
    "name only for the substring 'HL-225'; dstack lists the name "
    "only among its made-up examples and other tools copy it into their own tables; Intel's "
    "Gaudi2E setup guide shows hl-smi naming its boards HL-288E, not HL-225B; Intel's habanalabs "
    "driver (common/sysfs.c device_type) names Gaudi 2 parts only by PCI revision (GAUDI2, "
    "GAUDI2B, GAUDI2C, GAUDI2D, GAUDI2E) and by the HL-288 card's own ID, and neither it nor Intel "
    "says which revision the HL-225B is",
}

#: SKUs no driver or runtime names at all, with the reason in our words and the vendor page that
#: shows it. They are never given a driver string; names near them must raise with candidates.
NO_DRIVER_VISIBLE_NAME: dict[str, tuple[str, str]] = {
    "google-tpu-v1": (
        "an inference card Google ran only inside its own datacenters: it was never offered on "
        "Cloud TPU, and JAX's table of TPU device kinds starts at 'TPU v2', so no runtime a user "
        "can run reports it",
        "https://github.com/jax-ml/jax/blob/1ebd186c6174f43c2853adc2e8594a5f3729e395/"
        "jax/_src/tpu_info.py",
    ),
    "nvidia-b100-sxm-192gb": (
        "NVIDIA's supported-GPU table, which gives the product name the driver reports, lists "
        "no B100 and none of the device IDs pci.ids files under that name (2920, 29BC) in any "
        "of its 67 revisions from 515.43.04 (2022) to 595.45.04 (2026), although Blackwell GPUs "
        "run only on these open kernel modules; no released NVIDIA driver names a B100, so "
        "nvidia-smi prints no B100 string. pci.ids' community names ('GB102 [B100]', "
        "'GB100 [TS4 / B100]') are what lspci prints, not NVIDIA's, and they disagree",
        "https://github.com/NVIDIA/open-gpu-kernel-modules/blob/"
        "df1c9a3de2be4b130f4fc7680f7198193d8ac6ad/README.md",
    ),
}

#: Names close to a SKU without a driver-visible name: each raises and lists that SKU.
NEAR_NAMES: dict[str, tuple[str, ...]] = {
    "google-tpu-v1": ("TPU v1 lite", "TPU v1e", "Google TPU v1 8GB"),
    "nvidia-b100-sxm-192gb": ("GB102 [B100]", "NVIDIA B100 SXM", "NVIDIA B100 192GB"),
}

#: SKUs their makers run only inside their own services or sell only inside whole systems that
#: users reach through a cluster client: no device is handed to a user's tools to name. Each with
#: the reason and the page that shows it.
NOT_HANDED_TO_USERS: dict[str, tuple[str, str]] = {
    "meta-mtia-v1": (
        "Meta designed its first MTIA for its own internal workloads",
        "https://ai.meta.com/blog/meta-training-inference-accelerator-AI-MTIA/",
    ),
    "meta-mtia-v2": (
        "Meta deploys its second-generation MTIA in its own data centres to serve its ranking "
        "and recommendation models",
        "https://ai.meta.com/blog/next-generation-meta-training-inference-accelerator-AI-MTIA/",
    ),
    "microsoft-maia-100": (
        "Microsoft rolls Maia out in its own datacenters to run its services (Copilot, Azure "
        "OpenAI Service)",
        "https://news.microsoft.com/source/features/ai/in-house-chips-silicon-to-service-to-meet-"
        "ai-demand/",
    ),
    "thead-hanguang-800": (
        "Alibaba uses the Hanguang 800 in its own cloud and announced no plan to sell it alone",
        "https://www.anandtech.com/show/16009/hot-chips-2020-live-blog-alibabas-hanguang-800-npu-"
        "500pm-pt",
    ),
    "tesla-dojo-d1": (
        "Tesla built the D1 for its own Dojo training systems and never sold it",
        "https://www.tomshardware.com/news/tesla-d1-ai-chip",
    ),
    "cerebras-wse-2": (
        "the wafer-scale engine ships only inside Cerebras systems, which users drive through "
        "the cluster's client software, not a device on their own host",
        "https://pypi.org/project/cerebras-appliance/2.2.0/",
    ),
    "cerebras-wse-3": (
        "the wafer-scale engine ships only inside Cerebras systems, which users drive through "
        "the cluster's client software, not a device on their own host",
        "https://pypi.org/project/cerebras-appliance/2.2.0/",
    ),
}

#: Shipping SKUs whose only printed name is shared with another part by design: the string
#: cannot name the SKU, so it is not recorded as the SKU's driver name and must never resolve
#: to it. Each entry: (string, what prints it, page it was read on, which parts share it).
AMBIGUOUS_BY_DESIGN: dict[str, tuple[str, str, str, str]] = {
    "amd-instinct-mi60-32gb": (
        "AMD Instinct MI60 / MI50",
        "amd-smi",
        "https://github.com/ROCm/k8s-device-plugin/blob/ed7646843003e8f0b6a0630346f01bb4d1ecff2e/"
        "cmd/k8s-node-labeller/amdgpu.ids",
        "amdgpu.ids 66A1,02 names the MI60 and the MI50 (not catalogued) with one string",
    ),
    "metax-xiyun-c500-oam-64gb": (
        "MetaX C500",
        "torch",
        "https://github.com/zzc0721/torch-performance-test-data/issues/155",
        "torch on MetaX's runtime names the device 'MetaX C500', a name that does not say "
        "whether it is the OAM module or the PCIe card",
    ),
    "metax-xiyun-c500-pcie-64gb": (
        "MetaX C500",
        "torch",
        "https://github.com/zzc0721/torch-performance-test-data/issues/155",
        "torch on MetaX's runtime names the device 'MetaX C500', a name that does not say "
        "whether it is the OAM module or the PCIe card",
    ),
    "nvidia-jetson-agx-orin-64gb": (
        "Orin",
        "deviceQuery",
        "https://github.com/atinfinity/l4t-base-docker/blob/121ee55001ed62bbdeb540bb9a1d1740addfe5cb/"
        "README.md",
        "CUDA names every Orin module 'Orin' (this capture is a Jetson Orin NX 16GB); only the AGX "
        "Orin 64GB is catalogued",
    ),
}

#: Strings that drivers print for more than one part, with the catalogued SKUs each must list.
SHARED_STRINGS: dict[str, set[str]] = {
    "AMD Instinct MI250X / MI250": {
        "amd-instinct-mi250-oam-128gb", "amd-instinct-mi250x-oam-128gb",
    },
    "AMD Instinct MI60 / MI50": {"amd-instinct-mi60-32gb"},
    "MetaX C500": {"metax-xiyun-c500-oam-64gb", "metax-xiyun-c500-pcie-64gb"},
    "MXC500": {"metax-xiyun-c500-oam-64gb", "metax-xiyun-c500-pcie-64gb"},
    "Orin": {"nvidia-jetson-agx-orin-64gb"},
}  # fmt: skip


@pytest.mark.parametrize(("device_id", "name", "printed_by", "url"), PRINTED)
def test_every_recorded_driver_string_resolves(
    device_id: str, name: str, printed_by: str, url: str
) -> None:
    """Each string a driver or runtime prints resolves to its SKU; its source is a real page."""
    assert xpuref.lookup(name).id == device_id
    assert url.startswith("https://")
    assert printed_by


def test_driver_strings_cover_the_shipping_skus() -> None:
    """Every shipping SKU of every maker, CPUs included, has a driver string, or a stated
    reason: none published yet, none printed at all, one shared with another part, or a chip
    its maker never hands to a user's tools."""
    lacking = {d.id for d in DEVICES if not d.driver_names and not _announced(d)}
    kept_out = [
        set(NO_DRIVER_STRING), set(NO_DRIVER_VISIBLE_NAME), set(AMBIGUOUS_BY_DESIGN),
        set(NOT_HANDED_TO_USERS),
    ]  # fmt: skip
    assert sum(len(ids) for ids in kept_out) == len(set().union(*kept_out))
    assert lacking == set().union(*kept_out)
    covered = [d for d in DEVICES if d.driver_names]
    assert len(covered) >= 95
    assert {e.printed_by for d in covered for e in d.driver_names} >= {
        "nvidia-smi", "amd-smi", "rocm-smi", "jax", "torch_npu", "npu-smi", "hl-smi", "cnrt",
        "neuron-driver", "mthreads-gmi", "mx-smi", "ixsmi", "cpuinfo", "metal", "tt-smi",
        "xpu_smi", "qaic-util", "gcu-exporter",
    }  # fmt: skip


@pytest.mark.parametrize("device_id", sorted(NOT_HANDED_TO_USERS))
def test_skus_not_handed_to_users_say_why_and_carry_no_driver_string(device_id: str) -> None:
    """A chip kept inside its maker's services or systems has a reason and a page, no string."""
    why, url = NOT_HANDED_TO_USERS[device_id]
    assert len(why) > 40 and url.startswith("https://")
    assert xpuref.device(device_id).driver_names == ()


def _announced(device: Device) -> bool:
    """SKUs announced but not shipping (no driver prints them yet)."""
    return device.id in {"nvidia-rubin-288gb", "amd-instinct-mi455x"}


def test_a_kunlunxin_k200_is_two_devices_as_xpu_smi_shows() -> None:
    """xpu_smi prints each K200 card as two devices of 8064 MB: each gets half of every figure."""
    card = xpuref.device("kunlunxin-k200-16gb")
    found = xpuref.lookup("K200")
    assert found.id == card.id and found.visible_devices == 2
    assert found.peak("int8", unit="matrix") == 128
    assert found.memory_bytes == 8 * 1024**3
    assert xpuref.lookup("R200").visible_devices == 1


@pytest.mark.parametrize(
    ("printed", "device_id"),
    [("PCIe Ultra", "qualcomm-cloud-ai-100-ultra"), ("Pcie Ultra", "qualcomm-cloud-ai-100-ultra"),
     ("Enflame T10", "enflame-cloudblazer-t10"), ("R200-8F", "kunlunxin-r200-8f-32gb"),
     ("RG800", "kunlunxin-rg800-32gb")],
)  # fmt: skip
def test_vendor_tool_strings_resolve_and_siblings_do_not(printed: str, device_id: str) -> None:
    """A tool's value (qaic-util's SKU type, gcu-exporter's type, xpu_smi's model) names its SKU;
    the uncatalogued siblings those tools also print (Ultra Plus, T20, RG800-PRO) stay unknown."""
    assert xpuref.lookup(printed).id == device_id
    for sibling in ("PCIe Ultra Plus", "Enflame T20", "RG800-PRO", "R200-8FS"):
        with pytest.raises(DeviceLookupError):
            xpuref.lookup(sibling)


def test_mig_slice_scales_peaks_by_its_share_of_sms() -> None:
    """An H100 MIG 3g.40gb instance: 3/7 of every rate, 40 GiB, bandwidth by memory share."""
    whole = xpuref.lookup("NVIDIA H100 80GB HBM3")
    mig = xpuref.lookup("NVIDIA H100 80GB HBM3 MIG 3g.40gb")
    assert mig.id == whole.id and mig.mig is not None
    assert (mig.mig.profile, mig.mig.compute_slices, mig.mig.gpu_compute_slices) == (
        "3g.40gb", 3, 7,
    )  # fmt: skip
    assert mig.peak("bf16", unit="matrix") == pytest.approx(989.5 * 3 / 7)
    assert mig.memory_bytes == 40 * 1024**3
    assert whole.bandwidth is not None and mig.bandwidth == pytest.approx(whole.bandwidth / 2)
    a30 = xpuref.lookup("NVIDIA A30 MIG 2g.12gb")
    assert a30.mig is not None and a30.mig.share == 0.5


@pytest.mark.parametrize(
    "name",
    ["NVIDIA H100 80GB HBM3 MIG 5g.40gb", "NVIDIA GeForce RTX 4090 MIG 1g.6gb",
     "NVIDIA H100 80GB HBM3 MIG 3g.47gb"],
)  # fmt: skip
def test_mig_profiles_the_gpu_lacks_raise(name: str) -> None:
    """A profile the GPU does not offer (or a GPU without MIG) raises; nothing is guessed."""
    with pytest.raises(UnknownDeviceError, match="MIG profile"):
        xpuref.lookup(name)


def test_family_name_lists_the_variants_and_their_driver_strings() -> None:
    """'NVIDIA H100' is SXM5, PCIe or NVL: ambiguous, with the strings that tell them apart."""
    with pytest.raises(AmbiguousDeviceError) as found:
        xpuref.lookup("NVIDIA H100")
    assert found.value.candidates == [
        "nvidia-h100-nvl-94gb", "nvidia-h100-pcie-80gb", "nvidia-h100-sxm5-80gb",
    ]  # fmt: skip
    for printed in ("NVIDIA H100 80GB HBM3", "NVIDIA H100 PCIe", "NVIDIA H100 NVL"):
        assert repr(printed) in str(found.value)


#: neuron-ls names no chip; it prints the EC2 instance type ("instance-type: trn1.2xlarge" in the
#: Neuron SDK's own example), whose family and generation are the chip's instance_type in the
#: Neuron driver's sysfs ("Trn1"); letters after the generation mark variants of one chip.
NEURON_LS_SOURCE = (
    "https://github.com/aws-neuron/aws-neuron-sdk/blob/e79250cbacbb79d6096f0e8ff2cd063497d40056/"
    "setup/multiframework-dlami.rst"
)
INSTANCE_TYPES = [
    ("instance-type: trn1.2xlarge", "aws-trainium-trn1-32gb", "Trn1"),
    ("trn1.32xlarge", "aws-trainium-trn1-32gb", "Trn1"),
    ("trn1n.32xlarge", "aws-trainium-trn1-32gb", "Trn1"),
    ("inf1.6xlarge", "aws-inferentia-8gb", "Inf1"),
    ("inf2.48xlarge", "aws-inferentia2-32gb", "Inf2"),
    ("trn2.48xlarge", "aws-trainium2-96gb", "Trn2"),
    ("trn2u-ac.24xlarge", "aws-trainium2-96gb", "Trn2"),
    ("TRN3.48XLARGE", "aws-trainium3", "Trn3"),
]


@pytest.mark.parametrize(("printed", "device_id", "chip"), INSTANCE_TYPES)
def test_neuron_ls_instance_types_resolve_to_their_chip(
    printed: str, device_id: str, chip: str
) -> None:
    """An instance type resolves to its chip, matched by the driver's instance_type string."""
    found = xpuref.lookup(printed)
    assert (found.id, found.matched) == (device_id, chip)
    assert chip in {e.name for e in found.driver_names}
    recorded = {e.name: e for e in found.driver_names}
    assert recorded[chip].printed_by == "neuron-driver"
    assert recorded[chip].url.startswith("https://github.com/aws-neuron/aws-neuron-driver/")


@pytest.mark.parametrize("name", ["p5.48xlarge", "trn9.2xlarge", "trn1.2xlargest", "xtrn1.2xlarge"])
def test_other_instance_types_name_no_chip(name: str) -> None:
    """A GPU instance, an unknown generation or a malformed type resolves to nothing."""
    with pytest.raises(UnknownDeviceError):
        xpuref.lookup(name)


def test_a_family_never_passes_a_name_off_as_printed() -> None:
    """'GAUDI2' lists the HL-225B by its name with no driver string (none is catalogued) and
    the HL-225 by what hl-smi prints; a name is never shown as a driver's string."""
    with pytest.raises(AmbiguousDeviceError) as found:
        xpuref.lookup("GAUDI2")
    said = str(found.value)
    assert "intel-gaudi2-hl225b (no driver string catalogued; named 'HL-225B'" in said
    assert "intel-gaudi2-oam-96gb (printed as 'HL-225')" in said
    assert "printed as 'HL-225B'" not in said


def _family_of(stem: str) -> list[str]:
    """Catalogued SKU ids whose name holds a family's stem ('MLU370')."""
    return sorted(d.id for d in DEVICES if stem in d.name)


@pytest.mark.parametrize(
    ("printed", "stem"),
    [
        ("MLU370-UNKNOWN", "MLU370"),
        ("Cambricon MLU370-UNKNOWN", "MLU370"),
        ("寒武纪 MLU370-UNKNOWN", "MLU370"),
        ("MLU270-UNKNOWN", "MLU270"),
        ("MLU590-UNKNOWN", "MLU590"),
    ],
)
def test_a_drivers_name_for_an_unrecognised_board_lists_its_family(printed: str, stem: str) -> None:
    """Cambricon's driver prints 'MLU370-UNKNOWN' for a board whose type it has no entry for
    (its 5.10.22 table has no S8 entry): refused, every board of the family listed."""
    with pytest.raises(UnknownDeviceError) as found:
        xpuref.lookup(printed)
    assert found.value.candidates == _family_of(stem)
    assert "does not recognise" in str(found.value)
    if stem == "MLU370":
        assert "cambricon-mlu370-s8-pcie-48gb" in found.value.candidates
        assert len(found.value.candidates) == 4
    if not found.value.candidates:
        assert "no board of that family is catalogued" in str(found.value)


@pytest.mark.parametrize("name", ["unknown", "Unknown", "X1 unknown", "GPU unknown"])
def test_unknown_alone_names_no_family(name: str) -> None:
    """'unknown' after no family stem (three characters with a digit) is an ordinary miss."""
    with pytest.raises(UnknownDeviceError) as found:
        xpuref.lookup(name)
    assert "does not recognise" not in str(found.value)


def test_a_shared_driver_string_is_ambiguous() -> None:
    """amdgpu.ids prints 'AMD Instinct MI250X / MI250' for both parts: both are listed."""
    with pytest.raises(AmbiguousDeviceError) as found:
        xpuref.lookup("AMD Instinct MI250X / MI250")
    assert found.value.candidates == [
        "amd-instinct-mi250-oam-128gb", "amd-instinct-mi250x-oam-128gb",
    ]  # fmt: skip


@pytest.mark.parametrize(("printed", "skus"), sorted(SHARED_STRINGS.items()))
def test_a_string_printed_for_several_parts_never_resolves(printed: str, skus: set[str]) -> None:
    """A shared string raises and lists every catalogued part it names; none is picked."""
    with pytest.raises(DeviceLookupError) as found:
        xpuref.lookup(printed)
    assert skus <= set(found.value.candidates)
    if len(skus) > 1:
        assert isinstance(found.value, AmbiguousDeviceError)


def test_ambiguous_by_design_skus_name_their_shared_string_and_its_page() -> None:
    """A SKU kept out for a shared string has that string tested as shared, never recorded."""
    recorded = {entry.name for d in DEVICES for entry in d.driver_names}
    for device_id, (printed, printed_by, url, why) in AMBIGUOUS_BY_DESIGN.items():
        assert device_id in SHARED_STRINGS[printed]
        assert url.startswith("https://") and printed_by and why
        assert printed not in recorded


@pytest.mark.parametrize("device_id", sorted(NO_DRIVER_VISIBLE_NAME))
def test_skus_no_driver_names_are_reasoned_and_never_recorded(device_id: str) -> None:
    """A SKU no driver names has a reason and a vendor page, and carries no driver string."""
    why, url = NO_DRIVER_VISIBLE_NAME[device_id]
    assert len(why) > 80 and url.startswith("https://github.com/")
    assert xpuref.device(device_id).driver_names == ()
    assert device_id not in NO_DRIVER_STRING
    assert NEAR_NAMES[device_id]


@pytest.mark.parametrize(
    ("device_id", "near"),
    sorted((device_id, near) for device_id, names in NEAR_NAMES.items() for near in names),
)
def test_near_names_of_skus_no_driver_names_raise_with_candidates(
    device_id: str, near: str
) -> None:
    """A name close to such a SKU is refused and lists it; nothing is picked silently."""
    with pytest.raises(UnknownDeviceError) as found:
        xpuref.lookup(near)
    assert device_id in found.value.candidates


def test_unknown_names_raise_with_candidates() -> None:
    """A near miss lists candidates; nothing falls back to another device."""
    with pytest.raises(UnknownDeviceError) as found:
        xpuref.lookup("NVIDIA A100-SXM4-96GB")
    assert "nvidia-a100-sxm4-80gb" in found.value.candidates
    with pytest.raises(UnknownDeviceError):
        xpuref.lookup("Quantum Flux 9000")
    with pytest.raises(UnknownDeviceError, match="candidates"):
        xpuref.device("nvidia-h100-sxm5")


def test_a_peak_needs_its_unit() -> None:
    """'bf16' alone is refused on Gaudi 3 (vector 28.7 and matrix rates both exist)."""
    gaudi = xpuref.lookup("HL-325L")
    with pytest.raises(AmbiguousPeakError, match="unit="):
        gaudi.peak("bf16")
    assert gaudi.peak("bf16", unit="matrix") > 10 * gaudi.peak("bf16", unit="vector")
    assert gaudi.peak("bf16_matrix") == gaudi.peak("bf16", unit="matrix")
    with pytest.raises(KeyError, match="gives no"):
        gaudi.peak("fp64", unit="matrix")


def test_cli_lookup_states_the_mig_share() -> None:
    """`xpuref lookup` on a MIG name prints the slice and its share, from the packaged catalog."""
    from tests.conftest import run_xpuref

    done = run_xpuref("lookup", "NVIDIA A100-SXM4-80GB MIG 3g.40gb")
    assert done.returncode == 0, done.stderr
    assert "3 of 7 compute slices" in done.stdout
    assert "bf16_matrix  133.714 TFLOPS" in done.stdout
