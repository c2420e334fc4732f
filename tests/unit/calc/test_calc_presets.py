"""Tests that every built-in preset reproduces the published parameter count and MACs."""

from __future__ import annotations

import pytest
from tests.conftest import REAL_DATA

from xpuref.calc import TransformerConfig, model_cost, transformer_params
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
    "llama-3.1-8b", "llama-3.1-70b", "qwen2.5-7b", "qwen2.5-72b", "qwen3-30b-a3b",
    "qwen3-235b-a22b", "deepseek-v3", "deepseek-v2-lite", "gemma-2-9b", "gpt-oss-20b",
    "gpt-oss-120b",
}  # fmt: skip
#: Presets whose source publishes an exact parameter count.
EXACT = {name for name in EXPECTED if "params" in PRESETS[name].plain()["published"]}


def test_preset_names() -> None:
    """model_names lists exactly the documented presets."""
    assert set(model_names()) == EXPECTED


@pytest.mark.parametrize("name", sorted(EXACT))
def test_published_parameter_count(name: str) -> None:
    """The computed parameter count equals the count the cited source publishes."""
    preset = model_preset(name)
    assert cost(name).params == preset["published"]["params"]
    source = preset["source"]
    assert source["url"].startswith("https://")
    assert source["title"]
    assert source["accessed"] in ("2026-11-22", "2026-11-23")


def test_exact_counts_cover_the_new_serving_presets() -> None:
    """Every preset but three carries an exact count; those give the card's rounded size."""
    assert {"llama-3.1-70b", "deepseek-v3", "deepseek-v2-lite"} == EXPECTED - EXACT


def _active_as_published(name: str) -> float:
    """Active parameters in the card's convention (DeepSeek and gpt-oss leave out the lookup)."""
    arch = PRESETS[name].architecture.plain()
    cfg = TransformerConfig(**{k: v for k, v in arch.items() if k not in ("kind", "seq")})
    active = transformer_params(cfg, active=True)
    if name == "deepseek-v3" or name.startswith("gpt-oss"):
        active -= cfg.vocab * cfg.hidden
    return active


@pytest.mark.parametrize(
    ("name", "total", "active"),
    [
        # Meta's card: "70B"; exact count 70,553,706,496 from the shape.
        ("llama-3.1-70b", 70, None),
        # DeepSeek: 671B total, 36.6B activated including the 0.9B output head.
        ("deepseek-v3", 671, 36.6),
        # DeepSeek's V2-Lite card: "16B total params" (15.71 billion from the shape).
        ("deepseek-v2-lite", 16, None),
        # KerasHub descriptions: 3.3B, 22B, 3.6B and 5.1B active per token.
        ("qwen3-30b-a3b", None, 3.3),
        ("qwen3-235b-a22b", None, 22),
        ("gpt-oss-20b", None, 3.6),
        ("gpt-oss-120b", None, 5.1),
    ],
)
def test_model_card_sizes(name: str, total: float | None, active: float | None) -> None:
    """Rounded model-card sizes agree with the counts from the shape within 2 %."""
    published = PRESETS[name].plain()["published"]
    assert published.get("params_billion") == total
    assert published.get("active_params_billion") == active
    if total is not None:
        assert cost(name).params / 1e9 == pytest.approx(total, rel=0.02)
    if active is not None:
        assert _active_as_published(name) / 1e9 == pytest.approx(active, rel=0.02)


def test_deepseek_v3_counts_to_the_digit_published() -> None:
    """DeepSeek-V3: 671.03 billion in all and 36.63 billion active without the input lookup."""
    assert cost("deepseek-v3").params == 671_026_404_352
    assert round(_active_as_published("deepseek-v3") / 1e9, 1) == 36.6


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
