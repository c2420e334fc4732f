"""Parameter and forward-pass MAC counts for decoder-only transformer language models.

Counted: every weight matrix (attention projections, MLP or experts, shared experts, router,
LM head) and the two attention matmuls (Q·K^T and scores·V) over the keys a layer attends to,
with no causal halving: the whole sequence on global layers, at most ``sliding_window`` keys
on sliding-window (local) layers. Not counted as MACs: embedding and position lookups, norms,
activations, softmax, residual adds and biases. A mixture-of-experts layer runs top_k routed
experts plus every shared expert per token; the first ``dense_layers`` layers of an MoE model
use a dense MLP of width ``ffn``.

Attention shapes: ``head_dim`` defaults to hidden / heads; query and output projections are
heads x head_dim wide, key and value projections kv_heads x head_dim. Multi-head latent
attention (MLA, DeepSeek-V2/V3) is on when ``kv_lora_rank`` > 0: queries go through an optional
rank-``q_lora_rank`` bottleneck, keys and values are rebuilt from one compressed latent of
``kv_lora_rank`` plus a ``qk_rope_head_dim``-wide RoPE key shared by all heads; head_dim is then
the no-RoPE query/key width and the value width of each head. Sliding windows: when
``sliding_window`` > 0 every layer is local unless ``global_every`` = N > 0, in which case
every N-th layer (layers N-1, 2N-1, ...) is global (Gemma 2 and gpt-oss: N = 2).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from xpuref.calc._cost import Cost
from xpuref.calc._validate import check_choice, check_count, check_counts, check_flag

__all__ = [
    "TransformerConfig",
    "routed_expert_params",
    "transformer_config",
    "transformer_forward",
    "transformer_params",
    "transformer_token_macs",
]

NORMS = ("rmsnorm", "layernorm")

#: Fields that take None to mean "use the default".
_DEFAULTED = ("kv_heads", "ffn", "head_dim", "expert_ffn")
_SWITCHES = ("gated_mlp", "tied_embeddings", "bias", "qkv_bias", "qk_norm", "attention_sinks")


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
    head_dim: int | None = None
    qkv_bias: bool = False
    qk_norm: bool = False
    layer_norms: int = 2
    attention_sinks: bool = False
    kv_lora_rank: int = 0
    q_lora_rank: int = 0
    qk_rope_head_dim: int = 0
    sliding_window: int = 0
    global_every: int = 0
    shared_experts: int = 0
    expert_ffn: int | None = None
    dense_layers: int = 0

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
        head_dim: int | None = None,
        qkv_bias: bool = False,
        qk_norm: bool = False,
        layer_norms: int = 2,
        attention_sinks: bool = False,
        kv_lora_rank: int = 0,
        q_lora_rank: int = 0,
        qk_rope_head_dim: int = 0,
        sliding_window: int = 0,
        global_every: int = 0,
        shared_experts: int = 0,
        expert_ffn: int | None = None,
        dense_layers: int = 0,
    ) -> None:
        """Check every field and store it; kv_heads defaults to heads, ffn to 4 * hidden."""
        switches = {
            "gated_mlp": gated_mlp,
            "tied_embeddings": tied_embeddings,
            "bias": bias,
            "qkv_bias": qkv_bias,
            "qk_norm": qk_norm,
            "attention_sinks": attention_sinks,
        }
        for flag, switch in switches.items():
            check_flag(flag, switch)
        vocab, hidden, layers, heads = check_counts(
            vocab=vocab, hidden=hidden, layers=layers, heads=heads
        )
        kv = check_count("kv_heads", heads if kv_heads is None else kv_heads)
        width = check_count("ffn", 4 * hidden if ffn is None else ffn)
        experts = check_count("experts", experts)
        top_k = check_count("top_k", top_k)
        norm = check_choice("norm", norm, NORMS)
        learned_positions = check_count("learned_positions", learned_positions, minimum=0)
        explicit_head = None if head_dim is None else check_count("head_dim", head_dim)
        counts = {
            "layer_norms": layer_norms,
            "kv_lora_rank": kv_lora_rank,
            "q_lora_rank": q_lora_rank,
            "qk_rope_head_dim": qk_rope_head_dim,
            "sliding_window": sliding_window,
            "global_every": global_every,
            "shared_experts": shared_experts,
        }
        checked = {key: check_count(key, value, minimum=0) for key, value in counts.items()}
        expert_width = check_count("expert_ffn", width if expert_ffn is None else expert_ffn)
        dense = check_count("dense_layers", dense_layers, minimum=0)
        if explicit_head is None and hidden % heads:
            raise ValueError(f"heads ({heads}) must divide hidden ({hidden}), or give head_dim")
        if heads % kv:
            raise ValueError(f"kv_heads ({kv}) must divide heads ({heads})")
        if top_k > experts:
            raise ValueError(f"top_k ({top_k}) must not exceed experts ({experts})")
        _check_relations(checked, qkv_bias, experts, dense, layers)
        values: dict[str, object] = {
            "vocab": vocab,
            "hidden": hidden,
            "layers": layers,
            "heads": heads,
            "kv_heads": kv,
            "ffn": width,
            "experts": experts,
            "top_k": top_k,
            "norm": norm,
            "learned_positions": learned_positions,
            "head_dim": hidden // heads if explicit_head is None else explicit_head,
            "expert_ffn": expert_width,
            "dense_layers": dense,
            **switches,
            **checked,
        }
        for key, value in values.items():
            object.__setattr__(self, key, value)

    @classmethod
    def from_hf_config(cls, config: Mapping[str, Any]) -> TransformerConfig:
        """Build the shape a Hugging Face config.json (as a dict) describes; see calc._hf."""
        from xpuref.calc._hf import hf_config_fields

        fields = hf_config_fields(config)
        return transformer_config({k: v for k, v in fields.items() if v is not None})

    @property
    def q_dim(self) -> int:
        """Return the total width of the query (and attention output) projection."""
        return self.heads * int(self.head_dim or 0)

    @property
    def kv_dim(self) -> int:
        """Return the total width of the key (or value) projection."""
        return int(self.kv_heads or self.heads) * int(self.head_dim or 0)

    @property
    def local_layers(self) -> int:
        """Return how many layers use the sliding window."""
        if not self.sliding_window:
            return 0
        if not self.global_every:
            return self.layers
        return self.layers - self.layers // self.global_every

    @property
    def moe_layers(self) -> int:
        """Return how many layers hold experts (none for a dense model)."""
        return 0 if self.experts == 1 else self.layers - self.dense_layers


def _check_relations(
    checked: Mapping[str, int], qkv_bias: bool, experts: int, dense: int, layers: int
) -> None:
    """Refuse combinations of MLA, window and expert fields that describe no real model."""
    if bool(checked["kv_lora_rank"]) != bool(checked["qk_rope_head_dim"]):
        raise ValueError(
            "qk_rope_head_dim and kv_lora_rank go together: multi-head latent attention "
            "needs both (or neither)"
        )
    if checked["q_lora_rank"] and not checked["kv_lora_rank"]:
        raise ValueError("q_lora_rank needs multi-head latent attention (kv_lora_rank > 0)")
    if qkv_bias and checked["kv_lora_rank"]:
        raise ValueError("qkv_bias is not defined for multi-head latent attention")
    if checked["global_every"] and not checked["sliding_window"]:
        raise ValueError("global_every needs a sliding_window")
    if checked["shared_experts"] and experts == 1:
        raise ValueError("shared_experts needs experts > 1")
    if dense and experts == 1:
        raise ValueError("dense_layers needs experts > 1 (every layer of a dense model is dense)")
    if dense > layers:
        raise ValueError(f"dense_layers ({dense}) must not exceed layers ({layers})")


def _norm_params(cfg: TransformerConfig) -> int:
    """Return the parameters of one norm: a scale, plus a shift for LayerNorm with biases."""
    return 2 * cfg.hidden if cfg.norm == "layernorm" and cfg.bias else cfg.hidden


def _attention_matrices(cfg: TransformerConfig) -> int:
    """Return the weight-matrix entries of one layer's attention (MACs per token)."""
    h, d, n = cfg.hidden, int(cfg.head_dim or 0), cfg.heads
    if cfg.kv_lora_rank:
        rope, rank, q_rank = cfg.qk_rope_head_dim, cfg.kv_lora_rank, cfg.q_lora_rank
        query = h * q_rank + q_rank * n * (d + rope) if q_rank else h * n * (d + rope)
        latent = h * (rank + rope) + rank * n * 2 * d
        return query + latent + n * d * h
    return 2 * h * cfg.q_dim + 2 * h * cfg.kv_dim


def _attention_params(cfg: TransformerConfig) -> int:
    """Return one layer's attention parameters: matrices, biases, inner norms and sinks."""
    total = _attention_matrices(cfg)
    if cfg.kv_lora_rank:
        total += cfg.kv_lora_rank + cfg.q_lora_rank  # RMSNorm scales of the latents
    elif cfg.bias:
        total += cfg.q_dim + 2 * cfg.kv_dim + cfg.hidden
    elif cfg.qkv_bias:
        total += cfg.q_dim + 2 * cfg.kv_dim
    if cfg.qk_norm:
        total += 2 * int(cfg.head_dim or 0)
    if cfg.attention_sinks:
        total += cfg.heads
    return total


def _mlp_matrices(cfg: TransformerConfig, width: int) -> int:
    """Return the weight-matrix entries of one MLP (or expert) of the given width."""
    return (3 if cfg.gated_mlp else 2) * cfg.hidden * width


def _mlp_params(cfg: TransformerConfig, width: int) -> int:
    """Return the parameters of one MLP (one expert in a mixture-of-experts layer)."""
    if not cfg.bias:
        return _mlp_matrices(cfg, width)
    extra = (2 * width + cfg.hidden) if cfg.gated_mlp else (width + cfg.hidden)
    return _mlp_matrices(cfg, width) + extra


def _router_params(cfg: TransformerConfig) -> int:
    """Return the router (gate) parameters of one MoE layer; zero for dense models."""
    if cfg.experts == 1:
        return 0
    return cfg.hidden * cfg.experts + (cfg.experts if cfg.bias else 0)


def routed_expert_params(cfg: TransformerConfig) -> int:
    """Return the parameters of one routed expert (zero for a dense model)."""
    if cfg.experts == 1:
        return 0
    return _mlp_params(cfg, int(cfg.expert_ffn or 0))


def transformer_params(cfg: TransformerConfig, *, active: bool = False) -> int:
    """Return the parameter count; with active=True only top_k routed experts are counted."""
    if not isinstance(cfg, TransformerConfig):
        raise ValueError(f"cfg must be a TransformerConfig, got {cfg!r}")
    check_flag("active", active)
    routed = cfg.top_k if active else cfg.experts
    common = cfg.layer_norms * _norm_params(cfg) + _attention_params(cfg)
    dense_mlp = _mlp_params(cfg, int(cfg.ffn or 0))
    moe_mlp = (routed + cfg.shared_experts) * _mlp_params(
        cfg, int(cfg.expert_ffn or 0)
    ) + _router_params(cfg)
    moe = cfg.moe_layers
    body = cfg.layers * common + (cfg.layers - moe) * dense_mlp + moe * moe_mlp
    embeddings = cfg.vocab * cfg.hidden + cfg.learned_positions * cfg.hidden
    head = 0 if cfg.tied_embeddings else cfg.vocab * cfg.hidden
    return embeddings + body + _norm_params(cfg) + head


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
    values = {k: v for k, v in fields.items() if not (v is None and k in _DEFAULTED)}
    for key in ("vocab", "hidden", "layers", "heads"):
        if key not in values:
            raise ValueError(f"{key} is required")
    return TransformerConfig(**values)


def attended_keys(cfg: TransformerConfig, seq: int) -> int:
    """Return the keys all layers together attend to for the last token of seq tokens."""
    local = cfg.local_layers
    return (cfg.layers - local) * seq + local * min(seq, cfg.sliding_window)


def transformer_token_macs(cfg: TransformerConfig | Mapping[str, Any], seq: int) -> int:
    """Return forward MACs per token at sequence length seq (attention over every key kept)."""
    config = transformer_config(cfg)
    check_count("seq", seq)
    d = int(config.head_dim or 0)
    if config.kv_lora_rank:
        per_key = config.heads * (2 * d + config.qk_rope_head_dim)
    else:
        per_key = 2 * config.q_dim
    moe = config.moe_layers
    dense_mlp = _mlp_matrices(config, int(config.ffn or 0))
    expert = _mlp_matrices(config, int(config.expert_ffn or 0))
    moe_mlp = (config.top_k + config.shared_experts) * expert + config.hidden * config.experts
    mlp = (config.layers - moe) * dense_mlp + moe * moe_mlp
    projections = config.layers * _attention_matrices(config)
    attention = attended_keys(config, seq) * per_key
    return projections + attention + mlp + config.hidden * config.vocab


def transformer_forward(cfg: TransformerConfig, *, batch: int, seq: int) -> Cost:
    """Return total params and forward MACs of batch sequences of seq tokens, LM head included."""
    params = transformer_params(cfg)
    check_count("batch", batch)
    check_count("seq", seq)
    return Cost(params=params, macs=batch * seq * transformer_token_macs(cfg, seq))
