"""Typed model of models.yaml: model presets with their published counts and sources."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import Field, model_validator

from xpuref.data.base import Page, Strict, Text

__all__ = ["MAX_LAYERS", "ModelPreset", "PresetsFile"]

Count = Annotated[int, Field(ge=1, le=10**9)]
Small = Annotated[int, Field(ge=1, le=100_000)]
#: At most this many layers (or blocks) in one model: several times the deepest real model,
#: so a preset cannot make the calculators and ``model_cost`` loop for minutes.
MAX_LAYERS = 1000
Layers = Annotated[int, Field(ge=1, le=MAX_LAYERS)]


def _at_most_layers(total: int, what: str) -> None:
    """Refuse a model whose repeats multiply into more than MAX_LAYERS layers."""
    if total > MAX_LAYERS:
        raise ValueError(f"{what} add up to {total:,} layers; at most {MAX_LAYERS:,}")


class _Arch(Strict):
    """Common to every architecture description."""

    def plain(self) -> dict[str, Any]:
        """The description as the plain mapping xpuref.calc's model builders read."""
        return self.model_dump(exclude_none=True)


class ResNet(_Arch):
    """A torchvision ResNet."""

    kind: Literal["resnet"]
    block: Literal["basic", "bottleneck"]
    blocks: Annotated[list[Layers], Field(min_length=1, max_length=8)]
    image: Small
    classes: Small

    @model_validator(mode="after")
    def _bounded(self) -> ResNet:
        """The blocks of all stages stay within MAX_LAYERS."""
        _at_most_layers(sum(self.blocks), "blocks")
        return self


class Vgg(_Arch):
    """A torchvision VGG without batch norm ("M" is a 2x2 max pool)."""

    kind: Literal["vgg"]
    config: Annotated[list[Small | Literal["M"]], Field(min_length=1, max_length=64)]
    pool_to: Small
    classifier: list[Small]
    image: Small
    classes: Small


class _ConvSpec(Strict):
    """One convolution of a sequential model."""

    out: Small
    kernel: Small
    stride: Small = 1
    padding: Annotated[int, Field(ge=0, le=1000)] = 0
    groups: Small = 1
    bias: bool = True
    batchnorm: bool = False


class _PoolSpec(Strict):
    """One max pool."""

    kernel: Small
    stride: Small
    padding: Annotated[int, Field(ge=0, le=1000)] = 0


class _LinearSpec(Strict):
    """One fully connected layer."""

    out: Small
    bias: bool = True


class _Layer(Strict):
    """Exactly one layer of a sequential model."""

    conv: _ConvSpec | None = None
    maxpool: _PoolSpec | None = None
    adaptive_avgpool: Small | None = None
    linear: _LinearSpec | None = None

    @model_validator(mode="after")
    def _exactly_one(self) -> _Layer:
        """A layer is one of conv, maxpool, adaptive_avgpool or linear."""
        given = [x for x in (self.conv, self.maxpool, self.adaptive_avgpool, self.linear) if x]
        if len(given) != 1:
            raise ValueError("a layer is exactly one of conv, maxpool, adaptive_avgpool, linear")
        return self


class Sequential(_Arch):
    """An explicit list of layers."""

    kind: Literal["sequential"]
    image: Small
    channels: Small
    layers: Annotated[list[_Layer], Field(min_length=1, max_length=500)]


class MobileNetV2(_Arch):
    """A torchvision MobileNetV2 (expansion, channels, repeats, first stride per stage)."""

    kind: Literal["mobilenet_v2"]
    stem: Small
    settings: Annotated[
        list[Annotated[list[Small], Field(min_length=4, max_length=4)]],
        Field(min_length=1, max_length=64),
    ]
    last: Small
    image: Small
    classes: Small

    @model_validator(mode="after")
    def _bounded(self) -> MobileNetV2:
        """The repeats of all stages stay within MAX_LAYERS."""
        _at_most_layers(sum(stage[2] for stage in self.settings), "settings' repeats")
        return self


class Vit(_Arch):
    """A torchvision VisionTransformer."""

    kind: Literal["vit"]
    image: Small
    patch: Small
    hidden: Small
    layers: Layers
    heads: Small
    mlp: Small
    classes: Small


class Encoder(_Arch):
    """A BERT-style encoder with its pooler."""

    kind: Literal["encoder"]
    vocab: Count
    hidden: Small
    layers: Layers
    heads: Small
    ffn: Small
    max_positions: Count
    token_types: Small
    seq: Count


class Decoder(_Arch):
    """A decoder-only LM: the fields of xpuref.calc.TransformerConfig plus its context length."""

    kind: Literal["decoder"]
    vocab: Count
    hidden: Small
    layers: Layers
    heads: Small
    kv_heads: Small | None = None
    ffn: Count | None = None
    gated_mlp: bool = False
    tied_embeddings: bool = False
    experts: Small = 1
    top_k: Small = 1
    norm: Literal["rmsnorm", "layernorm"] = "rmsnorm"
    bias: bool = False
    learned_positions: Annotated[int, Field(ge=0, le=10**7)] = 0
    head_dim: Small | None = None
    qkv_bias: bool = False
    qk_norm: bool = False
    layer_norms: Annotated[int, Field(ge=0, le=8)] = 2
    attention_sinks: bool = False
    kv_lora_rank: Annotated[int, Field(ge=0, le=100_000)] = 0
    q_lora_rank: Annotated[int, Field(ge=0, le=100_000)] = 0
    qk_rope_head_dim: Annotated[int, Field(ge=0, le=100_000)] = 0
    sliding_window: Annotated[int, Field(ge=0, le=10**9)] = 0
    global_every: Annotated[int, Field(ge=0, le=100_000)] = 0
    shared_experts: Annotated[int, Field(ge=0, le=100_000)] = 0
    expert_ffn: Count | None = None
    dense_layers: Annotated[int, Field(ge=0, le=100_000)] = 0
    seq: Count

    @model_validator(mode="after")
    def _shapes(self) -> Decoder:
        """The relations xpuref.calc.TransformerConfig requires, checked with the data."""
        if self.head_dim is None and self.hidden % self.heads:
            raise ValueError(
                f"heads ({self.heads}) must divide hidden ({self.hidden}), or give head_dim"
            )
        if self.kv_heads is not None and self.heads % self.kv_heads:
            raise ValueError(f"kv_heads ({self.kv_heads}) must divide heads ({self.heads})")
        if self.top_k > self.experts:
            raise ValueError(f"top_k ({self.top_k}) must not exceed experts ({self.experts})")
        if bool(self.kv_lora_rank) != bool(self.qk_rope_head_dim):
            raise ValueError("kv_lora_rank and qk_rope_head_dim go together (latent attention)")
        if self.q_lora_rank and not self.kv_lora_rank:
            raise ValueError("q_lora_rank needs latent attention (kv_lora_rank > 0)")
        if self.qkv_bias and self.kv_lora_rank:
            raise ValueError("qkv_bias is not defined for latent attention")
        if self.global_every and not self.sliding_window:
            raise ValueError("global_every needs a sliding_window")
        if (self.shared_experts or self.dense_layers) and self.experts == 1:
            raise ValueError("shared_experts and dense_layers need experts > 1")
        if self.dense_layers > self.layers:
            raise ValueError(f"dense_layers ({self.dense_layers}) exceeds layers ({self.layers})")
        return self


Architecture = Annotated[
    ResNet | Vgg | Sequential | MobileNetV2 | Vit | Encoder | Decoder,
    Field(discriminator="kind"),
]


class Published(Strict):
    """What a third party published for the model.

    ``params`` is an exact count; ``params_billion`` and ``active_params_billion`` are the
    rounded figures a model card gives (to the digits written) where no exact count is
    published. ``active_params_billion`` follows the card's own convention, which for some
    MoE models leaves out the input embedding.
    """

    params: Annotated[int, Field(ge=1, le=10**14)] | None = None
    params_billion: Annotated[float, Field(gt=0, le=1e5)] | None = None
    active_params_billion: Annotated[float, Field(gt=0, le=1e5)] | None = None
    gmacs: Annotated[float, Field(gt=0, le=1e9)] | None = None


class Release(Strict):
    """The number format the model's makers released its weights in, and where they say so."""

    weights_dtype: Literal["fp32", "bf16", "fp16", "fp8", "int8", "int4"]
    source: Page


class ModelPreset(Strict):
    """One preset: title, architecture, published counts and the pages they were read on.

    ``source`` backs the published counts; ``shape_source``, where given, is the page the
    architecture fields were read on (when the count's page does not list them); ``release``,
    where given, the format the weights were published in (calculators start from it).
    """

    title: Text
    architecture: Architecture
    published: Published = Published()
    source: Page
    shape_source: Page | None = None
    release: Release | None = None

    def plain(self) -> dict[str, Any]:
        """The preset as plain data (title, architecture, published counts, source)."""
        return self.model_dump(exclude_none=True)


class PresetsFile(Strict):
    """The whole models.yaml."""

    models: Annotated[
        dict[
            Annotated[str, Field(pattern=r"^[a-z0-9_]+(?:[-.][a-z0-9_]+)*$", max_length=60)],
            ModelPreset,
        ],
        Field(min_length=1),
    ]
