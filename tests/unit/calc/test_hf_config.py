"""TransformerConfig.from_hf_config on published config.json files: counts and KV bytes."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from tests.conftest import ROOT

import xpuref
from xpuref import TransformerConfig, kv_bytes_per_token
from xpuref.calc import transformer_params

FIXTURES = ROOT / "tests" / "fixtures" / "hf_configs"
CASES = sorted(FIXTURES.glob("*.json"))


def _fixture(path: Path) -> dict[str, Any]:
    """One typed config.json with its address, preset and engine KV bytes per token."""
    found: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return found


def _published(preset: str) -> float:
    """The preset's published parameter count (exact, else the card's billions)."""
    published = xpuref.models()[preset].published
    return float(published.get("params") or published["params_billion"] * 1e9)


def test_the_cases_cover_dense_gqa_mla_window_and_moe() -> None:
    """Eight or more models: two MoE or more, one MLA, one sliding-window, each with its URL."""
    configs = [_fixture(p) for p in CASES]
    shapes = [TransformerConfig.from_hf_config(c["config"]) for c in configs]
    assert len(configs) >= 8
    assert sum(s.experts > 1 for s in shapes) >= 2
    assert any(s.kv_lora_rank for s in shapes)
    assert any(s.sliding_window for s in shapes)
    assert any(s.kv_heads == s.heads and not s.kv_lora_rank for s in shapes)
    assert any(s.kv_heads is not None and s.kv_heads < s.heads for s in shapes)
    for case in configs:
        assert case["url"].startswith("https://huggingface.co/") and case["url"].endswith(
            "/config.json"
        )


@pytest.mark.parametrize("path", CASES, ids=[p.stem for p in CASES])
def test_published_parameter_count_within_one_percent(path: Path) -> None:
    """The shape read from config.json counts the published parameters within 1 %."""
    case = _fixture(path)
    shape = TransformerConfig.from_hf_config(case["config"])
    assert transformer_params(shape) == pytest.approx(_published(case["preset"]), rel=0.01)


@pytest.mark.parametrize("path", CASES, ids=[p.stem for p in CASES])
def test_kv_bytes_per_token_match_the_engine(path: Path) -> None:
    """BF16 KV-cache bytes per token equal the engine's arithmetic exactly."""
    case = _fixture(path)
    shape = TransformerConfig.from_hf_config(case["config"])
    assert kv_bytes_per_token(shape, "bf16") == case["kv_bytes_per_token_bf16"]


@pytest.mark.parametrize("path", CASES, ids=[p.stem for p in CASES])
def test_same_shape_as_the_preset(path: Path) -> None:
    """from_hf_config and the hand-written preset describe the same parameters and windows."""
    case = _fixture(path)
    shape = TransformerConfig.from_hf_config(case["config"])
    preset = xpuref.models()[case["preset"]].config
    assert preset is not None
    assert transformer_params(shape) == transformer_params(preset)
    assert transformer_params(shape, active=True) == transformer_params(preset, active=True)
    assert (shape.sliding_window, shape.global_every) == (
        preset.sliding_window,
        preset.global_every,
    )


def _llama() -> dict[str, Any]:
    """A Llama config to bend into shapes the engine cannot describe."""
    return dict(_fixture(FIXTURES / "llama-3.1-8b.json")["config"])


@pytest.mark.parametrize(
    ("change", "named"),
    [
        ({"model_type": "mamba"}, "model_type"),
        ({"num_hidden_layers": None}, "num_hidden_layers"),
        ({"attention_bias": True}, "attention_bias"),
        ({"hidden_size": 4096.0}, "hidden_size"),
        (
            {"layer_types": ["sliding_attention"] * 3 + ["full_attention"] * 29,
             "sliding_window": 4096},
            "evenly spaced",
        ),
    ],
)  # fmt: skip
def test_configs_it_cannot_describe_raise(change: dict[str, Any], named: str) -> None:
    """An unknown architecture or an unmodelled key raises instead of returning a near shape."""
    config = _llama() | change
    with pytest.raises(ValueError, match=named):
        TransformerConfig.from_hf_config(config)


def test_qwen_moe_with_a_wide_shared_expert_raises() -> None:
    """Qwen2-MoE's shared expert is wider than the routed ones: refused, not approximated."""
    config = _llama() | {
        "model_type": "qwen3_moe", "num_experts": 60, "num_experts_per_tok": 4,
        "moe_intermediate_size": 1408, "shared_expert_intermediate_size": 5632,
    }  # fmt: skip
    with pytest.raises(ValueError, match="shared_expert_intermediate_size"):
        TransformerConfig.from_hf_config(config)


def test_multimodal_text_config_is_read() -> None:
    """A config with a text_config reads the language model's shape."""
    inner = _llama()
    shape = TransformerConfig.from_hf_config({"model_type": "llava", "text_config": inner})
    assert shape == TransformerConfig.from_hf_config(inner)
