"""Parameter and forward-pass MAC counts for decoder-only transformer language models.

Counted: every weight matrix (attention projections, MLP or experts, router, LM head) and the
two attention matmuls (Q·K^T and scores·V) over the full sequence, with no causal halving.
Not counted as MACs: embedding and position lookups, norms, activations, softmax, residual
adds and biases. A mixture-of-experts layer runs top_k experts per token.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from xpuref.calc._cost import Cost
from xpuref.calc._validate import check_choice, check_count

__all__ = [
    "TransformerConfig",
    "transformer_config",
    "transformer_forward",
    "transformer_params",
    "transformer_token_macs",
]

NORMS = ("rmsnorm", "layernorm")


@dataclass(frozen=True)
class TransformerConfig:
    """Shape of a decoder-only LM; defaults describe a LLaMA-style model (RMSNorm, no biases)."""

    vocab: int
    hidden: int
    layers: int
    heads: int
    kv_heads: int | None = None
    ffn: int | None = None
    gated_mlp: bool = False
    tied_embeddings: bool = False
    experts: int = 1
    top_k: int = 1
    norm: str = "rmsnorm"
    bias: bool = False
    learned_positions: int = 0

    def __init__(
        self,
        vocab: int,
        hidden: int,
        layers: int,
        heads: int,
        *,
        kv_heads: int | None = None,
        ffn: int | None = None,
        gated_mlp: bool = False,
        tied_embeddings: bool = False,
        experts: int = 1,
        top_k: int = 1,
        norm: str = "rmsnorm",
        bias: bool = False,
        learned_positions: int = 0,
    ) -> None:
        """Check every field and store it; kv_heads defaults to heads and ffn to 4 * hidden."""
        for flag, switch in (
            ("gated_mlp", gated_mlp),
            ("tied_embeddings", tied_embeddings),
            ("bias", bias),
        ):
            if not isinstance(switch, bool):
                raise ValueError(f"{flag} must be True or False, got {switch!r}")
        vocab = check_count("vocab", vocab)
        hidden = check_count("hidden", hidden)
        layers = check_count("layers", layers)
        heads = check_count("heads", heads)
        kv = check_count("kv_heads", heads if kv_heads is None else kv_heads)
        width = check_count("ffn", 4 * hidden if ffn is None else ffn)
        experts = check_count("experts", experts)
        top_k = check_count("top_k", top_k)
        norm = check_choice("norm", norm, NORMS)
        learned_positions = check_count("learned_positions", learned_positions, minimum=0)
        if hidden % heads:
            raise ValueError(f"heads ({heads}) must divide hidden ({hidden})")
        if heads % kv:
            raise ValueError(f"kv_heads ({kv}) must divide heads ({heads})")
        if top_k > experts:
            raise ValueError(f"top_k ({top_k}) must not exceed experts ({experts})")
        values: dict[str, object] = {
            "vocab": vocab,
            "hidden": hidden,
            "layers": layers,
            "heads": heads,
            "kv_heads": kv,
            "ffn": width,
            "gated_mlp": gated_mlp,
            "tied_embeddings": tied_embeddings,
            "experts": experts,
            "top_k": top_k,
            "norm": norm,
            "bias": bias,
            "learned_positions": learned_positions,
        }
        for key, value in values.items():
            object.__setattr__(self, key, value)

    @property
    def head_dim(self) -> int:
        """Return the width of one attention head."""
        return self.hidden // self.heads

    @property
    def kv_dim(self) -> int:
        """Return the total width of the key (or value) projection."""
        return int(self.kv_heads or self.heads) * self.head_dim


def _norm_params(cfg: TransformerConfig) -> int:
    """Return the parameters of one norm: a scale, plus a shift for LayerNorm with biases."""
    return 2 * cfg.hidden if cfg.norm == "layernorm" and cfg.bias else cfg.hidden


def _attention_params(cfg: TransformerConfig) -> int:
    """Return Q, K, V and output projection parameters of one layer."""
    h, kv = cfg.hidden, cfg.kv_dim
    weights = 2 * h * h + 2 * h * kv
    return weights + ((2 * h + 2 * kv) if cfg.bias else 0)


def _expert_params(cfg: TransformerConfig) -> int:
    """Return the parameters of one MLP (one expert in a mixture-of-experts layer)."""
    h, f = cfg.hidden, int(cfg.ffn or 4 * cfg.hidden)
    if cfg.gated_mlp:
        return 3 * h * f + ((2 * f + h) if cfg.bias else 0)
    return 2 * h * f + ((f + h) if cfg.bias else 0)


def _router_params(cfg: TransformerConfig) -> int:
    """Return the router (gate) parameters of one MoE layer; zero for dense models."""
    if cfg.experts == 1:
        return 0
    return cfg.hidden * cfg.experts + (cfg.experts if cfg.bias else 0)


def transformer_params(cfg: TransformerConfig, *, active: bool = False) -> int:
    """Return the parameter count; with active=True only top_k experts per layer are counted."""
    if not isinstance(cfg, TransformerConfig):
        raise ValueError(f"cfg must be a TransformerConfig, got {cfg!r}")
    if not isinstance(active, bool):
        raise ValueError(f"active must be True or False, got {active!r}")
    experts = cfg.top_k if active else cfg.experts
    per_layer = (
        2 * _norm_params(cfg)
        + _attention_params(cfg)
        + experts * _expert_params(cfg)
        + _router_params(cfg)
    )
    embeddings = cfg.vocab * cfg.hidden + cfg.learned_positions * cfg.hidden
    head = 0 if cfg.tied_embeddings else cfg.vocab * cfg.hidden
    return embeddings + cfg.layers * per_layer + _norm_params(cfg) + head


def transformer_config(fields: Mapping[str, Any] | TransformerConfig) -> TransformerConfig:
    """Build a checked TransformerConfig from a mapping of its fields."""
    if isinstance(fields, TransformerConfig):
        return fields
    if not isinstance(fields, Mapping):
        raise ValueError(f"cfg must be a mapping of TransformerConfig fields, got {fields!r}")
    names = set(TransformerConfig.__dataclass_fields__)
    for key in fields:
        if key not in names:
            raise ValueError(f"{key} is not a TransformerConfig field")
    values = {k: v for k, v in fields.items() if not (v is None and k in ("kv_heads", "ffn"))}
    for key in ("vocab", "hidden", "layers", "heads"):
        if key not in values:
            raise ValueError(f"{key} is required")
    return TransformerConfig(**values)


def transformer_token_macs(cfg: TransformerConfig | Mapping[str, Any], seq: int) -> int:
    """Return forward MACs per token at sequence length seq (attention over the whole sequence)."""
    config = transformer_config(cfg)
    check_count("seq", seq)
    h, kv = config.hidden, config.kv_dim
    f = int(config.ffn or 4 * h)
    projections = 2 * h * h + 2 * h * kv
    attention = 2 * seq * h
    mlp = config.top_k * (3 if config.gated_mlp else 2) * h * f
    router = h * config.experts if config.experts > 1 else 0
    return config.layers * (projections + attention + mlp + router) + h * config.vocab


def transformer_forward(cfg: TransformerConfig, *, batch: int, seq: int) -> Cost:
    """Return total params and forward MACs of batch sequences of seq tokens, LM head included."""
    params = transformer_params(cfg)
    check_count("batch", batch)
    check_count("seq", seq)
    return Cost(params=params, macs=batch * seq * transformer_token_macs(cfg, seq))
