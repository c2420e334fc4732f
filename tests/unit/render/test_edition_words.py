"""Words the pages outside device and system pages generate, in each edition's catalogue.

Calculator forms, the catalog, compare, glossary and downloads take their words from
render/messages/<language>.yaml; the page scripts read theirs (js.*) from JSON the build puts in
the page, so a Chinese page's script writes Chinese without a copy of the words in JavaScript.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from tests.conftest import real_dataset

from xpuref.data.version import DataVersion
from xpuref.render import calculators
from xpuref.render.macros import page_macros
from xpuref.render.messages import Messages, _table
from xpuref.render.pagecontext import PageContext

_HAN = re.compile(r"[\u4e00-\u9fff]")
_JS = Path(__file__).parents[3] / "site_overrides" / "assets" / "js"


def _ctx(url: str, edition: str = "") -> PageContext:
    """A page context for a page of the English edition or of ``edition`` ("zh/")."""
    return PageContext(
        real_dataset(), DataVersion("t", "2026-11-28", 0), edition + url, True, "", edition
    )


def test_both_catalogues_hold_exactly_the_same_keys() -> None:
    """A key only one catalogue holds is a missing translation or a leftover."""
    assert set(_table("en")) == set(_table("zh"))


#: The first argument of a lookup: say(KEY, ...), word(KEY, ...), say("xpuref-x-text", KEY, ...).
_LOOKUP = re.compile(r'\b(?:say|word)\((?:"xpuref-[a-z]+-text", )?([^,()]*)')
#: A key inside that argument: a literal that is not a value tested against (=== "x" ?).
_KEY = re.compile(r'(?<!=== )"(\w+)"(?!\s*\?)')


@pytest.mark.parametrize(
    ("script", "prefix"),
    [("calculators.js", "js.calc."), ("catalog.js", "js.catalog."), ("compare.js", "js.compare.")],
)
def test_every_word_a_page_script_asks_for_is_in_the_catalogue(script: str, prefix: str) -> None:
    """Each key a script looks up is a js.* entry in both catalogues: no page shows a bare key."""
    text = (_JS / script).read_text(encoding="utf-8")
    asked = {key for argument in _LOOKUP.findall(text) for key in _KEY.findall(argument)}
    assert len(asked) >= 3, (script, asked)
    for language in ("en", "zh"):
        known = set(Messages(language).prefixed(prefix))
        assert asked <= known, (script, language, sorted(asked - known))


def test_the_chinese_calculator_page_carries_chinese_script_words() -> None:
    """The zh page's JSON holds the zh catalogue's js.calc.* words; the English page the English."""
    found = {}
    for edition, language in (("", "en"), ("zh/", "zh")):
        html = str(page_macros(_ctx("calculators/llm/", edition))["calculator"]("llm"))
        element = f'<script type="application/json" id="{calculators.TEXT_ELEMENT_ID}-json">'
        match = re.search(re.escape(element) + "(.*?)</script>", html)
        assert match, edition
        found[language] = json.loads(match.group(1))
        assert found[language] == Messages(language).prefixed(calculators.SCRIPT_PREFIX)
    assert found["en"]["fix_fields"] == "Fix the marked fields to see results."
    assert _HAN.search(found["zh"]["fix_fields"]) and _HAN.search(found["zh"]["enter_value"])
    assert found["zh"]["value.yes"] == "是" and found["en"]["value.yes"] == ""


def test_calculator_forms_read_in_the_page_language() -> None:
    """Labels, hints and result rows are Chinese on the zh page and unchanged in English."""
    en = str(page_macros(_ctx("calculators/llm/"))["calculator"]("llm"))
    zh = str(page_macros(_ctx("calculators/llm/", "zh/"))["calculator"]("llm"))
    assert "Tensor-parallel devices" in en and "Decode limited by" in en
    assert "张量并行设备数" in zh and "解码的瓶颈" in zh and "Tensor-parallel devices" not in zh
    # Device and model names are names: kept as they are, marked so the share skips them.
    assert re.search(r'<optgroup label="NVIDIA" translate="no">', zh) and "H100 SXM5" in zh
    assert "Class under the" not in str(
        page_macros(_ctx("calculators/export/", "zh/"))["calculator"]("export")
    )


def test_catalog_compare_glossary_and_downloads_read_in_the_page_language() -> None:
    """The other generated pages take their words from the zh catalogue on the zh edition."""
    zh = page_macros(_ctx("devices/", "zh/"))
    en = page_macros(_ctx("devices/"))
    assert "清除筛选" in str(zh["device_table"]()) and "Clear filters" in str(en["device_table"]())
    assert "只看有差异的行" in str(zh["compare_tool"]())
    assert "Only rows that differ" in str(en["compare_tool"]())
    glossary = str(zh["glossary"]())
    assert (
        "张量核心" in glossary and "相关术语：" in glossary and "Related: " in str(en["glossary"]())
    )
    assert "引用本站：" in str(zh["how_to_cite"]()) and "To cite the site:" in str(
        en["how_to_cite"]()
    )
