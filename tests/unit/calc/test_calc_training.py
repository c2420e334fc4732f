"""Tests for 6ND, the Megatron-LM iteration FLOPs and training time against published figures."""

from __future__ import annotations

import pytest

from xpuref.calc import megatron_iteration_flops, training_flops, training_time

DAY = 86_400.0


def test_gpt3_training_compute() -> None:
    """GPT-3 175B on 300B tokens: 3.14e23 FLOPs (Brown et al. 2020, Table D.1)."""
    assert training_flops(174.6e9, 300e9) == pytest.approx(3.14e23, rel=2e-3)


def test_megatron_recompute_formula_matches_equation_3() -> None:
    """recompute=True is 96 B s l h^2 (1 + s/6h + V/16lh) (Narayanan et al. 2021, eq. 3)."""
    b, s, layers, h, v = 3072, 2048, 128, 25600, 51200
    expected = 96 * b * s * layers * h**2 * (1 + s / (6 * h) + v / (16 * layers * h))
    assert megatron_iteration_flops(b, s, layers, h, v, recompute=True) == pytest.approx(expected)


def test_recompute_adds_a_forward_of_the_layers_only() -> None:
    """With recompute the transformer layers cost 4/3 as much; the logit layer is unchanged."""
    b, s, layers, h, v = 8, 2048, 24, 2048, 51200
    plain = megatron_iteration_flops(b, s, layers, h, v)
    full = megatron_iteration_flops(b, s, layers, h, v, recompute=True)
    layer_part = 72 * b * s * layers * h * h * (1 + s / (6 * h))
    assert full - plain == pytest.approx(layer_part / 3)


@pytest.mark.parametrize(
    ("batch", "layers", "hidden", "gpus", "tflops", "days"),
    [
        (1536, 96, 12288, 384, 153, 84),
        (1536, 96, 12288, 768, 149, 43),
        (1536, 96, 12288, 1536, 141, 23),
        (2240, 105, 20480, 560, 171, 156),
        (2240, 105, 20480, 1120, 167, 80),
        (2240, 105, 20480, 2240, 159, 42),
    ],
)
def test_megatron_table_2_training_days(
    batch: int, layers: int, hidden: int, gpus: int, tflops: float, days: float
) -> None:
    """Equation 3 reproduces the PTD-P rows of Table 2 (300B tokens, s = 2048, V = 51200)."""
    iterations = 300e9 / (batch * 2048)
    flops = megatron_iteration_flops(batch, 2048, layers, hidden, 51200, recompute=True)
    seconds = iterations * flops / (gpus * tflops * 1e12)
    assert seconds / DAY == pytest.approx(days, abs=1.0)


def test_training_time_gpt3_and_one_trillion() -> None:
    """8TP/(nX): GPT-3 on 1024 A100s at 140 TFLOP/s ~34 days; 1T on 3072 at 163 ~84 days."""
    assert training_time(175e9, 300e9, 1024, 140e12, recompute=True) / DAY == pytest.approx(
        34, abs=1.0
    )
    assert training_time(1e12, 450e9, 3072, 163e12, recompute=True) / DAY == pytest.approx(
        84, abs=1.0
    )


def test_training_time_without_recompute_uses_6nd() -> None:
    """Without recomputation the time is 6ND over the cluster's achieved rate."""
    assert training_time(1e9, 1e12, 8, 1e14) == pytest.approx(6e21 / 8e14)
