"""Calculators in the browser: results equal xpuref.calc's, bad input is explained, links reopen."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from tests.browser.calcforms import (
    fields,
    open_calculators,
    outputs,
    outputs_for_each,
    set_fields,
)
from tests.browser.instant import open_for_instant_navigation
from tests.conftest import BuiltSite, real_presets, real_rules

from xpuref import calc
from xpuref.calc import TransformerConfig, gb_to_gib, tflops_to_flops
from xpuref.data.dataset import Dataset, load_dataset
from xpuref.data.paths import data_dir
from xpuref.views.derive import derived_for, device_input, export_for

if TYPE_CHECKING:
    from playwright.sync_api import Locator, Page

pytestmark = pytest.mark.browser

REL = 1e-9
H100 = "nvidia-h100-sxm5-80gb"


@pytest.fixture(scope="module")
def catalog() -> Dataset:
    """The real catalog the site was built from."""
    return load_dataset(data_dir())


def _form(page: Page, calc_id: str) -> Locator:
    """The form of one calculator."""
    return page.locator(f'form[data-calc="{calc_id}"]')


def _assert_numbers(shown: Mapping[str, str], expected: Mapping[str, float | int]) -> None:
    """Each expected number equals the shown exact value within a relative 1e-9."""
    for name, value in expected.items():
        assert shown[name] != "", name
        assert float(shown[name]) == pytest.approx(value, rel=REL), name


def _decoder(name: str) -> TransformerConfig:
    """The TransformerConfig of a decoder preset."""
    arch = real_presets()[name].plain()["architecture"]
    fields = {k: v for k, v in arch.items() if k not in ("kind", "seq")}
    return TransformerConfig(**fields)


def _no_bad_numbers(page: Page) -> None:
    """No visible text on the page shows NaN or Infinity."""
    text = page.locator("article").inner_text()
    assert "NaN" not in text and "Infinity" not in text


def test_model_cost_calculators_match_python(built_site: BuiltSite, page: Page) -> None:
    """Convolution, linear, transformer, preset, training and Megatron forms give calc's numbers."""
    open_calculators(page, built_site.url + "calculators/flops/")
    form = _form(page, "conv2d")
    set_fields(form, batch=4, c_in=32, c_out=64, h_in=57, w_in=41, kernel=3, stride=2, padding=1)
    set_fields(form, groups=2, bias=True)
    cost = calc.conv2d(4, 32, 64, 57, 41, 3, stride=2, padding=1, groups=2, bias=True)
    _assert_numbers(
        outputs(form),
        {"params": cost.params, "macs": cost.macs, "flops": cost.flops, "h_out": cost.h_out},
    )
    form = _form(page, "linear")
    set_fields(form, in_features=1000, out_features=300, tokens=7, bias=False)
    lin = calc.linear(1000, 300, tokens=7, bias=False)
    _assert_numbers(outputs(form), {"params": lin.params, "macs": lin.macs, "flops": lin.flops})

    form = _form(page, "transformer")
    set_fields(form, preset="mixtral-8x7b", batch=2, seq=1000)
    cfg = _decoder("mixtral-8x7b")
    forward = calc.transformer_forward(cfg, batch=2, seq=1000)
    _assert_numbers(
        outputs(form),
        {
            "params": forward.params,
            "active_params": calc.transformer_params(cfg, active=True),
            "macs": forward.macs,
            "flops_per_token": forward.flops / 2000,
        },
    )
    set_fields(form, hidden=2048)
    assert form.locator('[name="preset"]').input_value() == ""
    custom = TransformerConfig(
        32000, 2048, 32, 32, kv_heads=8, ffn=14336, gated_mlp=True, experts=8, top_k=2
    )
    _assert_numbers(
        outputs(form), {"macs": calc.transformer_forward(custom, batch=2, seq=1000).macs}
    )

    form = _form(page, "model")
    set_fields(form, preset="vit_b_16", batch=3)
    vit = calc.model_cost(real_presets()["vit_b_16"].architecture.plain(), batch=3)
    _assert_numbers(outputs(form), {"params": vit.params, "macs": vit.macs, "flops": vit.flops})

    form = _form(page, "training")
    set_fields(form, params="7e9", tokens="1e12", gpus=512, tflops=300, recompute=True)
    seconds = calc.training_time(7e9, 1e12, 512, 300e12, recompute=True)
    _assert_numbers(
        outputs(form),
        {
            "flops": calc.training_flops(7e9, 1e12),
            "seconds": seconds,
            "gpu_hours": seconds * 512 / 3600,
        },
    )
    form = _form(page, "megatron")
    set_fields(form, batch=512, seq=4096, layers=80, hidden=8192, vocab=32000, recompute=True)
    flops = calc.megatron_iteration_flops(512, 4096, 80, 8192, 32000, recompute=True)
    _assert_numbers(outputs(form), {"flops": flops, "flops_per_token": flops / (512 * 4096)})
    _no_bad_numbers(page)


def _device_with_memory(catalog: Dataset, skip: str) -> str:
    """A device other than skip whose record gives memory capacity and bandwidth."""
    for device in catalog.sorted_devices():
        if device.id != skip and device.memory.capacity and device.memory.bandwidth_gbs:
            return device.id
    raise AssertionError("no device with memory figures")


def test_memory_calculators_match_python(
    built_site: BuiltSite, page: Page, catalog: Dataset
) -> None:
    """Inference and training memory equal calc's sums; 'fits' compares with the device."""
    open_calculators(page, built_site.url + "calculators/memory/")
    device_id = _device_with_memory(catalog, H100)
    found = catalog.devices[device_id].memory
    memory = float(found.usable_bytes or found.capacity_bytes or 0)
    form = _form(page, "inference-memory")
    set_fields(
        form, preset="llama-2-70b", weights_dtype="int8", kv_dtype="fp8", batch=8, context=8192
    )
    set_fields(form, device=device_id)
    cfg = _decoder("llama-2-70b")
    weights = calc.weights_bytes(calc.transformer_params(cfg), "int8")
    kv = calc.kv_cache_bytes(
        cfg.layers, cfg.kv_dim // cfg.head_dim, cfg.head_dim, 8192, batch=8, dtype="fp8"
    )
    shown = outputs(form)
    _assert_numbers(shown, {"weights": weights, "kv_cache": kv, "total": weights + kv})
    _assert_numbers(shown, {"device_memory": memory, "share": (weights + kv) / memory})
    assert shown["fits"] == ("yes" if weights + kv <= memory else "no")

    form = _form(page, "training-memory")
    set_fields(
        form, preset="llama-3-8b", precision="fp32", optimizer="sgd", zero_stage=3, dp=64, tp=2
    )
    set_fields(form, seq=8192, batch=2, sequence_parallel=True, recompute="full")
    cfg = _decoder("llama-3-8b")
    state = calc.training_state_bytes(
        calc.transformer_params(cfg) / 2, optimizer="sgd", precision="fp32", zero_stage=3, dp=64
    )
    per_layer = calc.activation_bytes_per_layer(
        8192, 2, cfg.hidden, cfg.heads, tp=2, sequence_parallel=True, recompute="full"
    )
    extra = calc.training_extra_bytes(
        8192, 2, cfg.hidden, cfg.heads, cfg.vocab, tp=2, sequence_parallel=True,
        recompute="full", compute_dtype="fp32",
    )  # fmt: skip
    shown = outputs(form)
    parts = float(shown["weights"]) + float(shown["gradients"]) + float(shown["optimizer_states"])
    assert parts == pytest.approx(state, rel=REL)
    _assert_numbers(
        shown,
        {
            "activations_per_layer": per_layer,
            "activations": per_layer * cfg.layers,
            "logits": extra["logits"],
            "loss_copy": extra["loss_copy"],
            "recompute_working": extra["recompute_working"],
            "total": state + per_layer * cfg.layers + sum(extra.values()),
            "device_memory": float(
                catalog.devices[H100].memory.usable_bytes
                or catalog.devices[H100].memory.capacity_bytes
                or 0
            ),
        },
    )
    _no_bad_numbers(page)


def test_roofline_calculators_match_python(built_site: BuiltSite, page: Page) -> None:
    """A memory-bound GEMM on the H100 and a custom kernel give calc's roofline numbers."""
    open_calculators(page, built_site.url + "calculators/roofline/")
    form = _form(page, "roofline-gemm")
    set_fields(form, device=H100, precision="fp8_matrix", m=1, n=8192, k=8192, dtype="fp8")
    peak, bandwidth = 1979e12, 3350e9
    assert form.locator('[name="peak_tflops"]').input_value() == "1979"
    intensity = calc.gemm_intensity(1, 8192, 8192, dtype="fp8")
    flops, moved = 2 * 8192 * 8192, 1.0 * (8192 + 8192 * 8192 + 8192)
    shown = outputs(form)
    _assert_numbers(
        shown,
        {
            "flops": flops,
            "bytes": moved,
            "intensity": intensity,
            "ridge": calc.ridge_point(peak, bandwidth),
            "attainable": calc.attainable_flops(intensity, peak, bandwidth),
            "seconds": calc.roofline_time(flops, moved, peak, bandwidth),
        },
    )
    assert shown["bound"] == "memory bandwidth"

    form = _form(page, "roofline-kernel")
    set_fields(form, device="", peak_tflops=100, bandwidth_gbs=1000, flops="5e12", bytes="2e10")
    shown = outputs(form)
    _assert_numbers(
        shown,
        {
            "intensity": 250,
            "ridge": 100.0,
            "attainable": 100e12,
            "seconds": calc.roofline_time(5e12, 2e10, 100e12, 1e12),
        },
    )
    assert shown["bound"] == "compute"


def test_llm_calculator_matches_python(built_site: BuiltSite, page: Page, catalog: Dataset) -> None:
    """Decode and prefill bounds equal the roofline of calc's forward cost and memory."""
    open_calculators(page, built_site.url + "calculators/llm/")
    form = _form(page, "llm")
    set_fields(form, preset="llama-3-8b", device=H100, precision="fp16_matrix")
    set_fields(form, weights_dtype="fp8", kv_dtype="bf16", batch=32, context=2000)
    device = catalog.devices[H100]
    peak = device.peak_dense["fp16_matrix"] * 1e12
    bandwidth = (device.memory.bandwidth_gbs or 0) * 1e9
    memory = device.memory.usable_bytes or device.memory.capacity_bytes
    found = calc.llm_inference(
        _decoder("llama-3-8b"), batch=32, context=2000, weights_dtype="fp8", kv_dtype="bf16",
        peak_flops=peak, bandwidth=bandwidth, memory_bytes=memory,
    )  # fmt: skip
    shown = outputs(form)
    _assert_numbers(
        shown,
        {
            key: found[key]
            for key in (
                "weights",
                "kv_cache",
                "decode_seconds",
                "decode_tokens_per_s",
                "decode_tokens_per_s_seq",
                "prefill_seconds",
            )
        },
    )
    assert shown["fits"] == "yes"
    assert shown["decode_bound"] == "memory bandwidth" and shown["prefill_bound"] == "compute"


def test_export_calculator_matches_every_device(
    built_site: BuiltSite, page: Page, catalog: Dataset
) -> None:
    """For every catalog device, TPP, density and each rule's class equal the device pages'."""
    open_calculators(page, built_site.url + "calculators/export/")
    form = _form(page, "export")
    rules = [rule["id"] for rule in real_rules()]
    devices = catalog.sorted_devices()
    each = outputs_for_each(form, "device", [device.id for device in devices])
    for device in devices:
        shown = each[device.id]
        derived = derived_for(device, catalog)
        if derived["tpp"] is None:
            assert shown["tpp"] == "", device.id
        else:
            assert shown["tpp"] != "", device.id
            _assert_numbers(shown, {"tpp": derived["tpp"]})
        if derived["performance_density"] is not None:
            _assert_numbers(shown, {"performance_density": derived["performance_density"]})
        classes = export_for(device, catalog)
        assert {rule: shown[f"class:{rule}"] for rule in rules} == classes, device.id
        link = device_input(device, catalog)["interconnect"]
        if link["scale_up_bandwidth_gbs"] is not None and link["host_bandwidth_gbs"] is not None:
            io = link["scale_up_bandwidth_gbs"] + link["host_bandwidth_gbs"]
            _assert_numbers(shown, {"io_bandwidth_gbs": io})
        elif link["scale_up_bandwidth_gbs"] is not None:
            # An unstated host rate leaves I/O a range: no single figure is shown.
            assert shown["io_bandwidth_gbs"] == "", device.id
    set_fields(form, device="")
    for key in calc.BIT_LENGTHS:
        set_fields(form, **{f"tops_{key}": ""})
    set_fields(form, tops_fp16=300, die_area_mm2=500, scale_up_gbs="", host_gbs="", datacenter=True)
    shown = outputs(form)
    custom = {"peak_dense": {"fp16": 300.0}, "die_area_mm2": 500.0, "interconnect": {}}
    _assert_numbers(shown, {"tpp": 4800, "performance_density": 9.6})
    for rule in real_rules():
        assert shown[f"class:{rule['id']}"] == calc.classify(custom, rule)
    assert shown["class:us-2022-10"] == "unknown"
    explained = form.locator('[data-explain="us-2023-10"] li').all_inner_texts()
    assert explained[-1].startswith("Result: 3A090.a")


def test_export_calculator_drops_a_published_bound_once_figures_change(
    built_site: BuiltSite, page: Page
) -> None:
    """H20: its page's class rests on NVIDIA's statement; edit a rate and only the figures count."""
    open_calculators(page, built_site.url + "calculators/export/")
    form = _form(page, "export")
    set_fields(form, device="nvidia-h20-96gb")
    assert outputs(form)["class:us-2023-10"] == "not-controlled"
    explained = " ".join(form.locator('[data-explain="us-2023-10"] li').all_inner_texts())
    assert "published classification" in explained
    assert "TPP lies between 2,368 and 2,400" in explained
    # A hypothetical H20 with 300 FP8 TFLOPS: TPP 2,400 reaches the .b line on 814 mm2.
    set_fields(form, tops_fp8=300)
    assert outputs(form)["class:us-2023-10"] == "3A090.b"
    explained = " ".join(form.locator('[data-explain="us-2023-10"] li').all_inner_texts())
    assert "published classification" not in explained


def test_unit_converters_match_python(built_site: BuiltSite, page: Page) -> None:
    """GB/GiB, TFLOPS/FLOP/s and tensor sizes equal the reference conversions."""
    open_calculators(page, built_site.url + "calculators/units/")
    form = _form(page, "units-bytes")
    set_fields(form, value=141, unit="GB")
    _assert_numbers(outputs(form), {"gb": 141, "gib": gb_to_gib(141), "bytes": 141e9})
    set_fields(form, value=96, unit="GiB")
    _assert_numbers(outputs(form), {"gib": 96, "gb": 96 * 2**30 / 1e9, "bytes": 96 * 2**30})
    form = _form(page, "units-flops")
    set_fields(form, value=67, unit="TFLOPS")
    _assert_numbers(outputs(form), {"flops": tflops_to_flops(67)})
    form = _form(page, "units-tensor")
    set_fields(form, shape="3, 5, 7", dtype="int4")
    _assert_numbers(outputs(form), {"elements": 105, "bytes": calc.tensor_bytes([3, 5, 7], "int4")})


#: Typed into an integer field, and the message each must produce.
BAD_INPUTS = [
    ("", "Enter a value."),
    ("-3", "Must not be negative."),
    ("abc", "Not a number"),
    ("2.5", "Must be a whole number."),
    ("1e30", "Too large"),
    ("0", "Must be at least 1."),
]


def test_bad_input_is_explained(built_site: BuiltSite, page: Page) -> None:
    """A bad field gets a message next to it and the results go blank, never NaN."""
    open_calculators(page, built_site.url + "calculators/flops/")
    form = _form(page, "conv2d")
    error = form.locator('[name="c_out"]').locator("xpath=..").locator(".xpuref-field-error")
    for typed, message in BAD_INPUTS:
        set_fields(form, c_out=typed)
        assert message in error.inner_text(), typed
        assert form.get_attribute("data-state") == "invalid"
        assert set(outputs(form).values()) == {""}
        assert set(form.locator("[data-out]").all_inner_texts()) == {"—"}
        _no_bad_numbers(page)
    set_fields(form, c_out=64)
    assert error.inner_text() == "" and form.get_attribute("data-state") == "ok"
    form = _form(page, "training")
    set_fields(form, tflops="1e-310")
    assert "between 1e-30 and 1e30" in form.locator(".xpuref-calc-error").inner_text()
    _no_bad_numbers(page)


def test_calc_errors_point_at_the_field(built_site: BuiltSite, page: Page) -> None:
    """Errors found by the math (heads not dividing hidden, kernel too big) mark that field."""
    open_calculators(page, built_site.url + "calculators/flops/")
    form = _form(page, "transformer")
    set_fields(form, heads=7)
    heads = form.locator('[name="heads"]').locator("xpath=..").locator(".xpuref-field-error")
    assert "must divide hidden" in heads.inner_text()
    form = _form(page, "conv2d")
    set_fields(form, h_in=2, padding=0)
    kernel = form.locator('[name="kernel"]').locator("xpath=..").locator(".xpuref-field-error")
    assert "does not fit" in kernel.inner_text()
    _no_bad_numbers(page)


def test_link_reopens_the_same_result(built_site: BuiltSite, page: Page) -> None:
    """Inputs go to the query string; opening that address restores fields and outputs."""
    open_calculators(page, built_site.url + "calculators/memory/")
    form = _form(page, "inference-memory")
    set_fields(form, preset="", params="1.234e9", layers=24, kv_heads=4, head_dim=64, batch=3)
    set_fields(form, device=H100, weights_dtype="int4")
    other = _form(page, "training-memory")
    set_fields(other, zero_stage=2, sequence_parallel=True)
    page.wait_for_function(
        "() => location.search.includes('inference-memory.weights_dtype=int4')"
        " && location.search.includes('training-memory.sequence_parallel=1')"
    )
    url = page.url
    before = {
        name: (fields(_form(page, name)), outputs(_form(page, name)))
        for name in ("inference-memory", "training-memory")
    }
    fresh = page.context.new_page()
    open_calculators(fresh, url)
    for name, (was_fields, was_outputs) in before.items():
        assert fields(_form(fresh, name)) == was_fields
        assert outputs(_form(fresh, name)) == was_outputs
    assert float(outputs(_form(fresh, "inference-memory"))["weights"]) == 1.234e9 * 0.5
    fresh.close()


def test_instant_navigation_starts_the_calculators(built_site: BuiltSite, page: Page) -> None:
    """Reached through Material's instant navigation, a calculator page computes and reacts."""
    open_for_instant_navigation(page, built_site.url + "calculators/")
    page.locator("article a", has_text="Roofline").first.click()
    page.wait_for_url("**/calculators/roofline/")
    form = _form(page, "roofline-kernel")
    page.wait_for_function(
        "() => document.querySelector('#calc-roofline-kernel')?.dataset.state === 'ok'"
    )
    set_fields(form, device="", peak_tflops=10, bandwidth_gbs=100, flops="1e9", bytes="1e9")
    _assert_numbers(outputs(form), {"seconds": calc.roofline_time(1e9, 1e9, 10e12, 100e9)})
    timing = page.evaluate("window.xpurefCalcTimings.last")
    assert timing["calc"] == "roofline-kernel" and timing["ms"] >= 0


def test_offline_bundle_runs_a_calculator(
    offline_bundle: Path, page: Page, catalog: Dataset
) -> None:
    """From file://, the roofline calculator fills a device's figures and computes calc's values."""
    requested: list[str] = []
    page.on("request", lambda r: requested.append(r.url) if r.url.startswith("http") else None)
    open_calculators(page, (offline_bundle / "calculators" / "roofline.html").as_uri())
    device = next(
        d
        for d in catalog.sorted_devices()
        if d.id != H100 and d.peak_dense.get("bf16_matrix") and d.memory.bandwidth_gbs
    )
    form = _form(page, "roofline-gemm")
    set_fields(form, device=device.id, precision="bf16_matrix", m=512, n=1024, k=2048, dtype="bf16")
    peak = float(device.peak_dense.get("bf16_matrix") or 0) * 1e12
    bandwidth = float(device.memory.bandwidth_gbs or 0) * 1e9
    flops, moved = 2 * 512 * 1024 * 2048, 2.0 * (512 * 2048 + 2048 * 1024 + 512 * 1024)
    _assert_numbers(
        outputs(form),
        {
            "intensity": calc.gemm_intensity(512, 1024, 2048, dtype="bf16"),
            "seconds": calc.roofline_time(flops, moved, peak, bandwidth),
        },
    )
    assert requested == []


def _lacking(catalog: Dataset, key: str, *, runs: bool) -> str:
    """A catalogued device with no rate for ``key`` that its architecture runs (or does not)."""
    for device in catalog.sorted_devices():
        arch = catalog.architectures.get(device.architecture)
        supported = arch.supported_rates() if arch else None
        if supported is None or key in device.peak_dense or not device.peak_dense:
            continue
        if (key in supported and key not in device.not_supported) == runs:
            return device.id
    raise AssertionError(f"no device lacks {key} (runs={runs})")


def test_roofline_says_which_rate_a_device_lacks(
    built_site: BuiltSite, page: Page, catalog: Dataset
) -> None:
    """A precision the device has no rate for is named, never swapped for another in silence."""
    open_calculators(page, built_site.url + "calculators/roofline/")
    form = _form(page, "roofline-kernel")
    note = form.locator(".xpuref-peak-note")
    # The reader's own choice stays; the peak is left empty and the note says why.
    no_fp8 = _lacking(catalog, "fp8_matrix", runs=False)
    set_fields(form, device=no_fp8, precision="fp8_matrix")
    assert fields(form)["precision"] == "fp8_matrix"
    assert form.locator('[name="peak_tflops"]').input_value() == ""
    assert note.is_visible()
    text = note.inner_text()
    assert catalog.devices[no_fp8].name in text and "does not run" in text
    assert form.get_attribute("data-state") == "invalid"
    assert form.locator(".xpuref-roofline-plot").is_hidden()
    # A rate the architecture runs but nobody publishes is called unpublished, not unsupported.
    gap = _lacking(catalog, "fp8_matrix", runs=True)
    set_fields(form, device=gap, precision="fp8_matrix")
    assert "no published" in note.inner_text()
    # Choosing a device that lacks the current precision uses another rate and says which.
    set_fields(form, device=H100, precision="bf16_matrix")
    assert note.is_hidden()
    no_bf16 = _lacking(catalog, "bf16_matrix", runs=False)
    set_fields(form, device=no_bf16)
    chosen = fields(form)["precision"]
    assert chosen != "bf16_matrix"
    assert catalog.devices[no_bf16].peak_dense[chosen] > 0
    assert "is used instead" in note.inner_text()
    assert form.get_attribute("data-state") == "ok"


def test_roofline_plots_the_kernel_on_the_device_roof(built_site: BuiltSite, page: Page) -> None:
    """The kernel's dot sits on the roof line: below the flat part when memory-bound."""
    open_calculators(page, built_site.url + "calculators/roofline/")
    form = _form(page, "roofline-kernel")
    set_fields(form, device="", peak_tflops=100, bandwidth_gbs=1000, flops="1e12", bytes="1e11")
    plot = form.locator(".xpuref-roofline-plot")
    assert plot.is_visible()
    geometry = plot.evaluate(
        """f => {
          const dot = f.querySelector('circle.kernel').getBoundingClientRect();
          return {dotY: dot.top + dot.height / 2, roofTop: f.querySelector('path.roof')
            .getBoundingClientRect().top, label: f.querySelector('.kernel-label').textContent};
        }"""
    )
    # Intensity 10 is below the ridge (100): memory-bound, so the dot is under the flat roof.
    assert geometry["dotY"] > geometry["roofTop"] + 5
    assert "10 TFLOP/s" in geometry["label"]
    set_fields(form, bytes="1e9")  # intensity 1000: compute-bound, the dot on the flat roof
    on_roof = plot.evaluate(
        "f => Math.abs(f.querySelector('circle.kernel').getBoundingClientRect().top"
        " + 5 - f.querySelector('path.roof').getBoundingClientRect().top)"
    )
    assert on_roof < 3


def test_fits_verdicts_are_coloured_and_worded(built_site: BuiltSite, page: Page) -> None:
    """'yes' and 'no' carry a verdict the page colours differently, with the word kept."""
    open_calculators(page, built_site.url + "calculators/memory/")
    form = _form(page, "inference-memory")
    out = form.locator('[data-out="fits"]')
    set_fields(form, device=H100, params="1e9")
    assert out.get_attribute("data-verdict") == "yes" and "yes" in out.inner_text()
    yes = out.evaluate("o => getComputedStyle(o).backgroundColor")
    set_fields(form, params="1e12")
    assert out.get_attribute("data-verdict") == "no" and "no" in out.inner_text()
    no = out.evaluate("o => getComputedStyle(o).backgroundColor")
    assert yes != no


def test_plain_numbers_show_four_significant_figures(built_site: BuiltSite, page: Page) -> None:
    """Every calculator prints plain numbers to the same four significant figures."""
    for path in ("flops", "memory", "roofline", "llm", "export", "units"):
        open_calculators(page, f"{built_site.url}calculators/{path}/")
        texts = page.evaluate(
            "() => [...document.querySelectorAll('output[data-format=number]')]"
            ".filter(o => o.dataset.value).map(o => o.textContent)"
        )
        for text in texts:
            mantissa = text.replace(",", "").split("e")[0].split(" ")[0]
            digits = mantissa.replace(".", "").lstrip("-0").rstrip("0")
            assert len(digits) <= 4, (path, text)
