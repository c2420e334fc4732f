"""Property-based tests (hypothesis) for invariants the calculators must keep."""

from __future__ import annotations

from itertools import pairwise

from hypothesis import given, settings
from hypothesis import strategies as st
from tests.conftest import real_rules

from xpuref.calc import (
    TransformerConfig,
    attainable_flops,
    classify,
    conv2d,
    kv_cache_bytes,
    linear,
    training_state_bytes,
    transformer_forward,
)

FAST = settings(max_examples=40, deadline=None)
small = st.integers(min_value=1, max_value=64)
positive = st.floats(min_value=1e-3, max_value=1e18, allow_nan=False, allow_infinity=False)
RANK = {"not-controlled": 0, "3A090.b": 1, "3A090.a": 2, "3A090": 2}


@FAST
@given(batch=small, c=small, out=small, size=st.integers(3, 40), kernel=st.integers(1, 3))
def test_conv_flops_twice_macs_and_linear_in_batch(
    batch: int, c: int, out: int, size: int, kernel: int
) -> None:
    """Conv FLOPs are 2 x MACs and MACs scale linearly with batch."""
    one = conv2d(1, c, out, size, size, kernel)
    many = conv2d(batch, c, out, size, size, kernel)
    assert many.flops == 2 * many.macs
    assert many.macs == batch * one.macs
    assert many.params == one.params


@FAST
@given(groups=st.integers(1, 8), per_group=st.integers(1, 8), size=st.integers(3, 20))
def test_grouped_conv_divides_cost_by_groups(groups: int, per_group: int, size: int) -> None:
    """Splitting channels into g groups divides weights and MACs by g."""
    channels = groups * per_group
    dense = conv2d(2, channels, channels, size, size, 3, padding=1, bias=False)
    grouped = conv2d(2, channels, channels, size, size, 3, padding=1, groups=groups, bias=False)
    assert grouped.macs * groups == dense.macs
    assert grouped.params * groups == dense.params


@FAST
@given(fan_in=small, fan_out=small, tokens=st.integers(1, 4096))
def test_linear_is_linear_in_tokens(fan_in: int, fan_out: int, tokens: int) -> None:
    """Linear-layer MACs scale with tokens and FLOPs are twice MACs."""
    cost = linear(fan_in, fan_out, tokens=tokens)
    assert cost.macs == tokens * linear(fan_in, fan_out).macs
    assert cost.flops == 2 * cost.macs


@FAST
@given(
    heads=st.integers(1, 8),
    head_dim=st.sampled_from([8, 16, 64]),
    layers=st.integers(1, 4),
    batch=st.integers(1, 8),
    seq=st.integers(1, 512),
)
def test_transformer_forward_linear_in_batch(
    heads: int, head_dim: int, layers: int, batch: int, seq: int
) -> None:
    """Forward MACs scale linearly with batch and FLOPs are twice MACs."""
    cfg = TransformerConfig(1000, heads * head_dim, layers, heads)
    one = transformer_forward(cfg, batch=1, seq=seq)
    many = transformer_forward(cfg, batch=batch, seq=seq)
    assert many.macs == batch * one.macs
    assert many.flops == 2 * many.macs


@FAST
@given(
    intensity=st.one_of(st.just(0.0), st.floats(1e-30, 1e6, allow_nan=False)),
    peak=positive,
    bandwidth=positive,
)
def test_attainable_never_exceeds_either_roof(
    intensity: float, peak: float, bandwidth: float
) -> None:
    """Attainable throughput is at most the peak and at most intensity x bandwidth."""
    value = attainable_flops(intensity, peak, bandwidth)
    assert value <= peak
    assert value <= intensity * bandwidth


@FAST
@given(
    layers=st.integers(1, 128),
    kv_heads=st.integers(1, 64),
    head_dim=st.sampled_from([64, 128, 256]),
    tokens=st.integers(1, 1 << 17),
    factor=st.integers(1, 8),
)
def test_kv_cache_linear_in_tokens_and_heads(
    layers: int, kv_heads: int, head_dim: int, tokens: int, factor: int
) -> None:
    """KV-cache size scales linearly with tokens and with KV heads."""
    base = kv_cache_bytes(layers, kv_heads, head_dim, tokens)
    assert kv_cache_bytes(layers, kv_heads, head_dim, tokens * factor) == factor * base
    assert kv_cache_bytes(layers, kv_heads * factor, head_dim, tokens) == factor * base


@FAST
@given(
    params=st.floats(1e6, 1e13, allow_nan=False),
    dp=st.integers(1, 4096),
    optimizer=st.sampled_from(["adam", "sgd"]),
    precision=st.sampled_from(["mixed", "fp32"]),
)
def test_zero_stages_never_increase_memory(
    params: float, dp: int, optimizer: str, precision: str
) -> None:
    """Each higher ZeRO stage needs no more memory per GPU than the one before."""
    sizes = [
        training_state_bytes(params, optimizer=optimizer, precision=precision, zero_stage=s, dp=dp)
        for s in range(4)
    ]
    assert all(later <= earlier for earlier, later in pairwise(sizes))


@FAST
@given(
    rate=st.floats(1.0, 3000.0, allow_nan=False),
    scale=st.floats(1.0, 10.0, allow_nan=False),
    area=st.floats(50.0, 2000.0, allow_nan=False),
    link=st.floats(1.0, 2000.0, allow_nan=False),
    datacenter=st.sampled_from([True, False, None]),
)
def test_more_tpp_never_lowers_the_class(
    rate: float, scale: float, area: float, link: float, datacenter: bool | None
) -> None:
    """Raising every peak rate (same die, same links) never lowers the export class."""

    def device(bf16: float) -> dict[str, object]:
        """Return a device with the given bf16 rate."""
        record: dict[str, object] = {
            "peak_dense": {"bf16_matrix": bf16},
            "die_area_mm2": area,
            "interconnect": {"scale_up_bandwidth_gbs": link, "host_bandwidth_gbs": 0.0},
        }
        if datacenter is not None:
            record["designed_for_datacenter"] = datacenter
        return record

    for rule in real_rules():
        low = classify(device(rate), rule)
        high = classify(device(rate * scale), rule)
        assert RANK[high] >= RANK[low]
