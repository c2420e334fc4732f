"""The content-page macro expander: calls, values, escaping and clear errors."""

from __future__ import annotations

import re
from typing import Any

import pytest
from markupsafe import Markup

from xpuref.render.page_macros import MacroError, expand_macros

FUNCS: dict[str, Any] = {
    "table": lambda name, rows=2: Markup(f"<table data-name='{name}' data-rows='{rows}'>"),
    "plain": lambda: "<b>&",
}
VALUES: dict[str, Any] = {"device_count": 145, "label": "v<1>"}


def test_calls_values_and_text_between() -> None:
    page = 'A {{ device_count }} B {{ table("x") }} C {{table("y", rows=3)}}\n'
    assert expand_macros(page, FUNCS, VALUES) == (
        "A 145 B <table data-name='x' data-rows='2'> C <table data-name='y' data-rows='3'>\n"
    )


def test_plain_results_and_values_are_escaped() -> None:
    assert expand_macros("{{ plain() }} {{ label }}", FUNCS, VALUES) == "&lt;b&gt;&amp; v&lt;1&gt;"


@pytest.mark.parametrize(
    ("page", "message"),
    [
        ("x\n{{ missing() }}", "line 2: 'missing' is not a macro"),
        ("{{ nothing }}", "line 1: 'nothing' is not a page value"),
        ("{{ table(secret) }}", "line 1: arguments must be literals"),
        ("{{ table(open('/etc/passwd')) }}", "are allowed"),
        ("{% for x in y %}", "only {{ name }} and {{ name(literal, ...) }} are allowed"),
        ("{{ device_count | upper }}", "are allowed"),
        ("{# note #}", "are allowed"),
    ],
)
def test_errors_name_the_line(page: str, message: str) -> None:
    with pytest.raises(MacroError, match=re.escape(message)):
        expand_macros(page, FUNCS, VALUES)
