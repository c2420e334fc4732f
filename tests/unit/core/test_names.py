"""Device names with their maker's name in front resolve as the names alone do."""

from __future__ import annotations

import pytest

import xpuref
from xpuref import AmbiguousDeviceError, DeviceLookupError
from xpuref.core.names import MAKER_PREFIXES, fold_name, normalize_name
from xpuref.data.dataset import Dataset


def _phrases(text: str) -> list[str]:
    """A vendor name as written and folded, its part before a bracket and the part inside it."""
    folded = fold_name(text)
    head, _, rest = folded.partition(" (")
    return [folded, head, *([rest.rstrip(")")] if rest else [])]


def _maker_names(real_data: Dataset) -> dict[str, list[str]]:
    """Each vendor's names as people write them before a part's name, English then Chinese."""
    found: dict[str, list[str]] = {}
    for slug, vendor in real_data.vendors.items():
        written = [vendor.name, *([vendor.name_zh] if vendor.name_zh else [])]
        found[slug] = [w.partition(" (")[0] for w in written]
    return found


def _outcome(name: str) -> tuple[str, ...]:
    """What a name resolves to: one id, the ids it is ambiguous between, or unknown."""
    try:
        return (xpuref.lookup(name).id,)
    except AmbiguousDeviceError as error:
        return ("ambiguous", *error.candidates)
    except DeviceLookupError:
        return ("unknown",)


def test_every_vendors_names_are_maker_prefixes(real_data: Dataset) -> None:
    """Each name vendors.yaml gives a maker (English, Chinese, bracketed) is dropped in front."""
    missing = {
        slug: phrase
        for slug, vendor in real_data.vendors.items()
        for text in [vendor.name, *([vendor.name_zh] if vendor.name_zh else [])]
        for phrase in _phrases(text)
        if phrase not in MAKER_PREFIXES
    }
    assert missing == {}
    assert all(p == fold_name(p) for p in MAKER_PREFIXES)


def test_a_makers_name_in_front_changes_no_answer(real_data: Dataset) -> None:
    """'<maker> <name>', '<maker's Chinese name> <name>' and the two written together resolve
    exactly as the name alone, for every name of every SKU."""
    makers = _maker_names(real_data)
    differ = []
    for device in xpuref.devices():
        for name in [device.id, device.name, *real_data.devices[device.id].aliases]:
            alone = _outcome(name)
            assert alone != ("unknown",), name
            tried = [f"{m} {name}" for m in makers[device.vendor]]
            tried += [f"{m}{name}" for m in makers[device.vendor] if not m.isascii()]
            differ += [(t, got, alone) for t in tried if (got := _outcome(t)) != alone]
    assert differ == []


@pytest.mark.parametrize(
    ("name", "key"),
    [
        ("Huawei Ascend 910B3", "ascend 910b3"),
        ("华为昇腾910C", "昇腾910c"),
        ("华为 昇腾910C", "昇腾910c"),
        ("Houmo AI Hongtu H30", "hongtu h30"),
        ("Moore Threads MTT S4000", "mtt s4000"),
        ("T-Head (Alibaba) Hanguang 800", "hanguang 800"),
        ("Intel Habana Gaudi2", "gaudi2"),
        ("AMD  NVIDIA", "nvidia"),
        ("华为", "华为"),
        ("Ascend 910 Huawei", "ascend 910 huawei"),
        ("Hailo-8", "hailo-8"),
    ],
)
def test_makers_names_drop_only_from_the_front_and_never_the_last_word(name: str, key: str) -> None:
    """A maker's name goes only from the front, and a name that is only a maker stays."""
    assert normalize_name(name) == key


@pytest.mark.parametrize(
    ("name", "device_id"),
    [
        ("Cambricon MLU370-X8", "cambricon-mlu370-x8-pcie-48gb"),
        ("寒武纪 MLU370-X8", "cambricon-mlu370-x8-pcie-48gb"),
        ("Huawei Ascend910B3", "huawei-ascend-910b3"),
        ("Amazon Trainium2", "aws-trainium2-96gb"),
        ("Google TPU v5 lite", "google-tpu-v5e"),
        ("MI300X", "amd-instinct-mi300x-oam-192gb"),
        ("RTX 4090", "nvidia-geforce-rtx-4090-24gb"),
    ],
)
def test_names_people_write_with_the_maker_resolve(name: str, device_id: str) -> None:
    """Names as written in papers and tickets, maker first, reach their SKU."""
    assert xpuref.lookup(name).id == device_id


_910B = {f"huawei-ascend-910{v}" for v in ("b1", "b2", "b2c", "b3", "b4")}


@pytest.mark.parametrize(
    ("name", "skus"),
    [
        ("Ascend 910B", _910B),
        ("华为昇腾910B", _910B),
        ("Intel Gaudi 3", {"intel-gaudi3-oam-128gb", "intel-gaudi3-pcie-128gb"}),
        ("Habana Gaudi2", {"intel-gaudi2-oam-96gb", "intel-gaudi2-hl225b"}),
        ("GH200", {"nvidia-gh200-96gb", "nvidia-gh200-144gb"}),
        ("MI300", {"amd-instinct-mi300a-128gb", "amd-instinct-mi300x-oam-192gb"}),
    ],
)
def test_a_family_name_picks_no_member(name: str, skus: set[str]) -> None:
    """A name several catalogued parts share raises and lists exactly them, never one picked; a
    model number's next letter or digit makes a family too (910B: 910B1, 910B2...)."""
    with pytest.raises(AmbiguousDeviceError) as found:
        xpuref.lookup(name)
    assert set(found.value.candidates) == skus
