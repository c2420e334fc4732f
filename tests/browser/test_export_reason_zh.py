"""The Chinese export calculator writes its reason in Chinese, from the catalogues, not in English.

The reason comes from xpuref-calc.js in English (it mirrors xpuref.calc word for word); on a
Chinese page calculators.js shows it through the data catalogue's phrases, which the build
emits as JSON (render/calculators.py reason_phrases). Expected words are read from the same
catalogues here, so the test names no Chinese of its own.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

import pytest
from tests.browser.calcforms import open_calculators, set_fields
from tests.conftest import REAL_DATA, BuiltSite, real_rules

from xpuref import calc
from xpuref.data.text_catalogue import load_text_catalogue
from xpuref.render.messages import messages

if TYPE_CHECKING:
    from playwright.sync_api import Locator, Page

pytestmark = pytest.mark.browser


def _custom_chip(page: Page, url: str) -> Locator:
    """The export form filled with a made-up chip: FP16 300 TFLOPS, 500 mm², no links known."""
    open_calculators(page, url)
    form = page.locator('form[data-calc="export"]')
    set_fields(form, device="")
    for key in calc.BIT_LENGTHS:
        set_fields(form, **{f"tops_{key}": ""})
    set_fields(form, tops_fp16=300, die_area_mm2=500, scale_up_gbs="", host_gbs="", datacenter=True)
    return form


def _result(form: Locator, rule: str) -> str:
    """The last line the calculator explains a rule with: its result and reason."""
    return form.locator(f'[data-explain="{rule}"] li').all_inner_texts()[-1]


def test_the_chinese_export_reason_comes_from_the_catalogues(
    built_site: BuiltSite, page: Page
) -> None:
    """A decided and an undecided class each read as the catalogues word them, no English left."""
    form = _custom_chip(page, built_site.url + "zh/calculators/export/")
    t = messages("zh")
    phrases = load_text_catalogue(REAL_DATA, "zh").entries
    decided = phrases["meets the conditions of {cls}"].format(cls="3A090.a")
    assert _result(form, "us-2023-10") == t(
        "js.calc.result", answer="3A090.a", higher="", reason=decided
    )
    open_link = phrases["the chip-to-chip link bandwidth is not published"]
    undecided = phrases["whether it meets {cls} cannot be decided: {t_why}"].format(
        cls="3A090", t_why=open_link
    )
    shown = _result(form, "us-2022-10")
    assert shown == t(
        "js.calc.result", answer=t("js.calc.value.unknown"), higher="", reason=undecided
    )
    # Apart from the class names, the line holds no Latin word.
    assert not re.search(r"[A-Za-z]{2,}", shown.replace("3A090", ""))


def test_the_english_export_reason_keeps_calcs_words(built_site: BuiltSite, page: Page) -> None:
    """The English page shows xpuref-calc's own reason, as xpuref.calc words it."""
    form = _custom_chip(page, built_site.url + "calculators/export/")
    custom = {"peak_dense": {"fp16": 300.0}, "die_area_mm2": 500.0, "interconnect": {}}
    rules = {rule["id"]: rule for rule in real_rules()}
    for rule_id in ("us-2022-10", "us-2023-10"):
        reason = calc.classify_explain(custom, rules[rule_id])["reason"]
        assert _result(form, rule_id).endswith(f"({reason}).")
