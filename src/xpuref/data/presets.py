"""Typed model of models.yaml: model presets with their published counts and sources."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import Field, model_validator

from xpuref.data.base import Page, Strict, Text

__all__ = ["ModelPreset", "PresetsFile"]

Count = Annotated[int, Field(ge=1, le=10**9)]
Small = Annotated[int, Field(ge=1, le=100_000)]


class _Arch(Strict):
    """Common to every architecture description."""

    def plain(self) -> dict[str, Any]:
        """The description as the plain mapping xpuref.calc's model builders read."""
        return self.model_dump(exclude_none=True)


class ResNet(_Arch):
    """A torchvision ResNet."""

    kind: Literal["resnet"]
    block: Literal["basic", "bottleneck"]
    blocks: Annotated[list[Small], Field(min_length=1, max_length=8)]
    image: Small
    classes: Small


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
        list[Annotated[list[Small], Field(min_length=4, max_length=4)]], Field(min_length=1)
    ]
    last: Small
    image: Small
    classes: Small


class Vit(_Arch):
    """A torchvision VisionTransformer."""

    kind: Literal["vit"]
    image: Small
    patch: Small
    hidden: Small
    layers: Small
    heads: Small
    mlp: Small
    classes: Small


class Encoder(_Arch):
    """A BERT-style encoder with its pooler."""

    kind: Literal["encoder"]
    vocab: Count
    hidden: Small
    layers: Small
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
    layers: Small
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
    seq: Count

    @model_validator(mode="after")
    def _shapes(self) -> Decoder:
        """Heads divide the width, KV heads divide the heads, top_k fits the experts."""
        if self.hidden % self.heads:
            raise ValueError(f"heads ({self.heads}) must divide hidden ({self.hidden})")
        if self.kv_heads is not None and self.heads % self.kv_heads:
            raise ValueError(f"kv_heads ({self.kv_heads}) must divide heads ({self.heads})")
        if self.top_k > self.experts:
            raise ValueError(f"top_k ({self.top_k}) must not exceed experts ({self.experts})")
        return self


Architecture = Annotated[
    ResNet | Vgg | Sequential | MobileNetV2 | Vit | Encoder | Decoder,
    Field(discriminator="kind"),
]


class Published(Strict):
    """What a third party published for the model."""

    params: Annotated[int, Field(ge=1, le=10**14)] | None = None
    gmacs: Annotated[float, Field(gt=0, le=1e9)] | None = None


class ModelPreset(Strict):
    """One preset: title, architecture, published counts and the page they were read on."""

    title: Text
    architecture: Architecture
    published: Published = Published()
    source: Page

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
