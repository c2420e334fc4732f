"""MFU and HFU against published training throughput and utilisation figures."""

from __future__ import annotations

import pytest

from xpuref.calc import (
    TransformerConfig,
    mfu,
    model_flops_per_token,
    training_flops_per_token,
    transformer_token_macs,
)


def test_palm_540b_mfu() -> None:
    """PaLM (Chowdhery et al. 2022): 238.3K tokens/s on 6144 TPU v4 (275 TFLOPS) is 46.2 %."""
    per_token = training_flops_per_token(540.35e9, layers=118, attention_width=48 * 256, seq=2048)
    found = mfu(per_token, peak_flops=275e12, tokens_per_s=238.3e3, devices=6144)
    assert round(found["mfu"] * 100, 1) == 46.2


@pytest.mark.parametrize(
    ("params", "layers", "width", "tokens_per_s", "gpus", "checkpointing", "mfu_pct", "hfu_pct"),
    [
        (6658859008, 32, 4096, 85144, 8, False, 46.44, 46.44),
        (64862437376, 80, 8192, 515636, 512, True, 41.25, 55.0),
        (12853954560, 40, 5120, 650264, 128, True, 42.18, 56.24),
    ],
)
def test_llm_foundry_h100_rows(
    params: int, layers: int, width: int, tokens_per_s: int, gpus: int, checkpointing: bool,
    mfu_pct: float, hfu_pct: float,
) -> None:  # fmt: skip
    """MosaicML llm-foundry MPT table (H100 BF16, 989 TFLOPS, seq 2048); its T/s is rounded."""
    per_token = training_flops_per_token(params, layers=layers, attention_width=width, seq=2048)
    found = mfu(
        per_token, peak_flops=989e12, tokens_per_s=tokens_per_s, devices=gpus,
        recompute="full" if checkpointing else "none",
    )  # fmt: skip
    assert found["mfu"] * 100 == pytest.approx(mfu_pct, rel=1e-3)
    assert found["hfu"] * 100 == pytest.approx(hfu_pct, rel=1e-3)


def test_step_time_and_batch_give_the_same_rate() -> None:
    """A step of 4M tokens every 8 s is 524,288 tokens/s."""
    by_step = mfu(6e9, peak_flops=989e12, step_seconds=8.0, batch_tokens=4 * 2**20, devices=512)
    assert by_step["tokens_per_s"] == 4 * 2**20 / 8


def test_a_wrong_peak_is_refused_with_the_cause() -> None:
    """The 7B H100 row against the A100's 312 TFLOPS would be 147.3 %: refused, peak named."""
    per_token = training_flops_per_token(6658859008, layers=32, attention_width=4096, seq=2048)
    with pytest.raises(ValueError, match=r"^peak_flops .*147\.3%.*another SKU"):
        mfu(per_token, peak_flops=312e12, tokens_per_s=85144, devices=8)
    with pytest.raises(ValueError, match="devices=1"):
        mfu(per_token, peak_flops=989e12, tokens_per_s=85144)


def test_model_flops_per_token_is_six_forward_macs() -> None:
    """The detailed count is 3 x 2 x forward MACs; for a plain GPT it matches 6N + 12 L h s."""
    cfg = TransformerConfig(50304, 2048, 24, 16)
    assert model_flops_per_token(cfg, 2048) == 6 * transformer_token_macs(cfg, 2048)
    weights = 24 * 12 * 2048 * 2048 + 2048 * 50304
    assert model_flops_per_token(cfg, 2048) == training_flops_per_token(
        weights, layers=24, attention_width=2048, seq=2048
    )


@pytest.mark.parametrize(
    ("kwargs", "argument"),
    [
        ({}, "tokens_per_s"),
        ({"tokens_per_s": 1.0, "step_seconds": 1.0}, "tokens_per_s"),
        ({"step_seconds": 1.0}, "batch_tokens"),
        ({"batch_tokens": 1.0}, "step_seconds"),
        ({"tokens_per_s": 1.0, "devices": 0}, "devices"),
        ({"tokens_per_s": 1.0, "recompute": "selective"}, "recompute"),
    ],
)
def test_mfu_refuses_bad_arguments(kwargs: dict[str, object], argument: str) -> None:
    """Each bad argument is named."""
    with pytest.raises(ValueError, match=argument):
        mfu(1e9, peak_flops=1e15, **kwargs)  # type: ignore[arg-type]
