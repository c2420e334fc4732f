"""Model presets costed layer by layer from their architecture descriptions (data, passed in).

Image models are costed on 3 x 224 x 224 inputs (the size set in the data). Convolutions,
linear layers and, for ViT and BERT, the two attention matmuls count as MACs; batch norm,
pooling, activations and residual additions do not. Batch-norm scale and shift are
parameters (running statistics are buffers and are not). Language models are costed on one
sequence of the preset's `seq` tokens per batch element (its native context window).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from xpuref.calc._cost import Cost
from xpuref.calc._layers import conv2d, conv_output_size, linear
from xpuref.calc._transformer import TransformerConfig, transformer_forward
from xpuref.calc._validate import check_count

__all__ = ["MODEL_KINDS", "model_cost", "preset_transformer"]


class _Net:
    """Running totals and current activation shape while walking a CNN description."""

    def __init__(self, batch: int, channels: int, size: int) -> None:
        """Start with an input of batch x channels x size x size."""
        self.batch, self.c, self.h, self.w = batch, channels, size, size
        self.params = 0
        self.macs = 0

    def add(self, cost: Cost) -> None:
        """Add one layer's cost to the totals."""
        self.params += cost.params
        self.macs += cost.macs

    def conv(
        self,
        c_out: int,
        kernel: int,
        *,
        stride: int = 1,
        padding: int = 0,
        groups: int = 1,
        bias: bool = False,
        batchnorm: bool = True,
    ) -> None:
        """Apply a convolution (optionally followed by batch norm) to the current activation."""
        cost = conv2d(
            self.batch, self.c, c_out, self.h, self.w, kernel,
            stride=stride, padding=padding, groups=groups, bias=bias,
        )  # fmt: skip
        self.add(cost)
        if batchnorm:
            self.params += 2 * c_out
        self.c, self.h, self.w = c_out, cost.h_out, cost.w_out

    def branch(self) -> _Net:
        """Return a copy that can walk a side branch (e.g. a downsample) without moving self."""
        other = _Net(self.batch, self.c, self.h)
        other.w = self.w
        return other

    def merge(self, other: _Net) -> None:
        """Add a side branch's totals to self."""
        self.params += other.params
        self.macs += other.macs

    def pool(self, kernel: int, stride: int, padding: int = 0) -> None:
        """Apply a max pool: changes the spatial size only."""
        self.h = conv_output_size(self.h, kernel, stride, padding)
        self.w = conv_output_size(self.w, kernel, stride, padding)

    def adaptive_pool(self, size: int) -> None:
        """Apply an adaptive average pool to size x size."""
        self.h = self.w = size

    def linear(self, out: int, *, bias: bool = True) -> None:
        """Flatten the activation and apply a fully connected layer to each image."""
        self.add(linear(self.c * self.h * self.w, out, tokens=self.batch, bias=bias))
        self.c, self.h, self.w = out, 1, 1

    def cost(self) -> Cost:
        """Return the accumulated cost."""
        return Cost(params=self.params, macs=self.macs)


def _resnet(arch: Mapping[str, Any], batch: int) -> Cost:
    """Cost a torchvision ResNet (stride on the 3x3 conv of bottleneck blocks, i.e. v1.5)."""
    bottleneck = arch["block"] == "bottleneck"
    expansion = 4 if bottleneck else 1
    net = _Net(batch, 3, int(arch["image"]))
    net.conv(64, 7, stride=2, padding=3)
    net.pool(3, 2, 1)
    for stage, repeats in enumerate(arch["blocks"]):
        planes = 64 * 2**stage
        for index in range(int(repeats)):
            stride = 2 if stage > 0 and index == 0 else 1
            if stride != 1 or net.c != planes * expansion:
                shortcut = net.branch()
                shortcut.conv(planes * expansion, 1, stride=stride)
                net.merge(shortcut)
            if bottleneck:
                net.conv(planes, 1)
                net.conv(planes, 3, stride=stride, padding=1)
                net.conv(planes * expansion, 1)
            else:
                net.conv(planes, 3, stride=stride, padding=1)
                net.conv(planes, 3, padding=1)
    net.adaptive_pool(1)
    net.linear(int(arch["classes"]))
    return net.cost()


def _vgg(arch: Mapping[str, Any], batch: int) -> Cost:
    """Cost a torchvision VGG without batch norm."""
    net = _Net(batch, 3, int(arch["image"]))
    for item in arch["config"]:
        if item == "M":
            net.pool(2, 2)
        else:
            net.conv(int(item), 3, padding=1, bias=True, batchnorm=False)
    net.adaptive_pool(int(arch["pool_to"]))
    for width in arch["classifier"]:
        net.linear(int(width))
    net.linear(int(arch["classes"]))
    return net.cost()


def _sequential(arch: Mapping[str, Any], batch: int) -> Cost:
    """Cost an explicit list of conv / maxpool / adaptive_avgpool / linear layers."""
    net = _Net(batch, int(arch["channels"]), int(arch["image"]))
    for layer in arch["layers"]:
        ((op, spec),) = layer.items()
        if op == "conv":
            net.conv(
                int(spec["out"]), int(spec["kernel"]),
                stride=int(spec.get("stride", 1)), padding=int(spec.get("padding", 0)),
                groups=int(spec.get("groups", 1)), bias=bool(spec.get("bias", True)),
                batchnorm=bool(spec.get("batchnorm", False)),
            )  # fmt: skip
        elif op == "maxpool":
            net.pool(int(spec["kernel"]), int(spec["stride"]), int(spec.get("padding", 0)))
        elif op == "adaptive_avgpool":
            net.adaptive_pool(int(spec))
        elif op == "linear":
            net.linear(int(spec["out"]), bias=bool(spec.get("bias", True)))
        else:
            raise ValueError(f"unknown layer {op!r} in models.yaml")
    return net.cost()


def _mobilenet_v2(arch: Mapping[str, Any], batch: int) -> Cost:
    """Cost a torchvision MobileNetV2 at width multiplier 1.0."""
    net = _Net(batch, 3, int(arch["image"]))
    net.conv(int(arch["stem"]), 3, stride=2, padding=1)
    for expand, channels, repeats, first_stride in arch["settings"]:
        for index in range(int(repeats)):
            stride = int(first_stride) if index == 0 else 1
            hidden = round(net.c * int(expand))
            if expand != 1:
                net.conv(hidden, 1)
            net.conv(hidden, 3, stride=stride, padding=1, groups=hidden)
            net.conv(int(channels), 1)
    net.conv(int(arch["last"]), 1)
    net.adaptive_pool(1)
    net.linear(int(arch["classes"]))
    return net.cost()


def _vit(arch: Mapping[str, Any], batch: int) -> Cost:
    """Cost a torchvision VisionTransformer (pre-norm encoder, class token, linear head)."""
    image, patch = int(arch["image"]), int(arch["patch"])
    h, mlp, layers = int(arch["hidden"]), int(arch["mlp"]), int(arch["layers"])
    net = _Net(batch, 3, image)
    net.conv(h, patch, stride=patch, bias=True, batchnorm=False)
    tokens = net.h * net.w + 1
    per_layer_params = 2 * 2 * h + (3 * h * h + 3 * h) + (h * h + h) + (2 * h * mlp + mlp + h)
    per_layer_macs = tokens * (4 * h * h + 2 * h * mlp) + 2 * tokens * tokens * h
    params = net.params + h + tokens * h + layers * per_layer_params + 2 * h
    head = linear(h, int(arch["classes"]), tokens=batch)
    return Cost(params=params, macs=net.macs + batch * layers * per_layer_macs) + head


def _encoder(arch: Mapping[str, Any], batch: int) -> Cost:
    """Cost a BERT-style encoder with its pooler (the CLS-token dense layer), no task head."""
    h, f, layers = int(arch["hidden"]), int(arch["ffn"]), int(arch["layers"])
    seq = int(arch["seq"])
    embeddings = (int(arch["vocab"]) + int(arch["max_positions"]) + int(arch["token_types"])) * h
    per_layer_params = (4 * h * h + 4 * h) + (2 * h * f + f + h) + 2 * 2 * h
    per_layer_macs = seq * (4 * h * h + 2 * h * f) + 2 * seq * seq * h
    pooler = linear(h, h, tokens=batch)
    body = Cost(
        params=embeddings + 2 * h + layers * per_layer_params,
        macs=batch * layers * per_layer_macs,
    )
    return body + pooler


def preset_transformer(preset: Mapping[str, Any]) -> dict[str, Any] | None:
    """The TransformerConfig fields of a decoder preset (given as data), or None for others."""
    if not isinstance(preset, Mapping):
        raise ValueError(f"preset must be a mapping, got {preset!r}")
    arch = preset.get("architecture", preset)
    if not isinstance(arch, Mapping) or arch.get("kind") not in _BUILDER_NAMES:
        raise ValueError(f"preset must hold an architecture of a known kind, got {preset!r}")
    if arch["kind"] != "decoder":
        return None
    return {key: value for key, value in arch.items() if key not in ("kind", "seq")}


_BUILDER_NAMES = ("resnet", "vgg", "sequential", "mobilenet_v2", "vit", "encoder", "decoder")


def _decoder(arch: Mapping[str, Any], batch: int) -> Cost:
    """Cost a decoder-only LM on one sequence of the preset's seq tokens per batch element."""
    fields = {key: value for key, value in arch.items() if key not in ("kind", "seq")}
    vocab, hidden = int(fields.pop("vocab")), int(fields.pop("hidden"))
    layers, heads = int(fields.pop("layers")), int(fields.pop("heads"))
    cfg = TransformerConfig(vocab, hidden, layers, heads, **fields)
    return transformer_forward(cfg, batch=batch, seq=int(arch["seq"]))


_BUILDERS: dict[str, Any] = {
    "resnet": _resnet,
    "vgg": _vgg,
    "sequential": _sequential,
    "mobilenet_v2": _mobilenet_v2,
    "vit": _vit,
    "encoder": _encoder,
    "decoder": _decoder,
}


def model_cost(architecture: Mapping[str, Any], *, batch: int = 1) -> Cost:
    """Return params and forward MACs/FLOPs of a described model for batch inputs.

    ``architecture`` is a preset's architecture mapping (``kind`` plus its fields), as
    data/models.yaml holds it; images are costed at its ``image`` size, language models on
    one sequence of its ``seq`` tokens per batch element.
    """
    if not isinstance(architecture, Mapping):
        raise ValueError(f"architecture must be a mapping, got {architecture!r}")
    kind = architecture.get("kind")
    if kind not in _BUILDERS:
        raise ValueError(f"architecture kind must be one of {', '.join(_BUILDERS)}; got {kind!r}")
    check_count("batch", batch)
    _check_depth(architecture)
    cost: Cost = _BUILDERS[str(kind)](architecture, batch)
    return cost


#: At most this many layers (blocks, repeats) in one model, as data/models.yaml allows: a
#: described model can never make model_cost loop for minutes.
MAX_LAYERS = 1000


def _check_depth(arch: Mapping[str, Any]) -> None:
    """Refuse a description whose layers, blocks or repeats add up to more than MAX_LAYERS."""
    kind = arch.get("kind")
    try:
        if kind == "resnet":
            depth = sum(int(n) for n in arch["blocks"])
        elif kind == "mobilenet_v2":
            depth = sum(int(stage[2]) for stage in arch["settings"])
        elif kind in ("sequential", "vgg"):
            depth = len(arch["layers" if kind == "sequential" else "config"])
        else:
            depth = int(arch["layers"])
    except (KeyError, TypeError, ValueError, IndexError):
        return  # a malformed description is refused by its builder with its own message
    if depth > MAX_LAYERS:
        raise ValueError(f"the model has {depth:,} layers; at most {MAX_LAYERS:,}")


#: The architecture kinds model_cost understands.
MODEL_KINDS: tuple[str, ...] = tuple(_BUILDERS)
