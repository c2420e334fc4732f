"""TransformerConfig fields from a Hugging Face ``config.json`` (as a dict), without guessing.

Read keys: vocab_size, hidden_size, num_hidden_layers, num_attention_heads,
num_key_value_heads, head_dim, intermediate_size, tie_word_embeddings (GPT-2's n_embd,
n_layer, n_head, n_inner, n_positions too); experts from num_local_experts (Mixtral, gpt-oss),
num_experts (Qwen MoE) or n_routed_experts (DeepSeek) with num_experts_per_tok
(experts_per_token), moe_intermediate_size, n_shared_experts and first_k_dense_replace;
multi-head latent attention from kv_lora_rank, q_lora_rank, qk_rope_head_dim,
qk_nope_head_dim and v_head_dim; sliding windows from sliding_window with layer_types (or
Gemma 2's fixed alternation, or Mistral's every-layer window) and Qwen's use_sliding_window.

Architecture traits that config.json leaves to the model code come from ``model_type``: which
MLPs are gated, Qwen2's q/k/v biases, Qwen3's q/k norms, gpt-oss's biases and attention
sinks, Gemma 2's four norms per layer, GPT-2's LayerNorm and learned positions. An unknown
model_type, or a config the engine cannot describe exactly (Qwen2-MoE's wider shared expert,
a value head wider than the key head, MoE layers spaced out), raises ValueError naming the
key instead of returning an approximate shape. A multimodal config's ``text_config`` is read.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

__all__ = ["hf_config_fields"]

#: model_type -> traits the modelling code fixes (not written in config.json).
_TRAITS: dict[str, dict[str, Any]] = {
    "llama": {"gated_mlp": True},
    "mistral": {"gated_mlp": True, "window": "all"},
    "mixtral": {"gated_mlp": True, "window": "all"},
    "qwen2": {"gated_mlp": True, "qkv_bias": True, "window": "qwen"},
    "qwen3": {"gated_mlp": True, "qk_norm": True, "window": "qwen"},
    "qwen3_moe": {"gated_mlp": True, "qk_norm": True, "window": "qwen"},
    "deepseek_v2": {"gated_mlp": True},
    "deepseek_v3": {"gated_mlp": True},
    "gemma": {"gated_mlp": True, "tied_embeddings": True},
    "gemma2": {"gated_mlp": True, "tied_embeddings": True, "layer_norms": 4, "window": "gemma2"},
    "gpt_oss": {"gated_mlp": True, "bias": True, "attention_sinks": True},
    "gpt2": {"norm": "layernorm", "bias": True, "tied_embeddings": True},
}


def _int(config: Mapping[str, Any], *keys: str, default: int | None = None) -> int | None:
    """The first of keys present and not null, as given; default when none is."""
    for key in keys:
        value = config.get(key)
        if value is not None:
            if isinstance(value, bool) or not isinstance(value, int):
                raise ValueError(f"config.json key {key} must be a whole number, got {value!r}")
            return value
    return default


def _need(config: Mapping[str, Any], *keys: str) -> int:
    """The first of keys present; ValueError naming them when none is."""
    value = _int(config, *keys)
    if value is None:
        raise ValueError(f"config.json has no {' or '.join(keys)}")
    return value


def _window(config: Mapping[str, Any], mode: str | None, layers: int) -> dict[str, int]:
    """sliding_window and global_every from layer_types or the model type's fixed rule."""
    types = config.get("layer_types")
    window = _int(config, "sliding_window", default=0) or 0
    if types is not None:
        if not isinstance(types, list) or len(types) != layers:
            raise ValueError("config.json layer_types must list one type per layer")
        local = [t == "sliding_attention" for t in types]
        unknown = {t for t in types if t not in ("sliding_attention", "full_attention")}
        if unknown:
            raise ValueError(f"config.json layer_types holds {sorted(unknown)}: not modelled")
        if not any(local):
            return {}
        if not window:
            raise ValueError("config.json layer_types has sliding layers but no sliding_window")
        if all(local):
            return {"sliding_window": window}
        every = local.index(False) + 1
        if all(local[i] == bool((i + 1) % every) for i in range(layers)):
            return {"sliding_window": window, "global_every": every}
        raise ValueError("config.json layer_types: global layers are not evenly spaced")
    if mode == "gemma2":
        return {"sliding_window": window, "global_every": 2} if window else {}
    if mode == "all":
        return {"sliding_window": window} if window else {}
    if mode == "qwen" and config.get("use_sliding_window"):
        raise ValueError(
            "config.json use_sliding_window is true: Qwen's per-layer windows are not modelled"
        )
    return {}


def _moe(config: Mapping[str, Any], layers: int, ffn: int) -> dict[str, int]:
    """Expert fields: count, top-k, expert width, shared experts, leading dense layers."""
    experts = _int(config, "num_local_experts", "num_experts", "n_routed_experts", default=1) or 1
    if experts == 1:
        return {}
    if _int(config, "shared_expert_intermediate_size"):
        raise ValueError(
            "config.json shared_expert_intermediate_size: a shared expert wider than the "
            "routed ones is not modelled"
        )
    if config.get("mlp_only_layers") or (_int(config, "decoder_sparse_step", default=1) or 1) != 1:
        raise ValueError(
            "config.json mlp_only_layers/decoder_sparse_step: spaced-out MoE layers are not "
            "modelled"
        )
    if (_int(config, "moe_layer_freq", default=1) or 1) != 1:
        raise ValueError("config.json moe_layer_freq: spaced-out MoE layers are not modelled")
    return {
        "experts": experts,
        "top_k": _need(config, "num_experts_per_tok", "experts_per_token"),
        "expert_ffn": _int(config, "moe_intermediate_size", default=ffn) or ffn,
        "shared_experts": _int(config, "n_shared_experts", default=0) or 0,
        "dense_layers": _int(config, "first_k_dense_replace", default=0) or 0,
    }


def _mla(config: Mapping[str, Any]) -> dict[str, int]:
    """Latent-attention fields; the value head must be as wide as the no-RoPE key head."""
    rank = _int(config, "kv_lora_rank", default=0) or 0
    if not rank:
        return {}
    nope = _need(config, "qk_nope_head_dim")
    value = _int(config, "v_head_dim", default=nope)
    if value != nope:
        raise ValueError(
            f"config.json v_head_dim ({value}) differs from qk_nope_head_dim ({nope}): not modelled"
        )
    return {
        "kv_lora_rank": rank,
        "q_lora_rank": _int(config, "q_lora_rank", default=0) or 0,
        "qk_rope_head_dim": _need(config, "qk_rope_head_dim"),
        "head_dim": nope,
    }


def hf_config_fields(config: Mapping[str, Any]) -> dict[str, Any]:
    """The TransformerConfig fields a Hugging Face config.json describes (see the module)."""
    if not isinstance(config, Mapping):
        raise ValueError(f"config must be the dict of a config.json, got {config!r}")
    if isinstance(config.get("text_config"), Mapping):
        config = config["text_config"]
    model_type = config.get("model_type")
    if model_type not in _TRAITS:
        raise ValueError(
            f"config.json model_type {model_type!r} is not one xpuref reads "
            f"({', '.join(sorted(_TRAITS))}); give TransformerConfig its fields directly"
        )
    traits = dict(_TRAITS[model_type])
    mode = traits.pop("window", None)
    hidden = _need(config, "hidden_size", "n_embd")
    layers = _need(config, "num_hidden_layers", "n_layer")
    ffn = _int(config, "intermediate_size", "n_inner", default=4 * hidden) or 4 * hidden
    fields: dict[str, Any] = {
        **traits,
        "vocab": _need(config, "vocab_size"),
        "hidden": hidden,
        "layers": layers,
        "heads": _need(config, "num_attention_heads", "n_head"),
        "kv_heads": _int(config, "num_key_value_heads"),
        "ffn": ffn,
        "head_dim": _int(config, "head_dim"),
    }
    if "tie_word_embeddings" in config:
        fields["tied_embeddings"] = bool(config["tie_word_embeddings"])
    if model_type == "gpt2":
        fields["learned_positions"] = _need(config, "n_positions", "max_position_embeddings")
    if config.get("attention_bias") and not traits.get("bias"):
        raise ValueError(
            "config.json attention_bias is true: biases on this model_type are not modelled"
        )
    mla = _mla(config)
    if mla:
        fields["kv_heads"] = None
    fields.update(mla)
    fields.update(_moe(config, layers, ffn))
    fields.update(_window(config, mode, layers))
    return fields
