"""Tests for TPP, performance density and ECCN 3A090 classification from the rule data."""

from __future__ import annotations

from typing import Any

import pytest
from tests.conftest import real_rules

from xpuref import calc
from xpuref.calc import (
    EXPORT_CLASSES,
    classify_explain,
    device_tpp,
    export_metrics,
    performance_density,
    possible_classes,
    tpp,
    tpp_bounds_for_classes,
)
from xpuref.calc import classify as _classify

load_export_rules = real_rules
_RULES = {rule["id"]: rule for rule in real_rules()}


def rule_by_id(rule_id: str) -> dict[str, Any]:
    """One rule of the real data, as a mapping."""
    return dict(_RULES[rule_id])


def classify(device: Any, rule: Any) -> str:
    """Classify under a rule given by id (from the real data) or as a mapping."""
    return _classify(device, _RULES.get(rule, rule) if isinstance(rule, str) else rule)


def _device(
    tops16: float,
    area: float | None = None,
    link: float | None = None,
    **extra: Any,
) -> dict[str, Any]:
    """Return a minimal device with one bf16 matrix rate and optional die area and link."""
    device: dict[str, Any] = {
        "peak_dense": {"bf16_matrix": tops16},
        "die_area_mm2": area,
        # A link figure comes with a stated (zero) host link, so I/O is exact.
        "interconnect": {
            "scale_up_bandwidth_gbs": link,
            "host_bandwidth_gbs": 0.0 if link else None,
        },
    }
    device.update(extra)
    return device


def test_h100_sxm_tpp() -> None:
    """H100 SXM: 1978.9 dense FP8 TFLOPS x 8 bits = TPP 15,831."""
    assert round(tpp(1978.9, 8)) == 15_831
    rates = {"fp64": 34, "bf16_matrix": 989.4, "fp8_matrix": 1978.9, "int8_matrix": 1978.9}
    assert round(device_tpp(rates) or 0) == 15_831


def test_regulation_worked_example() -> None:
    """The rule's note: 4800 is 600 TOPS at 8 bits or 300 TFLOPS at 16 bits."""
    assert tpp(600, 8) == tpp(300, 16) == 4800


def test_tf32_uses_32_bits_and_empty_rates_give_none() -> None:
    """tf32 counts 32 bits; a device without rates has no TPP."""
    assert device_tpp({"tf32_matrix": 100.0}) == 3200
    assert device_tpp({}) is None
    assert device_tpp({"fp16_matrix": None}) is None


def test_performance_density() -> None:
    """Performance density is TPP per mm^2."""
    assert performance_density(15831.2, 814) == pytest.approx(19.449, abs=1e-3)


def test_rules_load_with_both_ids() -> None:
    """Both rule ids are present with sources and an effective date."""
    rules = {rule["id"]: rule for rule in load_export_rules()}
    assert {"us-2022-10", "us-2023-10"} <= set(rules)
    for rule in rules.values():
        assert rule["sources"] and rule["effective"]


def test_2023_thresholds_live_in_data() -> None:
    """The 2023 bands (4800, 1600/5.92, 2400-4800 & 1.6-5.92, 1600 & 3.2-5.92) are data."""
    rule = next(r for r in load_export_rules() if r["id"] == "us-2023-10")
    text = repr(rule["classes"])
    for number in ("4800", "1600", "5.92", "2400", "1.6", "3.2"):
        assert number in text


def test_a100_and_h100_under_2023_rule() -> None:
    """A100 (624 INT8 TOPS -> TPP 4992) and H100 are 3A090.a under the 2023 rule."""
    a100 = {"peak_dense": {"int8_matrix": 624, "bf16_matrix": 312}, "die_area_mm2": 826}
    assert classify(a100, "us-2023-10") == "3A090.a"
    assert classify(_device(989.4), "us-2023-10") == "3A090.a"


def test_2022_rule_needs_both_compute_and_interconnect() -> None:
    """2022: A100 with 600 GB/s NVLink is 3A090; an H800-like part at 400 + 128 GB/s is not."""
    a100 = {"peak_dense": {"int8_matrix": 624}, "interconnect": {"scale_up_bandwidth_gbs": 600}}
    h800 = {
        "peak_dense": {"fp8_matrix": 1978.9},
        "interconnect": {"scale_up_bandwidth_gbs": 400, "host_bandwidth_gbs": 128},
    }
    assert classify(a100, "us-2022-10") == "3A090"
    assert classify(h800, "us-2022-10") == "not-controlled"
    assert classify(h800, "us-2023-10") == "3A090.a"
    assert classify(_device(400.0), "us-2022-10") == "unknown"
    assert classify(_device(200.0), "us-2022-10") == "not-controlled"


def test_an_unstated_host_link_leaves_io_open_unless_its_named_link_bounds_it() -> None:
    """H800-like: NVLink 400 GB/s with no host rate is open; PCIe Gen5 x16 (<= 128) decides it."""
    base = {"peak_dense": {"fp8_matrix": 1978.9}, "interconnect": {"scale_up_bandwidth_gbs": 400}}
    open_io = export_metrics(base)
    assert open_io["io_bandwidth_gbs"] == [400, float("inf")]
    explained = classify_explain(base, rule_by_id("us-2022-10"))
    assert explained["result"] == "unknown"
    assert "interconnect.host_bandwidth_gbs" in explained["missing"]
    bounded = {
        **base,
        "interconnect": {"scale_up_bandwidth_gbs": 400, "host_bandwidth_max_gbs": 128},
    }
    assert export_metrics(bounded)["io_bandwidth_gbs"] == [400, 528]
    assert classify(bounded, "us-2022-10") == "not-controlled"
    assert (
        "interconnect.host_bandwidth_gbs"
        not in classify_explain(bounded, rule_by_id("us-2022-10"))["missing"]
    )
    # A bound that reaches 600 GB/s no longer decides; a stated host rate overrides any bound.
    wide = {
        **base,
        "interconnect": {"scale_up_bandwidth_gbs": 400, "host_bandwidth_max_gbs": 256},
    }
    assert classify(wide, "us-2022-10") == "unknown"
    stated = {
        **base,
        "interconnect": {
            "scale_up_bandwidth_gbs": 400,
            "host_bandwidth_gbs": 64,
            "host_bandwidth_max_gbs": 500,
        },
    }
    assert export_metrics(stated)["io_bandwidth_gbs"] == [464, 464]


@pytest.mark.parametrize(
    ("tops16", "area", "expected"),
    [
        (300.0, None, "3A090.a"),  # TPP 4800: a.1 without needing the area
        (299.0, 800.0, "3A090.a"),  # TPP 4784, density 5.98: a.2
        (100.0, 270.0, "3A090.a"),  # TPP 1600, density 5.93: a.2
        (100.0, 500.0, "3A090.b"),  # TPP 1600, density 3.2: b.2
        (100.0, 501.0, "not-controlled"),  # TPP 1600, density just under 3.2
        (200.0, 1500.0, "3A090.b"),  # TPP 3200, density 2.13: b.1 only
        (150.0, 1500.0, "3A090.b"),  # TPP 2400, density 1.6: b.1
        (150.0, 1501.0, "not-controlled"),  # density just under 1.6
        (120.0, 960.0, "not-controlled"),  # TPP 1920, density 2.0: below b.1's 2400
        (99.0, None, "not-controlled"),  # TPP below 1600 needs no area
        (200.0, None, "unknown"),  # TPP 3200 and no die area
    ],
)
def test_2023_bands(tops16: float, area: float | None, expected: str) -> None:
    """Devices on either side of each 2023 threshold land in the expected class."""
    assert classify(_device(tops16, area), "us-2023-10") == expected


def test_parts_not_for_datacenters() -> None:
    """Note 2: non-datacenter parts below TPP 4800 fall outside 3A090; at 4800 they do not."""
    gaming = _device(200.0, 300.0, designed_for_datacenter=False)
    assert classify(gaming, "us-2023-10") == "not-controlled"
    big = _device(330.0, 600.0, designed_for_datacenter=False)
    assert classify(big, "us-2023-10") == "3A090.a"


def test_rule_mapping_and_unknown_rule() -> None:
    """A loaded rule mapping works; an unknown rule id raises ValueError naming rule."""
    rule = load_export_rules()[1]
    assert classify(_device(300.0), rule) in EXPORT_CLASSES
    with pytest.raises(ValueError, match="rule"):
        classify(_device(300.0), "eu-2099")


def test_missing_rates_are_unknown() -> None:
    """A device with no peak rates cannot be classified."""
    assert classify({"peak_dense": {}}, "us-2023-10") == "unknown"


def _partial(tops16: float, area: float | None) -> dict[str, Any]:
    """A device whose FP8 rate is supported but not given, so its TPP is only a lower bound."""
    return _device(tops16, area, supported_rates=["bf16_matrix", "fp8_matrix"])


def test_a_not_controlled_statement_caps_tpp_below_the_first_threshold_it_would_cross() -> None:
    """814 mm2, TPP >= 2,368: 'not controlled in 2023' leaves TPP below 2,400 (the .b line)."""
    device = _partial(148, 814)
    assert classify(device, "us-2023-10") == "unknown"
    low, high = tpp_bounds_for_classes(device, rule_by_id("us-2023-10"), ["not-controlled"]) or (
        0,
        0,
    )
    assert low == 2368
    assert high is not None and 2399.999 < high < 2400
    bounded = {**device, "tpp_min": low, "tpp_max": high}
    assert classify(bounded, "us-2023-10") == "not-controlled"
    # The same cap decides the 2022 rule, whose only compute line is 4,800.
    assert classify(bounded, "us-2022-10") == "not-controlled"
    assert classify_explain(bounded, rule_by_id("us-2023-10"))["tpp_high"] == high


def test_a_controlled_statement_raises_the_floor_and_leaves_the_subclass_open() -> None:
    """TPP >= 1,639 on 814 mm2 and 'controlled': TPP >= 2,400, .a or .b, never not-controlled."""
    device = _partial(102.44, 814)
    rule = rule_by_id("us-2023-10")
    assert possible_classes(device, rule) == ["not-controlled", "3A090.b", "3A090.a"]
    bounds = tpp_bounds_for_classes(device, rule, ["3A090.a", "3A090.b"])
    assert bounds == (2400, None)
    bounded = {**device, "tpp_min": 2400}
    assert possible_classes(bounded, rule) == ["3A090.b", "3A090.a"]


def test_a_statement_the_figures_contradict_gives_no_bounds() -> None:
    """An exact TPP of 15,831 cannot be 'not controlled' under either rule."""
    device = _device(1978.9, 814, 900)
    for rule_id in ("us-2022-10", "us-2023-10"):
        assert tpp_bounds_for_classes(device, rule_by_id(rule_id), ["not-controlled"]) is None
    assert tpp_bounds_for_classes(device, rule_by_id("us-2023-10"), ["3A090.a"]) == (
        1978.9 * 16,
        1978.9 * 16,
    )


def test_an_unknown_area_is_bounded_by_the_reticle_limit() -> None:
    """Without an area density is at least TPP / 858, so from 2,400 on 'not controlled' is out."""
    device = _partial(110, None)
    rule = rule_by_id("us-2023-10")
    low, high = tpp_bounds_for_classes(device, rule, ["not-controlled"]) or (0, 0)
    # Below 2,400 a density under 3.2 (area over TPP / 3.2) still leaves the part uncontrolled;
    # from 2,400 on density >= 2,400 / 858 = 2.8 meets the .b line whatever the area.
    assert low == 1760 and high is not None and 2399.999 < high < 2400
    assert tpp_bounds_for_classes(device, rule, ["3A090.b", "3A090.a"]) == (1760, None)
    assert possible_classes(device, rule) == ["not-controlled", "3A090.b", "3A090.a"]


def test_a_stated_area_bound_narrows_density() -> None:
    """A maker's '< 600 mm2' raises the density floor to TPP / 600; a published area wins."""
    exact = _device(275, None)
    assert classify(exact, "us-2023-10") == "unknown"
    assert possible_classes(exact, rule_by_id("us-2023-10")) == ["3A090.b", "3A090.a"]
    bounded = {**exact, "die_area_max_mm2": 600}
    metrics = export_metrics(bounded)
    assert metrics["performance_density"] == [4400 / 600, float("inf")]
    assert metrics["missing"] == ["die_area_mm2"]
    assert classify(bounded, "us-2023-10") == "3A090.a"
    # A bound looser than the reticle limit changes nothing; a published area overrides it.
    assert export_metrics({**exact, "die_area_max_mm2": 2000})["performance_density"][0] == (
        4400 / 858
    )
    assert export_metrics({**bounded, "die_area_mm2": 800})["performance_density"] == [5.5, 5.5]
    partial = {**_partial(110, None), "die_area_max_mm2": 500}
    rule = rule_by_id("us-2023-10")
    assert tpp_bounds_for_classes(partial, rule, ["not-controlled"]) is None
    assert possible_classes(partial, rule) == ["3A090.b", "3A090.a"]
    with pytest.raises(ValueError, match="die_area_max_mm2 must be greater than 0"):
        export_metrics({**exact, "die_area_max_mm2": 0})


def test_tpp_floor_and_cap_are_checked() -> None:
    """A floor above the cap is refused; a device with no rate has nothing to narrow."""
    with pytest.raises(ValueError, match="must not exceed tpp_max"):
        export_metrics({**_partial(100, 800), "tpp_min": 3000, "tpp_max": 2000})
    empty = {"peak_dense": {}, "supported_rates": ["bf16_matrix"]}
    assert tpp_bounds_for_classes(empty, rule_by_id("us-2023-10"), ["3A090.a"]) == (0.0, None)
    assert possible_classes(empty, rule_by_id("us-2023-10")) == ["unknown"]


def test_missing_names_only_fields_the_rule_tests() -> None:
    """The 2022 rule tests no density, the 2023 rule no I/O: neither names the other's fields."""
    device = {**_partial(300, None), "interconnect": {"scale_up_bandwidth_gbs": 400.0}}
    old = classify_explain(device, rule_by_id("us-2022-10"))["missing"]
    new = classify_explain(device, rule_by_id("us-2023-10"))["missing"]
    assert old == ["peak_dense.fp8_matrix", "interconnect.host_bandwidth_gbs"]
    assert new == ["peak_dense.fp8_matrix", "die_area_mm2"]


def test_a_rate_ceiling_caps_tpp_where_the_rate_is_missing() -> None:
    """INT4 at most 2 x INT8 (239): 2 x 239 x 4 bits = 1,912, INT8s own TPP, so TPP is exact."""
    ceiling = [{"rate": "int4_matrix", "at_most": 2, "of": "int8_matrix"}]
    device = {
        "peak_dense": {"int8_matrix": 239.0},
        "die_area_mm2": 608.5,
        "supported_rates": ["int8_matrix", "int4_matrix"],
        "rate_ceilings": ceiling,
    }
    found = classify_explain(device, rule_by_id("us-2023-10"))
    assert found["tpp"] == found["tpp_high"] == 1912
    assert found["tpp_ceilings"] == ["int4_matrix"]
    assert found["missing"] == ["peak_dense.int4_matrix"]
    assert found["result"] == "not-controlled"
    # A looser ceiling bounds TPP without fixing it; 3 x 239 x 4 = 2,868 crosses the .b line.
    loose = {**device, "rate_ceilings": [{**ceiling[0], "at_most": 3}]}
    assert export_metrics(loose)["tpp"] == [1912, 2868]
    assert classify(loose, "us-2023-10") == "unknown"
    # Without the rate the ceiling is a multiple of, nothing is capped.
    other = {
        **device,
        "peak_dense": {"fp8_matrix": 239.0},
        "supported_rates": ["fp8_matrix", "int8_matrix", "int4_matrix"],
    }
    assert export_metrics(other)["tpp"][1] == float("inf")
    with pytest.raises(ValueError, match="rate_ceilings"):
        export_metrics({**device, "rate_ceilings": [{"rate": "int4_matrix"}]})


def test_an_open_exclusion_leaves_no_class_at_least() -> None:
    """A workstation part meeting .a's density line with TPP >= 2,400 only: not 'a or higher'.

    Below 4,800 the market exclusion makes it uncontrolled, so both outcomes stay possible.
    """
    device = {
        **_device(150, 300),
        "supported_rates": ["bf16_matrix", "fp8_matrix"],
        "designed_for_datacenter": False,
    }
    rule = rule_by_id("us-2023-10")
    report = classify_explain(device, rule)
    assert report["result"] == "unknown"
    assert report["at_least"] is None
    assert report["reason"] == (
        "meets the conditions of 3A090.a unless an exclusion applies, which stays open: "
        "the FP8 matrix rate is not published"
    )
    assert possible_classes(device, rule) == ["not-controlled", "3A090.a"]
    # The same figures on a datacenter part leave no exclusion open: .a outright.
    assert classify({**device, "designed_for_datacenter": True}, rule) == "3A090.a"


def test_one_walker_folds_conditions_in_order() -> None:
    """fold_condition visits leaves in order and joins combinators; condition_leaves lists them."""
    node = {
        "all_of": [
            {"metric": "tpp", "min": 4800},
            {
                "any_of": [
                    {"metric": "performance_density", "min": 5.92},
                    {"metric": "tpp", "min": 1600},
                ]
            },
        ]
    }
    assert [leaf["metric"] for leaf in calc.condition_leaves(node)] == [
        "tpp",
        "performance_density",
        "tpp",
    ]
    text = calc.fold_condition(
        node,
        lambda leaf: str(leaf["metric"]),
        lambda parts: "(" + " & ".join(parts) + ")",
        lambda parts: "(" + " | ".join(parts) + ")",
    )
    assert text == "(tpp & (performance_density | tpp))"
