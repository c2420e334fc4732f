"""The message catalogues: one per language, same keys; a missing key fails naming key and page."""

from __future__ import annotations

import re

import pytest
from tests.conftest import real_dataset

from xpuref.data.fields import RATES, SPEC_FIELDS
from xpuref.data.paths import data_dir
from xpuref.data.version import data_version
from xpuref.render import messages as catalogue
from xpuref.render.messages import MessageError, Messages, check_catalogues, missing_keys
from xpuref.render.pagecontext import Published
from xpuref.render.pages import device_page

_HAN = re.compile(r"[\u4e00-\u9fff]")


def test_every_language_has_every_english_key() -> None:
    """zh.yaml holds each key of en.yaml (the build checks this before writing anything)."""
    assert missing_keys("zh") == []
    check_catalogues()


def test_a_missing_key_fails_naming_the_key_and_the_page() -> None:
    """Asking for a message the catalogue lacks raises, naming the key, language and page."""
    t = Messages("zh", "devices/nvidia-h100-sxm5-80gb.md")
    with pytest.raises(MessageError) as caught:
        t("device.no_such_key")
    text = str(caught.value)
    assert "device.no_such_key" in text
    assert "devices/nvidia-h100-sxm5-80gb.md" in text
    assert "'zh'" in text


def test_a_catalogue_lacking_a_key_fails_the_check(monkeypatch: pytest.MonkeyPatch) -> None:
    """check_catalogues names the file and every key that language lacks."""
    en = {"device.a": "A", "device.b": "B"}
    zh = {"device.a": "甲"}
    monkeypatch.setattr(catalogue, "_table", lambda language: en if language == "en" else zh)
    with pytest.raises(MessageError, match=r"zh\.yaml: missing message 'device\.b'"):
        check_catalogues()


def test_english_labels_are_the_field_catalogues_own() -> None:
    """The English catalogue words each spec field and rate as the field catalogue does."""
    t = Messages("en")
    for spec in SPEC_FIELDS:
        assert t(f"field.{spec.path}") == spec.label
    for rate in RATES.values():
        kind = "rate.matrix" if rate.unit_kind == "matrix" else "rate.vector"
        assert t(kind, precision=rate.precision.label) == rate.label


def test_markup_messages_escape_the_values_put_into_them() -> None:
    """A value put into a *_html message is escaped; the message's own markup is kept."""
    text = Messages("en")("device.market_html", market="<script>")
    assert "&lt;script&gt;" in text
    assert "<script>" not in text


def test_the_chinese_device_page_labels_come_from_the_chinese_catalogue() -> None:
    """Headings, column heads and row labels of a zh device page are Chinese; figures stay."""
    ds = real_dataset()
    device = ds.devices["nvidia-h100-sxm5-80gb"]
    page = device_page(device, ds, data_version(data_dir()), Published(language="zh"))
    assert '<h1 id="device-title">英伟达 <span translate="no">H100 SXM5 80GB</span>' in page
    for heading in ("## 规格", "## 推算指标", "## 出口管制", "## 出处"):
        assert heading in page
    assert "<th>规格</th><th>数值</th><th>出处</th>" in page
    assert "> 显存带宽</th>" in page
    assert "3,350" in page
    for english in ("## Specifications", "Add to compare", "Also known as", "Memory bandwidth"):
        assert english not in page
