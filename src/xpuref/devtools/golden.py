"""Golden vectors: inputs and xpuref.calc's answers, for checking the JavaScript port.

Each case names a function of site_overrides/assets/js/xpuref-calc.js, its positional
arguments and its keyword arguments (passed to JavaScript as one trailing options object),
and either the expected result or the name of the argument the call must reject. Python
results are turned into plain JSON: Cost objects become {params, macs, flops} (plus h_out
and w_out for convolutions) and non-finite floats become {"$float": "inf"}.

The unit conversions come from xpuref.calc like every other function.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Mapping
from typing import Any

from xpuref import calc
from xpuref.calc import (
    Conv2dCost,
    Cost,
    TransformerConfig,
    flops_to_tflops,
    gb_to_gib,
    gib_to_gb,
    tflops_to_flops,
)
from xpuref.data.dataset import Dataset
from xpuref.views.derive import calc_input, published_bounds
from xpuref.views.host_link import pcie_rates

__all__ = [
    "golden_vectors",
    "plain",
]

_UNITS: dict[str, Callable[[float], float]] = {
    "gb_to_gib": gb_to_gib,
    "gib_to_gb": gib_to_gb,
    "tflops_to_flops": tflops_to_flops,
    "flops_to_tflops": flops_to_tflops,
}


def plain(value: Any) -> Any:
    """Return value as JSON-ready data (costs as dicts, non-finite floats tagged)."""
    if isinstance(value, Conv2dCost):
        return {**value.as_dict(), "h_out": value.h_out, "w_out": value.w_out}
    if isinstance(value, Cost):
        return value.as_dict()
    if isinstance(value, float) and not math.isfinite(value):
        return {"$float": "nan" if math.isnan(value) else ("inf" if value > 0 else "-inf")}
    if isinstance(value, Mapping):
        return {str(key): plain(item) for key, item in value.items()}
    if isinstance(value, list | tuple):
        return [plain(item) for item in value]
    return value


def _transformer(method: str) -> Callable[..., Any]:
    """Return a caller that builds the TransformerConfig from a dict, then calls calc."""
    target = getattr(calc, method)

    def call(cfg: dict[str, Any], **kwargs: Any) -> Any:
        """Call calc with cfg turned into a TransformerConfig."""
        return target(TransformerConfig(**cfg), **kwargs)

    return call


def _model_cost(preset: dict[str, Any], **kwargs: Any) -> Cost:
    """Cost a preset given as data, from its architecture description."""
    return calc.model_cost(preset["architecture"], **kwargs)


def _python(fn: str) -> Callable[..., Any]:
    """Return the Python reference for a JavaScript function name."""
    if fn in _UNITS:
        return _UNITS[fn]
    if fn in ("transformer_params", "transformer_forward"):
        return _transformer(fn)
    if fn == "model_cost":
        return _model_cost
    found: Callable[..., Any] = getattr(calc, fn)
    return found


class _Cases:
    """Accumulates cases, computing each expected value with the Python module."""

    def __init__(self) -> None:
        """Start empty."""
        self.items: list[dict[str, Any]] = []

    def ok(self, fn: str, *args: Any, **kwargs: Any) -> None:
        """Add a case whose call must succeed."""
        result = _python(fn)(*args, **kwargs)
        self.items.append(
            {"fn": fn, "args": plain(args), "kwargs": plain(kwargs), "expect": plain(result)}
        )

    def bad(self, argument: str, fn: str, *args: Any, **kwargs: Any) -> None:
        """Add a case whose call must be refused, naming argument."""
        try:
            _python(fn)(*args, **kwargs)
        except ValueError as exc:
            if argument not in str(exc):
                raise AssertionError(f"{fn}: {exc} does not name {argument}") from exc
        else:
            raise AssertionError(f"{fn}{args}{kwargs} did not fail")
        self.items.append(
            {"fn": fn, "args": plain(args), "kwargs": plain(kwargs), "error": argument}
        )


#: Values every integer argument must refuse (zero is refused where the minimum is 1).
_BAD_COUNTS: tuple[Any, ...] = (0, -3, 2.5, True, None, "8")
#: Values every positive real argument must refuse.
_BAD_NUMBERS: tuple[Any, ...] = (0, -1.5, math.inf, math.nan, True, None, "1e9")


def _dtypes(cases: _Cases) -> None:
    """Bytes per format and tensor sizes."""
    for dtype in calc.DTYPE_BYTES:
        cases.ok("dtype_bytes", dtype)
        cases.ok("tensor_bytes", [1000, 1000], dtype)
        cases.ok("tensor_bytes", [7, 5, 3], dtype)
    cases.ok("tensor_bytes", [32, 3, 256, 256])
    cases.ok("tensor_bytes", [1], "int4")
    cases.ok("dtype_bytes", "bf16", name="weights_dtype")
    for bad in ("fp12", None, 3, "FP16"):
        cases.bad("dtype", "dtype_bytes", bad)
    cases.bad("kv_dtype", "dtype_bytes", "int2", name="kv_dtype")
    cases.bad("shape", "tensor_bytes", [])
    cases.bad("shape", "tensor_bytes", "abc")
    cases.bad("shape[1]", "tensor_bytes", [2, 0])
    cases.bad("shape[1]", "tensor_bytes", [2, -1])
    cases.bad("shape[0]", "tensor_bytes", [2.5, 2])
    cases.bad("shape[0]", "tensor_bytes", [True])
    cases.bad("dtype", "tensor_bytes", [4, 4], "fp3")


def _layers(cases: _Cases, rng: random.Random) -> None:
    """Convolutions and linear layers, including tuple sizes and grouped convolutions."""
    cases.ok("conv2d", 1, 3, 64, 224, 224, 7, stride=2, padding=3, bias=False)
    cases.ok("conv2d", 8, 64, 64, 56, 56, 3, padding=1)
    cases.ok("conv2d", 2, 96, 96, 112, 112, 3, stride=2, padding=1, groups=96, bias=False)
    cases.ok("conv2d", 1, 3, 16, 32, 48, (3, 5), stride=(1, 2), padding=(1, 2))
    cases.ok("conv2d", 1, 3, 768, 224, 224, 16, stride=16)
    cases.ok("conv2d", 1, 1, 1, 1, 1, 1)
    cases.ok("conv2d", 1, 4, 4, 5, 5, 5)
    for _ in range(20):
        groups = rng.choice((1, 1, 2, 4))
        c_in, c_out = groups * rng.randint(1, 64), groups * rng.randint(1, 64)
        kernel = rng.choice((1, 3, 5, 7))
        size = rng.randint(kernel, 300)
        cases.ok(
            "conv2d", rng.randint(1, 64), c_in, c_out, size, rng.randint(kernel, 300), kernel,
            stride=rng.randint(1, 4), padding=rng.randint(0, 3), groups=groups,
            bias=rng.random() < 0.5,
        )  # fmt: skip
    good = (1, 3, 64, 32, 32, 3)
    names = ("batch", "c_in", "c_out", "h_in", "w_in", "kernel")
    for index, name in enumerate(names):
        for bad in _BAD_COUNTS:
            args = list(good)
            args[index] = bad
            cases.bad(name, "conv2d", *args)
    cases.bad("kernel", "conv2d", *good[:5], [3])
    cases.bad("kernel[1]", "conv2d", *good[:5], [3, 0])
    cases.bad("stride", "conv2d", *good, stride=0)
    cases.bad("stride[0]", "conv2d", *good, stride=[0, 1])
    cases.bad("padding", "conv2d", *good, padding=-1)
    cases.bad("padding[1]", "conv2d", *good, padding=[1, 1.5])
    cases.bad("groups", "conv2d", *good, groups=0)
    cases.bad("groups", "conv2d", *good, groups=2)
    cases.bad("bias", "conv2d", *good, bias="yes")
    cases.bad("bias", "conv2d", *good, bias=None)
    cases.bad("kernel", "conv2d", 1, 3, 8, 4, 4, 7)
    cases.bad("kernel", "conv2d", 1, 3, 8, 4, 40, 5, padding=0)
    cases.ok("linear", 4096, 4096)
    cases.ok("linear", 768, 3072, tokens=512, bias=False)
    cases.ok("linear", 1, 1)
    for _ in range(10):
        cases.ok(
            "linear", rng.randint(1, 20000), rng.randint(1, 20000),
            tokens=rng.randint(1, 100000), bias=rng.random() < 0.5,
        )  # fmt: skip
    for bad in _BAD_COUNTS:
        cases.bad("in_features", "linear", bad, 10)
        cases.bad("out_features", "linear", 10, bad)
        cases.bad("tokens", "linear", 10, 10, tokens=bad)
    cases.bad("bias", "linear", 10, 10, bias=1)


def _config(arch: Mapping[str, Any]) -> dict[str, Any]:
    """Return the TransformerConfig fields of a decoder preset's architecture."""
    return {key: value for key, value in arch.items() if key not in ("kind", "seq")}


def _random_shape(rng: random.Random) -> dict[str, Any]:
    """A random shape using the newer fields: head size, MLA, windows, shared experts."""
    kv = rng.choice((1, 2, 4, 8))
    heads = kv * rng.randint(1, 16)
    experts = rng.choice((1, 8, 64, 256))
    layers = rng.randint(1, 96)
    mla = rng.random() < 0.3
    window = rng.choice((0, 0, 128, 4096))
    cfg: dict[str, Any] = {
        "vocab": rng.randint(1, 300000),
        "hidden": rng.randint(1, 16384),
        "layers": layers,
        "heads": heads,
        "kv_heads": kv,
        "head_dim": rng.choice((64, 128, 256)),
        "ffn": rng.randint(1, 40000),
        "gated_mlp": rng.random() < 0.7,
        "tied_embeddings": rng.random() < 0.3,
        "experts": experts,
        "top_k": rng.randint(1, min(experts, 8)),
        "bias": rng.random() < 0.2,
        "qkv_bias": (not mla) and rng.random() < 0.3,
        "qk_norm": rng.random() < 0.3,
        "layer_norms": rng.choice((2, 2, 4)),
        "attention_sinks": rng.random() < 0.2,
        "sliding_window": window,
        "global_every": rng.choice((0, 2, 6)) if window else 0,
    }
    if mla:
        cfg.update(kv_lora_rank=rng.choice((256, 512)), qk_rope_head_dim=64,
                   q_lora_rank=rng.choice((0, 1536)))  # fmt: skip
    if experts > 1:
        cfg.update(expert_ffn=rng.choice((None, rng.randint(1, 4096))),
                   shared_experts=rng.choice((0, 0, 1, 2)),
                   dense_layers=rng.randint(0, min(3, layers)))  # fmt: skip
    return cfg


def _transformers(cases: _Cases, rng: random.Random, ds: Dataset) -> None:
    """Decoder-only transformers: the presets, random shapes and every refused field."""
    for preset in ds.presets.values():
        arch = preset.architecture.plain()
        if arch["kind"] != "decoder":
            continue
        cfg = _config(arch)
        cases.ok("transformer_params", cfg)
        cases.ok("transformer_params", cfg, active=True)
        cases.ok("transformer_forward", cfg, batch=1, seq=arch["seq"])
        cases.ok("transformer_forward", cfg, batch=16, seq=128)
    for _ in range(25):
        kv = rng.choice((1, 2, 4, 8))
        heads = kv * rng.randint(1, 16)
        experts = rng.choice((1, 1, 4, 8, 64))
        cfg = {
            "vocab": rng.randint(1, 300000),
            "hidden": heads * rng.randint(1, 256),
            "layers": rng.randint(1, 128),
            "heads": heads,
            "kv_heads": rng.choice((kv, None)),
            "ffn": rng.choice((None, rng.randint(1, 60000))),
            "gated_mlp": rng.random() < 0.5,
            "tied_embeddings": rng.random() < 0.5,
            "experts": experts,
            "top_k": rng.randint(1, min(experts, 8)),
            "norm": rng.choice(("rmsnorm", "layernorm")),
            "bias": rng.random() < 0.5,
            "learned_positions": rng.choice((0, 0, 2048)),
        }
        cases.ok("transformer_params", cfg, active=rng.random() < 0.5)
        cases.ok("transformer_forward", cfg, batch=rng.randint(1, 64), seq=rng.randint(1, 32768))
    for _ in range(25):
        cfg = _random_shape(rng)
        cases.ok("transformer_params", cfg, active=rng.random() < 0.5)
        cases.ok("transformer_forward", cfg, batch=rng.randint(1, 16), seq=rng.randint(1, 65536))
    base = {"vocab": 1000, "hidden": 64, "layers": 2, "heads": 8}
    for field in ("vocab", "hidden", "layers", "heads"):
        for bad in _BAD_COUNTS:
            cases.bad(field, "transformer_params", {**base, field: bad})
    for field in ("kv_heads", "ffn", "experts", "top_k"):
        for bad in (0, -1, 1.5, True):
            cases.bad(field, "transformer_params", {**base, field: bad})
    for field in ("gated_mlp", "tied_embeddings", "bias"):
        for bad in (1, "yes", None):
            cases.bad(field, "transformer_params", {**base, field: bad})
    cases.bad("norm", "transformer_params", {**base, "norm": "batchnorm"})
    cases.bad("learned_positions", "transformer_params", {**base, "learned_positions": -1})
    cases.bad("heads", "transformer_params", {**base, "heads": 7})
    cases.bad("kv_heads", "transformer_params", {**base, "kv_heads": 3})
    cases.bad("top_k", "transformer_params", {**base, "experts": 2, "top_k": 3})
    cases.bad("active", "transformer_params", base, active="no")
    for field in ("qkv_bias", "qk_norm", "attention_sinks"):
        cases.bad(field, "transformer_params", {**base, field: 1})
    for field in ("head_dim", "expert_ffn"):
        for bad in (0, -1, 1.5, True):
            cases.bad(field, "transformer_params", {**base, field: bad})
    for field in (
        "layer_norms",
        "kv_lora_rank",
        "q_lora_rank",
        "qk_rope_head_dim",
        "sliding_window",
        "global_every",
        "shared_experts",
        "dense_layers",
    ):
        for bad in (-1, 1.5, True, None):
            cases.bad(field, "transformer_params", {**base, field: bad})
    moe = {**base, "experts": 4, "top_k": 2}
    cases.bad("heads", "transformer_params", {**base, "heads": 6})
    cases.ok("transformer_params", {**base, "heads": 6, "kv_heads": 3, "head_dim": 20})
    cases.bad("qk_rope_head_dim", "transformer_params", {**base, "kv_lora_rank": 32})
    cases.bad("qk_rope_head_dim", "transformer_params", {**base, "qk_rope_head_dim": 16})
    cases.bad("q_lora_rank", "transformer_params", {**base, "q_lora_rank": 16})
    cases.bad("qkv_bias", "transformer_params",
              {**base, "kv_lora_rank": 32, "qk_rope_head_dim": 8, "qkv_bias": True})  # fmt: skip
    cases.bad("global_every", "transformer_params", {**base, "global_every": 2})
    cases.bad("shared_experts", "transformer_params", {**base, "shared_experts": 1})
    cases.bad("dense_layers", "transformer_params", {**base, "dense_layers": 1})
    cases.bad("dense_layers", "transformer_params", {**moe, "dense_layers": 3})
    for bad in _BAD_COUNTS:
        cases.bad("batch", "transformer_forward", base, batch=bad, seq=16)
        cases.bad("seq", "transformer_forward", base, batch=1, seq=bad)


def _presets(cases: _Cases, ds: Dataset) -> None:
    """Every model preset at two batch sizes."""
    plain = [{"name": name, **p.plain()} for name, p in ds.presets.items()]
    for preset in plain:
        cases.ok("model_cost", preset)
        cases.ok("model_cost", preset, batch=3)
    first = plain[0]
    for bad in _BAD_COUNTS:
        cases.bad("batch", "model_cost", first, batch=bad)


def _training(cases: _Cases, rng: random.Random) -> None:
    """6ND, the Megatron-LM iteration count and training time."""
    cases.ok("training_flops", 175e9, 300e9)
    cases.ok("training_flops", 7, 1)
    cases.ok("training_flops", 0.5, 1e-3)
    for recompute in (False, True):
        cases.ok("megatron_iteration_flops", 1536, 2048, 96, 12288, 51200, recompute=recompute)
        cases.ok("megatron_iteration_flops", 1, 1, 1, 1, 1, recompute=recompute)
        cases.ok("training_time", 175e9, 300e9, 1024, 140e12, recompute=recompute)
    for _ in range(10):
        cases.ok(
            "megatron_iteration_flops", rng.randint(1, 4096), rng.randint(1, 32768),
            rng.randint(1, 128), rng.randint(1, 32768), rng.randint(1, 256000),
            recompute=rng.random() < 0.5,
        )  # fmt: skip
        cases.ok(
            "training_time", rng.uniform(1e6, 1e12), rng.uniform(1e6, 1e13),
            rng.randint(1, 100000), rng.uniform(1e12, 2e15),
        )  # fmt: skip
    for bad in _BAD_NUMBERS:
        cases.bad("params", "training_flops", bad, 1e9)
        cases.bad("tokens", "training_flops", 1e9, bad)
        cases.bad("flops_per_gpu", "training_time", 1e9, 1e9, 8, bad)
    for bad in _BAD_COUNTS:
        cases.bad("batch", "megatron_iteration_flops", bad, 2, 3, 4, 5)
        cases.bad("vocab", "megatron_iteration_flops", 1, 2, 3, 4, bad)
        cases.bad("gpus", "training_time", 1e9, 1e9, bad, 1e12)
    cases.bad("recompute", "megatron_iteration_flops", 1, 2, 3, 4, 5, recompute="full")
    cases.bad("recompute", "training_time", 1e9, 1e9, 8, 1e12, recompute=1)


def _memory(cases: _Cases, rng: random.Random) -> None:
    """Weights, KV cache, ZeRO training state and activations."""
    for dtype in calc.DTYPE_BYTES:
        cases.ok("weights_bytes", 6738415616, dtype)
        cases.ok("kv_cache_bytes", 80, 8, 128, 4096, batch=4, dtype=dtype)
    cases.ok("weights_bytes", 0.5, "int4")
    cases.ok("kv_cache_bytes", 1, 1, 1, 1)
    cases.ok("kv_cache_bytes", 126, 8, 128, 131072, batch=512)
    for optimizer in ("adam", "sgd"):
        for precision in ("mixed", "fp32"):
            for stage in range(4):
                for dp in (1, 7, 64):
                    cases.ok(
                        "training_state_bytes", 7.5e9, optimizer=optimizer,
                        precision=precision, zero_stage=stage, dp=dp,
                    )  # fmt: skip
    for recompute in ("none", "selective", "full"):
        for sp in (False, True):
            for tp in (1, 3, 8):
                cases.ok(
                    "activation_bytes_per_layer", 2048, 1, 12288, 96, tp=tp,
                    sequence_parallel=sp, recompute=recompute,
                )  # fmt: skip
            tp = rng.choice((1, 2, 4, 8, 16))
            cases.ok(
                "activation_bytes_per_layer", rng.randint(1, 32768), rng.randint(1, 64),
                rng.randint(1, 16384), tp * rng.randint(1, 8), tp=tp,
                sequence_parallel=sp, recompute=recompute,
            )  # fmt: skip
    for bad in _BAD_NUMBERS:
        cases.bad("params", "weights_bytes", bad, "fp16")
        cases.bad("params", "training_state_bytes", bad)
    cases.bad("dtype", "weights_bytes", 1e9, "fp2")
    for bad in _BAD_COUNTS:
        cases.bad("layers", "kv_cache_bytes", bad, 8, 128, 10)
        cases.bad("kv_heads", "kv_cache_bytes", 2, bad, 128, 10)
        cases.bad("head_dim", "kv_cache_bytes", 2, 8, bad, 10)
        cases.bad("tokens", "kv_cache_bytes", 2, 8, 128, bad)
        cases.bad("batch", "kv_cache_bytes", 2, 8, 128, 10, batch=bad)
        cases.bad("dp", "training_state_bytes", 1e9, dp=bad)
        cases.bad("seq", "activation_bytes_per_layer", bad, 1, 64, 8)
        cases.bad("heads", "activation_bytes_per_layer", 16, 1, 64, bad)
        cases.bad("tp", "activation_bytes_per_layer", 16, 1, 64, 8, tp=bad)
    cases.bad("dtype", "kv_cache_bytes", 2, 8, 128, 10, dtype="fp1")
    cases.bad("optimizer", "training_state_bytes", 1e9, optimizer="lion")
    cases.bad("precision", "training_state_bytes", 1e9, precision="bf16")
    cases.bad("zero_stage", "training_state_bytes", 1e9, zero_stage=4)
    cases.bad("zero_stage", "training_state_bytes", 1e9, zero_stage=-1)
    cases.bad("sequence_parallel", "activation_bytes_per_layer", 16, 1, 64, 8, sequence_parallel=0)
    cases.bad("recompute", "activation_bytes_per_layer", 16, 1, 64, 8, recompute="some")


def _roofline(cases: _Cases, rng: random.Random) -> None:
    """Intensity, ridge point, attainable rate and bound time."""
    for dtype in calc.DTYPE_BYTES:
        cases.ok("gemm_intensity", 4096, 4096, 4096, dtype=dtype)
    cases.ok("gemm_intensity", 1, 4096, 4096)
    cases.ok("gemm_intensity", 1, 1, 1)
    cases.ok("ridge_point", 989.4e12, 3.35e12)
    cases.ok("attainable_flops", 0, 989.4e12, 3.35e12)
    cases.ok("attainable_flops", 1e6, 989.4e12, 3.35e12)
    cases.ok("roofline_time", 0, 0, 1e12, 1e9)
    cases.ok("roofline_time", 2 * 4096**3, 3 * 2 * 4096**2, 989.4e12, 3.35e12)
    for _ in range(15):
        peak, bandwidth = rng.uniform(1e11, 5e15), rng.uniform(1e10, 1e13)
        intensity = rng.uniform(0, 2000)
        cases.ok(
            "gemm_intensity", rng.randint(1, 65536), rng.randint(1, 65536), rng.randint(1, 65536)
        )
        cases.ok("ridge_point", peak, bandwidth)
        cases.ok("attainable_flops", intensity, peak, bandwidth)
        cases.ok("roofline_time", rng.uniform(0, 1e18), rng.uniform(0, 1e13), peak, bandwidth)
    for bad in _BAD_COUNTS:
        cases.bad("m", "gemm_intensity", bad, 2, 3)
        cases.bad("k", "gemm_intensity", 1, 2, bad)
    cases.bad("dtype", "gemm_intensity", 1, 2, 3, dtype="fp5")
    for bad in _BAD_NUMBERS:
        cases.bad("peak_flops", "ridge_point", bad, 1e9)
        cases.bad("bandwidth", "attainable_flops", 1.0, 1e12, bad)
        cases.bad("peak_flops", "roofline_time", 1.0, 1.0, bad, 1e9)
    cases.bad("intensity", "attainable_flops", -1, 1e12, 1e9)
    cases.bad("flops", "roofline_time", -1, 1.0, 1e12, 1e9)
    cases.bad("bytes_moved", "roofline_time", 1.0, math.inf, 1e12, 1e9)


def _devices(ds: Dataset) -> list[dict[str, Any]]:
    """Return the catalog's devices in the shape xpuref.calc reads."""
    pcie = pcie_rates(ds)
    return [calc_input(d, ds.architectures.get(d.architecture), pcie) for d in ds.sorted_devices()]


def _export(cases: _Cases, rng: random.Random, ds: Dataset) -> None:
    """TPP, density, device figures and classification of real and edge-case devices."""
    for bits in (64, 32, 16, 8, 6, 4):
        cases.ok("tpp", 300.0, bits)
    cases.ok("tpp", 0, 16)
    cases.ok("performance_density", 4800.0, 814)
    cases.ok("performance_density", 0, 1)
    cases.ok("device_tpp", {})
    cases.ok("device_tpp", {"fp16_matrix": 989.4, "fp8_matrix": 1978.9, "int4_matrix": None})
    cases.bad("tops", "tpp", -1, 16)
    cases.bad("bit_length", "tpp", 1, 0)
    cases.bad("die_area_mm2", "performance_density", 1, 0)
    cases.bad("tpp", "performance_density", math.nan, 1)
    cases.bad("peak_dense", "device_tpp", [1])
    cases.bad("peak_dense['fp99_matrix']", "device_tpp", {"fp99_matrix": 1})
    cases.bad("peak_dense['bf16_matrix']", "device_tpp", {"bf16_matrix": -1})
    rules = ds.rule_dicts()
    for device in _devices(ds):
        cases.ok("device_tpp", device["peak_dense"])
        cases.ok("device_derived", device)
        cases.ok("export_metrics", device)
        for rule in rules:
            cases.ok("classify", device, rule)
            cases.ok("classify_explain", device, rule)
    edges: list[dict[str, Any]] = [
        {"peak_dense": {"bf16_matrix": 300.0}, "die_area_mm2": 810.8, "interconnect": {}},
        {"peak_dense": {"fp8_matrix": 600.0}, "die_area_mm2": 100.0},
        {"peak_dense": {"fp16": 200.0}, "die_area_mm2": 500.0,
         "interconnect": {"scale_up_bandwidth_gbs": 400, "host_bandwidth_gbs": 200}},
        {"peak_dense": {"int8_matrix": 240.0}, "die_area_mm2": 600.0},
        {"peak_dense": {"int8_matrix": 240.0}},
        {"peak_dense": {"int8_matrix": 240.0}, "die_area_mm2": 600.0,
         "designed_for_datacenter": False},
        {"peak_dense": {"int8_matrix": 700.0}, "die_area_mm2": 600.0,
         "designed_for_datacenter": False},
        {"peak_dense": {"fp4_matrix": 10.0}},
        {"peak_dense": {}},
        {},
    ]  # fmt: skip
    for _ in range(20):
        edges.append(
            {
                "peak_dense": {
                    rng.choice(("bf16_matrix", "fp8_matrix", "int8")): rng.uniform(50, 800)
                },
                "die_area_mm2": rng.choice((None, rng.uniform(100, 900))),
                "interconnect": {
                    "scale_up_bandwidth_gbs": rng.choice((None, rng.uniform(0.1, 1800)))
                },
                "designed_for_datacenter": rng.choice((True, False, None)),
            }
        )
    edges += [
        {"peak_dense": {"bf16_matrix": 400.0}, "die_area_mm2": 600.0,
         "supported_rates": ["bf16_matrix", "fp8_matrix"]},
        {"peak_dense": {"fp8_matrix": 700.0}, "supported_rates": None},
        {"peak_dense": {"int8_matrix": 300.0}, "die_area_mm2": 500.0,
         "interconnect": {"scale_up_bandwidth_gbs": 0.0, "host_bandwidth_gbs": 64.0},
         "supported_rates": ["int8_matrix"], "designed_for_datacenter": False},
        # A host link whose rate is unstated: bounded by its named PCIe link, or open.
        {"peak_dense": {"int8_matrix": 700.0}, "die_area_mm2": 800.0,
         "interconnect": {"scale_up_bandwidth_gbs": 400.0, "host_bandwidth_max_gbs": 128.0}},
        {"peak_dense": {"int8_matrix": 700.0}, "die_area_mm2": 800.0,
         "interconnect": {"scale_up_bandwidth_gbs": 400.0, "host_bandwidth_max_gbs": 256.0}},
        {"peak_dense": {"int8_matrix": 700.0}, "die_area_mm2": 800.0,
         "interconnect": {"scale_up_bandwidth_gbs": 400.0}},
        {"peak_dense": {"int8_matrix": 700.0}, "die_area_mm2": 800.0,
         "interconnect": {"scale_up_bandwidth_gbs": 400.0, "host_bandwidth_gbs": 64.0,
                          "host_bandwidth_max_gbs": 500.0}},
        {"peak_dense": {"int8_matrix": 700.0},
         "interconnect": {"host_bandwidth_max_gbs": 64.0}},
        # TF32 ties another precision's TPP (74 x 32 = 296 x 8): the other one decides.
        {"peak_dense": {"tf32_matrix": 74.0, "fp8_matrix": 296.0}, "die_area_mm2": 814.0},
        {"peak_dense": {"fp8_matrix": 296.0, "tf32_matrix": 74.0}, "die_area_mm2": 814.0},
        # A TPP floor and cap from outside the rates (a published classification).
        {"peak_dense": {"fp8_matrix": 296.0}, "die_area_mm2": 814.0,
         "supported_rates": ["fp8_matrix", "fp64_matrix"], "tpp_min": 2368.0,
         "tpp_max": 2399.9999999999995},
        {"peak_dense": {"fp32": 51.2}, "die_area_mm2": 814.0,
         "supported_rates": ["fp32", "bf16_matrix"], "tpp_min": 2400.0},
        # A missing rate capped by a ceiling (at most N x a given rate), or left open.
        {"peak_dense": {"int8_matrix": 239.0, "fp8_matrix": 239.0}, "die_area_mm2": 608.5,
         "supported_rates": ["int8_matrix", "fp8_matrix", "int4_matrix"],
         "rate_ceilings": [{"rate": "int4_matrix", "at_most": 2.0, "of": "int8_matrix"}]},
        {"peak_dense": {"int8_matrix": 239.0}, "die_area_mm2": 608.5,
         "supported_rates": ["int8_matrix", "int4_matrix"],
         "rate_ceilings": [{"rate": "int4_matrix", "at_most": 3.0, "of": "int8_matrix"}]},
        {"peak_dense": {"fp8_matrix": 239.0}, "die_area_mm2": 608.5,
         "supported_rates": ["int8_matrix", "fp8_matrix", "int4_matrix"],
         "rate_ceilings": [{"rate": "int4_matrix", "at_most": 2.0, "of": "int8_matrix"}]},
        # An unpublished area bounded by the maker ("< 600 mm2"), a looser bound than the
        # reticle limit, and a bound beside a published area (which wins).
        {"peak_dense": {"bf16_matrix": 275.0}, "die_area_max_mm2": 600.0},
        {"peak_dense": {"bf16_matrix": 275.0}, "die_area_max_mm2": 2000.0},
        {"peak_dense": {"bf16_matrix": 275.0}, "die_area_mm2": 800.0, "die_area_max_mm2": 600.0},
        {"peak_dense": {"bf16_matrix": 110.0}, "die_area_max_mm2": 500.0,
         "supported_rates": ["bf16_matrix", "fp8_matrix"]},
        # A class met while the market exclusion stays open (TPP may still fall below 4,800).
        {"peak_dense": {"int8_matrix": 300.0}, "die_area_mm2": 300.0,
         "supported_rates": ["int8_matrix", "fp8_matrix"], "designed_for_datacenter": False},
    ]  # fmt: skip
    # Per-chip rates against a power figure for the whole card, a chip or no stated scope, and
    # TPP from a partial rate set (a bound) or a complete one.
    for scope in ("card", "chip", None):
        cases.ok(
            "device_derived",
            {"peak_dense": {"fp16_matrix": 69.5, "int8_matrix": 138.9}, "chips_per_package": 2,
             "power": {"tdp_w": 150.0, "scope": scope},
             "supported_rates": ["fp16_matrix", "int8_matrix", "fp16"]},
        )  # fmt: skip
    cases.ok(
        "device_derived",
        {"peak_dense": {"bf16_matrix": 300.0}, "power": {"tdp_w": 400.0, "scope": "module"},
         "supported_rates": ["bf16_matrix"], "die_area_mm2": 800.0},
    )  # fmt: skip
    for device in edges:
        cases.ok("export_metrics", device)
        for rule in rules:
            cases.ok("classify", device, rule)
            cases.ok("classify_explain", device, rule)
            cases.ok("possible_classes", device, rule)
            cases.ok("export_answer", device, rule)
    # The export calculator's records (published statements narrowing TPP, as on the pages).
    pcie = pcie_rates(ds)
    for item in ds.sorted_devices():
        record = calc_input(item, ds.architectures.get(item.architecture), pcie)
        bounds = published_bounds(item, ds)
        if bounds is not None:
            record["tpp_min"] = bounds[0]
            if bounds[1] is not None:
                record["tpp_max"] = bounds[1]
        for rule in rules:
            cases.ok("export_answer", record, rule)
    for fields in (
        [],
        ["peak_dense.int4_matrix", "die_area_mm2"],
        ["peak_dense.fp64", "peak_dense.fp8_matrix", "interconnect.host_bandwidth_gbs"],
    ):
        cases.ok("missing_words", fields)  # fmt: skip
    cases.bad("fields", "missing_words", "die_area_mm2")
    cases.bad("fields", "missing_words", [1])
    cases.bad("rule", "possible_classes", {"peak_dense": {"fp16": 1.0}}, {"id": "x"})
    cases.bad("rule", "export_answer", {"peak_dense": {"fp16": 1.0}}, {"id": "x"})
    cases.bad("supported_rates", "export_metrics", {"peak_dense": {}, "supported_rates": "all"})
    cases.bad("rate_ceilings", "export_metrics", {"peak_dense": {}, "rate_ceilings": "x"})
    cases.bad(
        "rate_ceilings",
        "export_metrics",
        {"peak_dense": {"int8_matrix": 1.0}, "rate_ceilings": [{"rate": "int4_matrix"}]},
    )
    cases.bad(
        "tpp_min",
        "export_metrics",
        {"peak_dense": {"fp8_matrix": 1.0}, "tpp_min": 3.0, "tpp_max": 2.0},
    )
    cases.bad("device", "export_metrics", [1])
    cases.bad(
        "die_area_max_mm2",
        "export_metrics",
        {"peak_dense": {"bf16_matrix": 1.0}, "die_area_max_mm2": 0},
    )
    cases.bad(
        "interconnect.host_bandwidth_max_gbs",
        "export_metrics",
        {"peak_dense": {}, "interconnect": {"host_bandwidth_max_gbs": -1}},
    )
    cases.bad("device", "classify", [1], rules[0])
    cases.bad("device", "classify_explain", "h100", rules[0])
    cases.bad("rule", "classify_explain", {}, {"id": "x"})
    cases.bad("rule", "classify", {}, {"classes": []})
    cases.bad("rule", "classify", {}, {"id": "x", "classes": [{"class": "a"}]})
    cases.bad(
        "die_area_mm2", "classify", {"peak_dense": {"fp16": 1.0}, "die_area_mm2": 0}, rules[0]
    )
    cases.bad(
        "designed_for_datacenter", "classify",
        {"peak_dense": {"fp16": 1.0}, "designed_for_datacenter": "yes"}, rules[0],
    )  # fmt: skip
    cases.bad(
        "interconnect.scale_up_bandwidth_gbs", "classify",
        {"peak_dense": {"fp16": 1.0}, "interconnect": {"scale_up_bandwidth_gbs": -5}}, rules[0],
    )  # fmt: skip
    unknown = {"id": "x", "classes": [{"class": "a", "condition": {"metric": "watts", "min": 1}}]}
    cases.bad("metric", "classify", {"peak_dense": {"fp16": 1.0}}, unknown)


def _units(cases: _Cases) -> None:
    """GB and GiB, TFLOPS and FLOP/s."""
    for fn in _UNITS:
        for value in (0, 1, 80, 1.5e-3, 989.4, 1e6):
            cases.ok(fn, value)
        for bad in (-1, math.inf, True, None, "80"):
            cases.bad("value", fn, bad)


def _twins(cases: _Cases, rng: random.Random, ds: Dataset) -> None:
    """Helpers the pages call: output sizes, configs, per-token MACs, ZeRO parts, GEMM, LLM."""
    for size, kernel, stride, padding in (
        (224, 7, 2, 3),
        (56, 3, 1, 1),
        (7, 1, 1, 0),
        (13, 3, 2, 0),
    ):
        cases.ok("conv_output_size", size, kernel, stride, padding)
    plain_presets = [{"name": name, **p.plain()} for name, p in ds.presets.items()]
    for preset in plain_presets:
        cases.ok("preset_transformer", preset)
    cases.bad("preset", "preset_transformer", [1])
    decoders = [
        p.architecture.plain() for p in ds.presets.values() if p.architecture.kind == "decoder"
    ]
    for arch in decoders:
        cfg = _config(arch)
        for seq in (1, 128, int(arch["seq"])):
            cases.ok("transformer_token_macs", cfg, seq)
        cases.ok(
            "llm_inference", cfg, batch=rng.randint(1, 64), context=rng.choice((512, 4096)),
            weights_dtype=rng.choice(("bf16", "fp8", "int4")), kv_dtype=rng.choice(("bf16", "fp8")),
            peak_flops=rng.uniform(1e14, 2e15), bandwidth=rng.uniform(5e11, 8e12),
            memory_bytes=rng.choice((None, 80 * 2**30)),
        )  # fmt: skip
        for batch in (1, 7, 256):  # MoE decode reads only the experts a batch touches
            cases.ok(
                "llm_inference", cfg, batch=batch, context=4096, weights_dtype="fp8",
                kv_dtype="bf16", peak_flops=8 * 989e12, bandwidth=8 * 4.8e12,
                memory_bytes=rng.choice((8 * 141 * 2**30, 24 * 2**30)),
            )  # fmt: skip
    spreads = ((256, 8, 1), (256, 8, 64), (128, 8, 4096), (8, 2, 3), (64, 6, 2**40))
    for experts, top_k, tokens in spreads:
        cases.ok("expected_experts", experts, top_k, tokens)
    cases.bad("top_k", "expected_experts", 8, 9, 1)
    cases.bad("tokens", "expected_experts", 8, 2, 0)
    base = _config(decoders[0])
    for arch in decoders:
        heads, kv = int(arch["heads"]), int(arch.get("kv_heads") or arch["heads"])
        for tp in (t for t in (2, 8) if heads % t == 0 and (kv % t == 0 or t % kv == 0)):
            cases.ok(
                "llm_inference", _config(arch), batch=4, context=4096, weights_dtype="fp4",
                kv_dtype="fp8", peak_flops=9.9e14, bandwidth=3.35e12, memory_bytes=80 * 2**30,
                tp=tp,
            )  # fmt: skip
    cases.bad("tp", "llm_inference", base, batch=1, context=16, weights_dtype="fp6",
              kv_dtype="bf16", peak_flops=1e15, bandwidth=1e12, tp=0)  # fmt: skip
    cases.bad("seq", "transformer_token_macs", base, 0)
    cases.bad("batch", "llm_inference", base, batch=0, context=16, weights_dtype="bf16",
              kv_dtype="bf16", peak_flops=1e15, bandwidth=1e12)  # fmt: skip
    cases.bad("bandwidth", "llm_inference", base, batch=1, context=16, weights_dtype="bf16",
              kv_dtype="bf16", peak_flops=1e15, bandwidth=0)  # fmt: skip
    for optimizer in ("adam", "sgd"):
        for precision in ("mixed", "fp32"):
            for stage in (0, 1, 2, 3):
                cases.ok("training_state_parts", 7e9, optimizer=optimizer, precision=precision,
                         zero_stage=stage, dp=8)  # fmt: skip
    cases.bad("zero_stage", "training_state_parts", 1e9, zero_stage=4)
    for m, n, k in ((1, 1, 1), (4096, 4096, 4096), (1, 8192, 8192), (128, 28672, 8192)):
        for dtype in ("fp32", "bf16", "fp8"):
            cases.ok("gemm_bytes", m, n, k, dtype=dtype)
    cases.bad("k", "gemm_bytes", 1, 1, 0)
    for flops, moved in ((1e12, 1e9), (1e9, 1e12), (0.0, 1.0), (2e15, 1e12)):
        cases.ok("bound_by", flops, moved, 1e15, 2e12)
    cases.bad("peak_flops", "bound_by", 1.0, 1.0, 0, 1.0)
    for seconds, gpus in ((3600.0, 8), (0.0, 1), (86400.0 * 30, 1024)):
        cases.ok("gpu_hours", seconds, gpus)
    cases.bad("gpus", "gpu_hours", 1.0, 0)
    cases.bad("seconds", "gpu_hours", -1.0, 1)
    # Magnitudes that would underflow to 0 or overflow to infinity are refused, by name.
    cases.bad("bandwidth", "ridge_point", 1e15, 1e-320)
    cases.bad("tops", "tpp", 1e308, 16)
    cases.bad("params", "training_flops", 1e-300, 1e12)
    cases.bad("gpus", "gpu_hours", 1.0, 2**60)
    cases.bad("flops", "bound_by", 0.0, 0.0, 1e15, 1e12)
    for mode in ("none", "selective", "full"):
        for sp in (False, True):
            cases.ok("training_extra_bytes", 262144, 1, 4096, 32, 128256, tp=8, recompute=mode,
                     sequence_parallel=sp)  # fmt: skip
    cases.ok("training_extra_bytes", 4096, 2, 5120, 40, 32000, fp32_loss=False,
             compute_dtype="fp32")  # fmt: skip
    cases.bad("vocab", "training_extra_bytes", 4096, 1, 4096, 32, 0)
    cases.bad("fp32_loss", "training_extra_bytes", 4096, 1, 4096, 32, 1000, fp32_loss="yes")
    cases.bad("tp", "activation_bytes_per_layer", 2048, 1, 4096, 32, tp=3)
    cases.ok("activation_bytes_per_layer", 2048, 1, 4096, 32, tp=8)


def _serving(cases: _Cases, rng: random.Random, ds: Dataset) -> None:
    """KV bytes per token and per sequence, and KV capacity, for presets and random shapes."""
    decoders = [
        _config(p.architecture.plain())
        for p in ds.presets.values()
        if p.architecture.kind == "decoder"
    ]
    shapes = decoders + [_random_shape(rng) for _ in range(15)]
    for cfg in shapes:
        tps = [t for t in (1, 2, 4, 8, 16) if _tp_ok(cfg, t)]
        tp = rng.choice(tps)
        for dtype in ("bf16", "fp8"):
            cases.ok("kv_bytes_per_token", cfg, dtype, tp=tp)
        cases.ok("kv_bytes_per_token", cfg)
        for tokens in (1, 127, 4096, 131072):
            cases.ok("kv_sequence_bytes", cfg, tokens, "bf16", tp=tp)
        cases.ok(
            "kv_capacity", cfg, memory_bytes=rng.choice((24, 80, 141, 192)) * 2**30,
            context=rng.choice((2048, 8192, 32768, 131072)), tp=tp,
            memory_fraction=rng.choice((0.9, 0.95, 1.0)),
            weights_dtype=rng.choice(("bf16", "fp8", "int4")),
            kv_dtype=rng.choice(("bf16", "fp8")), block_size=rng.choice((1, 16, 64)),
            overhead_bytes=rng.choice((0.0, 2.5 * 2**30)),
        )  # fmt: skip
    for cfg in decoders:
        cases.ok("kv_tokens_in", cfg, 3.81 * 2**30)
        cases.ok("kv_tokens_in", cfg, 152.88 * 2**30, "bf16", block_size=1)
    first = decoders[0]
    cases.bad("kv_memory_bytes", "kv_tokens_in", first, 0)
    cases.bad("kv_dtype", "kv_tokens_in", first, 1e9, "fp5")
    cases.ok("kv_capacity", first, memory_bytes=3.81 * 2**30, memory_fraction=1.0,
             weights_bytes=0, context=20000)  # fmt: skip
    cases.ok("kv_capacity", first, memory_bytes=1e9, context=4096)
    cases.bad("dtype", "kv_bytes_per_token", first, "fp5")
    cases.bad("tp", "kv_bytes_per_token", first, tp=0)
    cases.bad("tp", "kv_bytes_per_token", {**first, "heads": 12, "kv_heads": 4}, tp=8)
    cases.bad("tp", "kv_bytes_per_token", {**first, "heads": 12, "kv_heads": 12}, tp=3 * 3)
    cases.bad("vocab", "kv_bytes_per_token", {**first, "vocab": 0})
    cases.bad("tokens", "kv_sequence_bytes", first, 0)
    cases.bad("dtype", "kv_sequence_bytes", first, 5, "q8")
    cases.bad("tp", "kv_sequence_bytes", first, 5, tp=7)
    good = {"memory_bytes": 80 * 2**30, "context": 4096}
    for key, bad in (
        ("memory_bytes", 0), ("memory_bytes", math.inf), ("context", 0), ("context", 1.5),
        ("memory_fraction", 1.01), ("memory_fraction", 0), ("tp", 0), ("block_size", 0),
        ("weights_dtype", "fp2"), ("weights_bytes", -1), ("overhead_bytes", -1.0),
        ("kv_dtype", "int2"),
    ):  # fmt: skip
        cases.bad(key, "kv_capacity", first, **{**good, key: bad})
    cases.bad("tp", "kv_capacity", first, **good, tp=5)


def _tp_ok(cfg: Mapping[str, Any], tp: int) -> bool:
    """Whether a TP degree shards a shape's heads as vLLM allows."""
    heads = int(cfg["heads"])
    kv = int(cfg.get("kv_heads") or heads)
    return heads % tp == 0 and (kv % tp == 0 or tp % kv == 0 or bool(cfg.get("kv_lora_rank")))


def _utilisation(cases: _Cases, rng: random.Random, ds: Dataset) -> None:
    """6N + attention FLOPs per token, the detailed count, and MFU with HFU."""
    cases.ok("training_flops_per_token", 540.35e9, layers=118, attention_width=12288, seq=2048)
    cases.ok("training_flops_per_token", 7e9)
    for _ in range(8):
        cases.ok(
            "training_flops_per_token", rng.uniform(1e6, 2e12), layers=rng.randint(0, 128),
            attention_width=rng.randint(0, 32768), seq=rng.randint(0, 131072),
        )  # fmt: skip
    for bad in _BAD_NUMBERS:
        cases.bad("params", "training_flops_per_token", bad)
    for key in ("layers", "attention_width", "seq"):
        for bad in (-1, 1.5, True, None):
            cases.bad(key, "training_flops_per_token", 1e9, **{key: bad})
    for preset in ds.presets.values():
        arch = preset.architecture.plain()
        if arch["kind"] == "decoder":
            cases.ok("model_flops_per_token", _config(arch), int(arch["seq"]))
            cases.ok("model_flops_per_token", _config(arch), 1)
    cases.bad(
        "seq", "model_flops_per_token", {"vocab": 10, "hidden": 8, "layers": 1, "heads": 2}, 0
    )
    palm = 6 * 540.35e9 + 12 * 118 * 12288 * 2048
    cases.ok("mfu", palm, peak_flops=275e12, tokens_per_s=238.3e3, devices=6144)
    cases.ok("mfu", palm, peak_flops=275e12, tokens_per_s=238.3e3, devices=6144, recompute="full")
    cases.ok("mfu", 4.3e10, peak_flops=989e12, step_seconds=2.0, batch_tokens=4e6, devices=512)
    for _ in range(10):
        peak = rng.uniform(1e14, 5e15)
        work = rng.uniform(1e9, 1e13)
        devices = rng.randint(1, 16384)
        rate = rng.uniform(0.05, 0.7) * peak * devices / work
        cases.ok("mfu", work, peak_flops=peak, tokens_per_s=rate, devices=devices,
                 recompute=rng.choice(("none", "full")))  # fmt: skip
    for bad in _BAD_NUMBERS:
        cases.bad("flops_per_token", "mfu", bad, peak_flops=1e15, tokens_per_s=1.0)
        cases.bad("peak_flops", "mfu", 1e9, peak_flops=bad, tokens_per_s=1.0)
    cases.bad("tokens_per_s", "mfu", 1e9, peak_flops=1e15)
    cases.ok("mfu", 4.3e10, peak_flops=989.4e12, achieved_flops=400e12, devices=8)
    cases.ok("mfu", 4.3e10, peak_flops=1153.5e12, achieved_flops=500e12, recompute="full")
    cases.bad("achieved_flops", "mfu", 1e9, peak_flops=1e15, achieved_flops=0)
    cases.bad("achieved_flops", "mfu", 1e9, peak_flops=1e15, achieved_flops=1e14, tokens_per_s=1.0)
    cases.bad("tokens_per_s", "mfu", 1e9, peak_flops=1e15, tokens_per_s=-1.0)
    cases.bad("tokens_per_s", "mfu", 1e9, peak_flops=1e15, tokens_per_s=1.0, step_seconds=1.0)
    cases.bad("batch_tokens", "mfu", 1e9, peak_flops=1e15, step_seconds=1.0)
    cases.bad("step_seconds", "mfu", 1e9, peak_flops=1e15, batch_tokens=1e6)
    cases.bad("step_seconds", "mfu", 1e9, peak_flops=1e15, batch_tokens=1e6, step_seconds=0)
    cases.bad("batch_tokens", "mfu", 1e9, peak_flops=1e15, batch_tokens=0, step_seconds=1.0)
    cases.bad("devices", "mfu", 1e9, peak_flops=1e15, tokens_per_s=1.0, devices=0)
    cases.bad("recompute", "mfu", 1e9, peak_flops=1e15, tokens_per_s=1.0, recompute="selective")
    cases.bad("peak_flops", "mfu", palm, peak_flops=275e12, tokens_per_s=238.3e3, devices=2048)
    cases.bad("recompute", "mfu", 1e12, peak_flops=1e15, tokens_per_s=900.0, recompute="full")


def golden_vectors(ds: Dataset) -> dict[str, Any]:
    """Return every case with its expected result, as JSON-ready data."""
    rng = random.Random(20261122)
    cases = _Cases()
    _dtypes(cases)
    _layers(cases, rng)
    _transformers(cases, rng, ds)
    _presets(cases, ds)
    _training(cases, rng)
    _memory(cases, rng)
    _roofline(cases, rng)
    _export(cases, rng, ds)
    _units(cases)
    _twins(cases, rng, ds)
    _serving(cases, rng, ds)
    _utilisation(cases, rng, ds)
    return {"tolerance": 1e-9, "count": len(cases.items), "cases": cases.items}
