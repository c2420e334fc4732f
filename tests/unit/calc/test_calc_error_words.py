"""Errors xpuref-calc.js throws at readers carry a code the page's catalogue words (issue #34).

The library's own message stays calc's (the golden twin compares it with Python's); a code and
its values let calculators.js show the Chinese edition's words from js.calc.error.<code>.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

from tests.conftest import ROOT
from tests.node import node_json

from xpuref.render.messages import Messages
from xpuref.render.tables_js import tables_script

CALC_JS = ROOT / "site_overrides" / "assets" / "js" / "xpuref-calc.js"
CALCULATORS_JS = ROOT / "site_overrides" / "assets" / "js" / "calculators.js"
_HAN = re.compile(r"[\u4e00-\u9fff]")
#: A code passed to CalcError or fail: the string literal after the message.
_CODE = re.compile(r'(?:CalcError|fail)\((?:[^;]|\n)*?,\s*"([a-z0-9_]+)"(?:,\s*\{[^}]*\})?\);')


def test_every_error_code_has_words_in_both_catalogues() -> None:
    """English keeps calc's message (empty entry); Chinese has its own sentence for each code."""
    codes = set(_CODE.findall(CALC_JS.read_text(encoding="utf-8")))
    assert {"kv_heads_divide", "tp_divide_kv", "impossible_mfu", "groups_divide"} <= codes
    en, zh = Messages("en").prefixed("js.calc.error."), Messages("zh").prefixed("js.calc.error.")
    assert codes == set(en) == set(zh)
    assert all(text == "" for text in en.values())
    assert all(_HAN.search(text) for text in zh.values()), zh
    assert "errorText(error)" in CALCULATORS_JS.read_text(encoding="utf-8")


def test_thrown_errors_fill_the_zh_words(tmp_path: Path) -> None:
    """Under Node, a reader's bad model shape throws its code and values; zh reads them whole."""
    tables = tmp_path / "xpuref-tables.js"
    tables.write_text(tables_script(), encoding="utf-8")
    script = (
        f"require({json.dumps(str(tables))}); const c = require({json.dumps(str(CALC_JS))});"
        "const out = [];"
        "for (const f of [() => c.transformer_config({layers: 2, hidden: 64, heads: 8, kv_heads: 3,"
        " ffn: 128, vocab: 100})]) {"
        " try { f(); out.push(null); } catch (e) {"
        " out.push({code: e.code, values: e.values, message: e.message}); } }"
        "process.stdout.write(JSON.stringify(out));"
    )
    (error,) = node_json("-e", script)
    assert error["code"] == "kv_heads_divide"
    assert error["message"] == "kv_heads (3) must divide heads (8)"
    words = Messages("zh")("js.calc.error." + error["code"], **error["values"])
    assert words == "kv_heads（3）必须能整除 heads（8）"
