"""Device pickers take what drivers print, resolved as `xpuref lookup` does; the MFU page."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest
from tests.browser.calcforms import fields, open_calculators, outputs, set_fields
from tests.conftest import BuiltSite

from xpuref import calc
from xpuref.data.dataset import Dataset, load_dataset
from xpuref.data.paths import data_dir
from xpuref.views.lookup import lookup_name

if TYPE_CHECKING:
    from playwright.sync_api import Locator, Page

pytestmark = pytest.mark.browser

#: One driver string per vendor (nvidia-smi, amd-smi, JAX, npu-smi, hl-smi, Neuron, cnmon).
DRIVER_STRINGS = {
    "NVIDIA H100 80GB HBM3": "nvidia-h100-sxm5-80gb",
    "AMD Instinct MI300X": "amd-instinct-mi300x-oam-192gb",
    "TPU v5 lite": "google-tpu-v5e",
    "Ascend910B2": "huawei-ascend-910b2",
    "HL-325L": "intel-gaudi3-oam-128gb",
    "Trainium2": "aws-trainium2-96gb",
    "MLU370-X8": "cambricon-mlu370-x8-pcie-48gb",
}
#: Every calculator with a device picker, on its page.
PICKERS = {
    "mfu": "mfu",
    "roofline": "roofline-gemm",
    "llm": "llm",
    "memory": "inference-memory",
    "export": "export",
}


@pytest.fixture(scope="module")
def catalog() -> Dataset:
    """The real catalog the site was built from."""
    return load_dataset(data_dir())


def _form(page: Page, calc_id: str) -> Locator:
    """The form of one calculator."""
    return page.locator(f'form[data-calc="{calc_id}"]')


def _type_name(form: Locator, text: str) -> str:
    """Type a device name into the form's name box; return the note it shows."""
    box = form.locator('[data-role="device-name"]')
    box.fill(text)
    return form.locator(".xpuref-resolved").inner_text()


def test_mfu_from_the_nvidia_smi_name_and_achieved_tflops(
    built_site: BuiltSite, page: Page
) -> None:
    """'NVIDIA H100 80GB HBM3' selects H100 SXM5; 400 TFLOP/s per GPU is 40.4 % MFU."""
    open_calculators(page, built_site.url + "calculators/mfu/")
    form = _form(page, "mfu")
    note = _type_name(form, "NVIDIA H100 80GB HBM3")
    assert form.locator('[name="device"]').input_value() == "nvidia-h100-sxm5-80gb"
    assert "NVIDIA H100 SXM5 80GB" in note
    set_fields(form, precision="bf16_matrix", achieved_tflops=400)
    shown = outputs(form)
    assert round(float(shown["mfu"]) * 100, 1) == 40.4
    assert "input embedding counted" in shown["convention"]


def test_tpu7x_gives_half_a_chip_per_jax_device(built_site: BuiltSite, page: Page) -> None:
    """JAX lists each TPU7x TensorCore as a device: the peak filled in is 1153.5 TFLOPS BF16."""
    open_calculators(page, built_site.url + "calculators/mfu/")
    form = _form(page, "mfu")
    note = _type_name(form, "TPU7x")
    assert form.locator('[name="device"]').input_value() == "google-tpu7x-ironwood"
    assert "2 devices" in note
    set_fields(form, precision="bf16_matrix")
    assert float(fields(form)["peak_tflops"]) == 1153.5
    assert lookup_name("TPU7x", load_dataset(data_dir())).peak_dense_per_device[
        "bf16_matrix"
    ] == pytest.approx(1153.5)


@pytest.mark.parametrize("page_name", sorted(PICKERS))
def test_every_picker_resolves_one_driver_string_per_vendor(
    built_site: BuiltSite, page: Page, page_name: str, catalog: Dataset
) -> None:
    """Each picker resolves each vendor's driver string to the SKU `xpuref lookup` gives."""
    open_calculators(page, built_site.url + f"calculators/{page_name}/")
    form = _form(page, PICKERS[page_name])
    for text, expected in DRIVER_STRINGS.items():
        assert lookup_name(text, catalog).id == expected
        note = _type_name(form, text)
        assert form.locator('[name="device"]').input_value() == expected, text
        assert catalog.devices[expected].name in note


def test_an_ambiguous_or_unknown_name_asks(built_site: BuiltSite, page: Page) -> None:
    """A name several SKUs fit lists them as choices; choosing one selects it; unknown says so."""
    open_calculators(page, built_site.url + "calculators/roofline/")
    form = _form(page, "roofline-gemm")
    before = form.locator('[name="device"]').input_value()
    note = _type_name(form, "H100")
    choices = form.locator(".xpuref-resolve-choice")
    assert "more than one device" in note or "did you mean" in note
    assert choices.count() >= 2
    assert form.locator('[name="device"]').input_value() == before
    target = choices.first.get_attribute("data-device")
    choices.first.click()
    assert form.locator('[name="device"]').input_value() == target
    assert "No catalogued device" in _type_name(form, "zzqx 9000")


def test_trimmed_link_with_a_preset_computes_with_its_shape(
    built_site: BuiltSite, page: Page
) -> None:
    """A link naming llama-3.1-70b and a throughput only computes with the 70B shape."""
    url = (
        built_site.url
        + "calculators/mfu/?mfu.preset=llama-3.1-70b&mfu.tokens_per_s=6561&mfu.devices=8"
        + "&mfu.device=nvidia-h100-sxm5-80gb"
    )
    open_calculators(page, url)
    form = _form(page, "mfu")
    shown = fields(form)
    cfg = calc.transformer_config(
        {k: v for k, v in _arch("llama-3.1-70b").items() if k not in ("kind", "seq")}
    )
    assert int(shown["active_params"]) == calc.transformer_params(cfg, active=True)
    assert shown["preset"] == "llama-3.1-70b"
    per_token = calc.training_flops_per_token(
        calc.transformer_params(cfg, active=True),
        layers=cfg.layers, attention_width=cfg.q_dim, seq=int(shown["seq"]),
    )  # fmt: skip
    peak = float(shown["peak_tflops"]) * 1e12
    expected = calc.mfu(per_token, peak_flops=peak, tokens_per_s=6561, devices=8)["mfu"]
    assert float(outputs(form)["mfu"]) == pytest.approx(expected, rel=1e-9)
    assert float(outputs(form)["mfu"]) > 0.2  # not the 8B shape's 5 %


def test_a_link_contradicting_its_preset_says_so(built_site: BuiltSite, page: Page) -> None:
    """A link whose N differs from the named preset drops the preset and says why."""
    url = built_site.url + (
        "calculators/mfu/?mfu.preset=llama-3.1-70b&mfu.active_params=8030261248"
        "&mfu.tokens_per_s=6561&mfu.devices=8"
    )
    open_calculators(page, url)
    form = _form(page, "mfu")
    assert fields(form)["preset"] == ""
    assert "differs from" in form.locator(".xpuref-calc-error").inner_text()


def test_embedding_convention_changes_n(built_site: BuiltSite, page: Page) -> None:
    """Leaving the input embedding out of 6N lowers N by vocab x hidden, and the page says so."""
    open_calculators(page, built_site.url + "calculators/mfu/")
    form = _form(page, "mfu")
    set_fields(form, preset="llama-3.1-8b", tokens_per_s=100000)
    counted = int(fields(form)["active_params"])
    set_fields(form, embeddings="excluded")
    assert counted - int(fields(form)["active_params"]) == 128256 * 4096
    assert "left out" in outputs(form)["convention"]


def _arch(name: str) -> dict[str, object]:
    """A preset's architecture fields."""
    from tests.conftest import real_presets

    found: dict[str, object] = real_presets()[name].plain()["architecture"]
    return found


def test_compare_picker_takes_driver_strings(built_site: BuiltSite, page: Page) -> None:
    """The compare page adds the SKU a driver string names, one per vendor."""
    page.goto(f"{built_site.url}compare/")
    search = page.locator(".xpuref-compare-search")
    for text, expected in DRIVER_STRINGS.items():
        search.fill(text)
        search.press("Enter")
        assert page.locator(f".xpuref-compare-chosen li[data-device='{expected}']").count() == 1
    assert page.locator(".xpuref-compare-chosen li").count() == len(DRIVER_STRINGS)
