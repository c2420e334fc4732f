"""The LLM page: MoE decode, a model that does not fit, released precision, reading a log."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest
from tests.browser.calcforms import fields, open_calculators, outputs, set_fields
from tests.conftest import BuiltSite

from xpuref import calc

if TYPE_CHECKING:
    from playwright.sync_api import Page

pytestmark = pytest.mark.browser

GIB = 2**30


def test_deepseek_v3_on_8_h200(built_site: BuiltSite, page: Page) -> None:
    """FP8 by default; batch 1 reads the active weights; BF16 does not fit and shows no speed."""
    open_calculators(page, built_site.url + "calculators/llm/")
    form = page.locator('form[data-calc="llm"]')
    set_fields(form, preset="deepseek-v3")
    assert fields(form)["weights_dtype"] == "fp8"
    form.locator('[data-role="device-name"]').fill("NVIDIA H200")
    assert fields(form)["device"] == "nvidia-h200-sxm-141gb"
    set_fields(form, tp=8, batch=1, context=4096, precision="fp8_matrix")
    shown = outputs(form)
    assert shown["fits"] == "yes"
    assert float(shown["experts_touched"]) == pytest.approx(8.0)
    assert float(shown["decode_weights_read"]) < float(shown["weights"]) / 17
    set_fields(form, weights_dtype="bf16")
    shown = outputs(form)
    assert shown["fits"] == "no"
    assert float(shown["shortfall"]) > 100 * GIB
    assert shown["decode_seconds"] == "" and shown["decode_tokens_per_s"] == ""


def test_tokens_from_a_reported_kv_memory(built_site: BuiltSite, page: Page) -> None:
    """The 2.89 GiB vLLM reported for Llama 3.1 8B gives calc.kv_tokens_in's token count."""
    open_calculators(page, built_site.url + "calculators/llm/")
    form = page.locator('form[data-calc="llm"]')
    set_fields(form, preset="llama-3.1-8b", kv_memory_gib=2.89, kv_dtype="bf16", tp=1)
    cfg = calc.TransformerConfig(128256, 4096, 32, 32, kv_heads=8, ffn=14336, gated_mlp=True)
    expected = calc.kv_tokens_in(cfg, 2.89 * GIB)
    assert int(float(outputs(form)["kv_tokens_reported"])) == expected
