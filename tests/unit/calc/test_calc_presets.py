"""Tests that every built-in preset reproduces the published parameter count and MACs."""

from __future__ import annotations

import pytest

from xpuref.calc import model_cost, model_names, model_preset

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
    assert model_cost(name).params == preset["published"]["params"]
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
    assert model_cost(name).macs / 1e9 == pytest.approx(gmacs, rel=0.015)
    assert model_preset(name)["published"]["gmacs"] == gmacs


def test_resnet50_within_one_percent() -> None:
    """ResNet-50 costs about 4.09 GMACs (8.18 GFLOPs) per 224x224 image."""
    cost = model_cost("resnet50")
    assert cost.params == 25_557_032
    assert cost.macs == pytest.approx(4.09e9, rel=0.01)
    assert cost.flops == 2 * cost.macs


@pytest.mark.parametrize("name", ["resnet50", "gpt2", "mixtral-8x7b"])
def test_cost_scales_with_batch(name: str) -> None:
    """MACs grow linearly with batch; parameters do not change."""
    one, four = model_cost(name), model_cost(name, batch=4)
    assert four.macs == 4 * one.macs
    assert four.params == one.params


def test_language_presets_document_sequence_length() -> None:
    """Every language-model preset states the sequence length it is costed at."""
    for name in ("bert-base", "gpt2", "llama-2-7b", "llama-3-8b", "mixtral-8x7b"):
        assert model_preset(name)["architecture"]["seq"] >= 512


def test_unknown_preset_names_the_argument() -> None:
    """An unknown preset raises ValueError naming the argument."""
    with pytest.raises(ValueError, match="name"):
        model_cost("resnet-9000")


def test_preset_data_is_a_copy() -> None:
    """Mutating a returned preset does not change later results."""
    model_preset("gpt2")["published"]["params"] = 0
    assert model_preset("gpt2")["published"]["params"] == 124_439_808
