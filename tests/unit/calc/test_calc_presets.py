"""Tests that every built-in preset reproduces the published parameter count and MACs."""

from __future__ import annotations

import pytest
from tests.conftest import REAL_DATA

from xpuref.calc import model_cost
from xpuref.data.loader import load_model
from xpuref.data.presets import PresetsFile

_problems: list[object] = []
_loaded = load_model(PresetsFile, REAL_DATA / "models.yaml", REAL_DATA, _problems)  # type: ignore[arg-type]
assert _loaded is not None, _problems
PRESETS = _loaded[0].models


def model_names() -> list[str]:
    """The preset names in file order."""
    return list(PRESETS)


def model_preset(name: str) -> dict[str, object]:
    """A preset as plain data."""
    return PRESETS[name].plain()


def cost(name: str, batch: int = 1) -> object:
    """Cost a preset by name."""
    return model_cost(PRESETS[name].architecture.plain(), batch=batch)


EXPECTED = {
    "resnet18", "resnet50", "vgg16", "alexnet", "mobilenet_v2", "vit_b_16", "bert-base",
    "gpt2", "llama-2-7b", "llama-2-13b", "llama-2-70b", "llama-3-8b", "mixtral-8x7b",
}  # fmt: skip


def test_preset_names() -> None:
    """model_names lists exactly the documented presets."""
    assert set(model_names()) == EXPECTED


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_published_parameter_count(name: str) -> None:
    """The computed parameter count equals the count the cited source publishes."""
    preset = model_preset(name)
    assert cost(name).params == preset["published"]["params"]
    source = preset["source"]
    assert source["url"].startswith("https://")
    assert source["title"]
    assert source["accessed"] == "2026-11-22"


@pytest.mark.parametrize(
    ("name", "gmacs"),
    [("resnet18", 1.81), ("resnet50", 4.09), ("vgg16", 15.47), ("alexnet", 0.714),
     ("mobilenet_v2", 0.301), ("vit_b_16", 17.56)],
)  # fmt: skip
def test_torchvision_gflops_column_is_macs(name: str, gmacs: float) -> None:
    """Our MACs at 224x224 agree with torchvision's "GFLOPS" (multiply-adds) within 1.5%."""
    assert cost(name).macs / 1e9 == pytest.approx(gmacs, rel=0.015)
    assert model_preset(name)["published"]["gmacs"] == gmacs


def test_resnet50_within_one_percent() -> None:
    """ResNet-50 costs about 4.09 GMACs (8.18 GFLOPs) per 224x224 image."""
    cost_ = cost("resnet50")
    assert cost_.params == 25_557_032
    assert cost_.macs == pytest.approx(4.09e9, rel=0.01)
    assert cost_.flops == 2 * cost_.macs


@pytest.mark.parametrize("name", ["resnet50", "gpt2", "mixtral-8x7b"])
def test_cost_scales_with_batch(name: str) -> None:
    """MACs grow linearly with batch; parameters do not change."""
    one, four = cost(name), cost(name, batch=4)
    assert four.macs == 4 * one.macs
    assert four.params == one.params


def test_language_presets_document_sequence_length() -> None:
    """Every language-model preset states the sequence length it is costed at."""
    for name in ("bert-base", "gpt2", "llama-2-7b", "llama-3-8b", "mixtral-8x7b"):
        assert model_preset(name)["architecture"]["seq"] >= 512


def test_unknown_kind_names_the_argument() -> None:
    """An unknown architecture kind raises ValueError naming the argument."""
    with pytest.raises(ValueError, match="architecture kind"):
        model_cost({"kind": "resnet-9000"})


def test_preset_data_is_a_copy() -> None:
    """Mutating a returned preset does not change later results."""
    model_preset("gpt2")["published"]["params"] = 0  # type: ignore[index]
    assert model_preset("gpt2")["published"]["params"] == 124_439_808  # type: ignore[index]
