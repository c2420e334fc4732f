"""The LLM serving and MFU calculators in the browser: calc's numbers, per-device peaks, links."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest
from tests.browser.calcforms import fields, open_calculators, outputs, set_fields
from tests.conftest import BuiltSite, real_presets

from xpuref import calc
from xpuref.data.dataset import Dataset, load_dataset
from xpuref.data.paths import data_dir

if TYPE_CHECKING:
    from playwright.sync_api import Page

pytestmark = pytest.mark.browser

H100 = "nvidia-h100-sxm5-80gb"
MI250X = "amd-instinct-mi250x-oam-128gb"
GIB = 2**30


@pytest.fixture(scope="module")
def catalog() -> Dataset:
    """The real catalog the site was built from."""
    return load_dataset(data_dir())


def _config(name: str) -> dict[str, Any]:
    """The TransformerConfig fields of a decoder preset."""
    arch = real_presets()[name].plain()["architecture"]
    return {k: v for k, v in arch.items() if k not in ("kind", "seq")}


def test_llm_capacity_matches_python(built_site: BuiltSite, page: Page) -> None:
    """Qwen3 235B-A22B over 8 H100s: KV per token, tokens and concurrency equal kv_capacity."""
    open_calculators(page, built_site.url + "calculators/llm/")
    form = page.locator('form[data-calc="llm"]')
    set_fields(form, preset="qwen3-235b-a22b", device=H100, tp=8, memory_fraction=0.9)
    set_fields(form, overhead_gb=3, kv_dtype="fp8", context=32768, block_size=16)
    memory = float(fields(form)["memory_gb"]) * GIB
    cfg = _config("qwen3-235b-a22b")
    expected = calc.kv_capacity(
        cfg, memory_bytes=memory, context=32768, memory_fraction=0.9, kv_dtype="fp8", tp=8,
        overhead_bytes=3 * GIB,
    )  # fmt: skip
    shown = outputs(form)
    assert float(shown["kv_bytes_per_token"]) == calc.kv_bytes_per_token(cfg, "fp8", tp=8)
    assert int(shown["kv_tokens"]) == expected["tokens"]
    assert float(shown["concurrency"]) == pytest.approx(expected["concurrency"], rel=1e-12)
    assert float(shown["kv_budget"]) == pytest.approx(expected["kv_budget_bytes"], rel=1e-12)
    assert float(shown["weights_per_device"]) == 235_093_634_560 * 2 / 8


def test_mi250x_fills_one_gcd(built_site: BuiltSite, page: Page, catalog: Dataset) -> None:
    """A device shown to software as two gives each form half its peak, bandwidth and memory."""
    open_calculators(page, built_site.url + "calculators/mfu/")
    form = page.locator('form[data-calc="mfu"]')
    set_fields(form, device=MI250X, precision="bf16_matrix")
    package = catalog.devices[MI250X].peak_dense["bf16_matrix"]
    assert float(fields(form)["peak_tflops"]) == package / 2
    open_calculators(page, built_site.url + "calculators/llm/")
    llm = page.locator('form[data-calc="llm"]')
    set_fields(llm, device=MI250X)
    assert float(fields(llm)["bandwidth_gbs"]) == catalog.devices[MI250X].memory.bandwidth_gbs / 2
    assert float(fields(llm)["memory_gb"]) == 64


def test_mfu_matches_palm_and_survives_a_reload(built_site: BuiltSite, page: Page) -> None:
    """PaLM 540B's 238.3K tokens/s on 6144 TPU v4 chips is 46.2 %; the link reopens it."""
    open_calculators(page, built_site.url + "calculators/mfu/")
    form = page.locator('form[data-calc="mfu"]')
    set_fields(form, preset="", device="", active_params="540.35e9", layers=118)
    set_fields(
        form, attention_width=12288, seq=2048, tokens_per_s=238300, peak_tflops=275, devices=6144
    )
    shown = outputs(form)
    assert round(float(shown["mfu"]) * 100, 1) == 46.2
    assert shown["shape_mfu"] == ""
    page.wait_for_function("() => location.search.includes('mfu.devices=6144')")
    fresh = page.context.new_page()
    open_calculators(fresh, page.url)
    assert outputs(fresh.locator('form[data-calc="mfu"]')) == shown
    fresh.close()


def test_mfu_refuses_a_wrong_peak_and_shows_the_shape_count(
    built_site: BuiltSite, page: Page
) -> None:
    """An MFU above 100 % marks the peak field; a chosen model also gets its layer count."""
    open_calculators(page, built_site.url + "calculators/mfu/")
    form = page.locator('form[data-calc="mfu"]')
    set_fields(form, preset="llama-3.1-8b", seq=8192, step_seconds=2.0, batch_tokens=4194304)
    set_fields(form, device=H100, precision="bf16_matrix", devices=256)
    shown = outputs(form)
    shaped = calc.model_flops_per_token(_config("llama-3.1-8b"), 8192)
    assert float(shown["shape_flops_per_token"]) == shaped
    peak = float(fields(form)["peak_tflops"]) * 1e12
    rate = 4194304 / 2.0
    assert float(shown["shape_mfu"]) == pytest.approx(shaped * rate / 256 / peak, rel=1e-12)
    set_fields(form, peak_tflops=10)
    error = form.locator('[name="peak_tflops"]').locator("xpath=..").locator(".xpuref-field-error")
    assert "impossible MFU" in error.inner_text()
    assert form.get_attribute("data-state") == "invalid"


def test_offline_bundle_runs_both_from_a_link(offline_bundle: Path, page: Page) -> None:
    """From file://, links to the MFU and LLM pages restore their inputs and compute offline."""
    requested: list[str] = []
    page.on("request", lambda r: requested.append(r.url) if r.url.startswith("http") else None)
    query = (
        "?mfu.preset=&mfu.device=&mfu.active_params=540.35e9&mfu.layers=118"
        "&mfu.attention_width=12288&mfu.seq=2048&mfu.tokens_per_s=238300&mfu.peak_tflops=275"
        "&mfu.devices=6144&mfu.recompute=none"
    )
    open_calculators(page, (offline_bundle / "calculators" / "mfu.html").as_uri() + query)
    assert round(float(outputs(page.locator('form[data-calc="mfu"]'))["mfu"]) * 100, 1) == 46.2
    query = (
        "?llm.preset=deepseek-v3&llm.device=&llm.memory_gb=141&llm.tp=8&llm.weights_dtype=fp8"
        "&llm.kv_dtype=bf16&llm.context=8192&llm.peak_tflops=989.5&llm.bandwidth_gbs=4800"
    )
    open_calculators(page, (offline_bundle / "calculators" / "llm.html").as_uri() + query)
    shown = outputs(page.locator('form[data-calc="llm"]'))
    assert float(shown["kv_bytes_per_token"]) == 61 * 576 * 2  # the MLA latent, on every GPU
    expected = calc.kv_capacity(
        _config("deepseek-v3"), memory_bytes=141 * GIB, context=8192, tp=8, weights_dtype="fp8",
        overhead_bytes=2.4 * GIB,  # the page's sourced default, which this link leaves as is
    )  # fmt: skip
    assert expected["tokens"] > 500_000
    assert int(shown["kv_tokens"]) == expected["tokens"]
    assert requested == []
