"""Expand ``{{ name }}`` and ``{{ name("literal", ...) }}`` in hand-written pages.

Content pages only ever call a macro or print a value, so a small expander does the work of a
Jinja template without compiling every page: values are escaped unless a macro returns Markup.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Callable
from typing import Any

from markupsafe import escape

__all__ = ["MacroError", "expand_macros"]

_CALL = re.compile(r"\{\{\s*(?P<name>[A-Za-z_][A-Za-z0-9_]*)\s*(?:\((?P<args>[^(){}]*)\))?\s*\}\}")
_OPENERS = re.compile(r"\{\{|\{%|\{#")


class MacroError(ValueError):
    """A page asks for a macro that does not exist or writes one the expander cannot read."""


def _arguments(text: str, where: str) -> tuple[list[Any], dict[str, Any]]:
    """Literal positional and keyword arguments of one call."""
    try:
        call = ast.parse(f"f({text})", mode="eval").body
    except SyntaxError:
        raise MacroError(f"{where}: cannot read the arguments ({text})") from None
    if not isinstance(call, ast.Call):  # pragma: no cover - f(...) always parses to a call
        raise MacroError(f"{where}: not a call")
    try:
        args = [ast.literal_eval(a) for a in call.args]
        kwargs = {k.arg: ast.literal_eval(k.value) for k in call.keywords if k.arg}
    except ValueError:
        raise MacroError(f"{where}: arguments must be literals ({text})") from None
    return args, kwargs


def _line(markdown: str, offset: int) -> int:
    """The 1-based line number of an offset."""
    return markdown.count("\n", 0, offset) + 1


def expand_macros(
    markdown: str, functions: dict[str, Callable[..., Any]], values: dict[str, Any]
) -> str:
    """The page with every macro call and value replaced; unknown names are errors."""
    out: list[str] = []
    pos = 0
    for opener in _OPENERS.finditer(markdown):
        start = opener.start()
        if start < pos:
            continue
        where = f"line {_line(markdown, start)}"
        match = _CALL.match(markdown, start)
        if match is None:
            snippet = markdown[start : start + 40].splitlines()[0]
            allowed = "only {{ name }} and {{ name(literal, ...) }} are allowed"
            raise MacroError(f"{where}: {allowed}: {snippet}")
        name, args = match.group("name"), match.group("args")
        if args is None:
            if name not in values:
                raise MacroError(f"{where}: '{name}' is not a page value")
            result: Any = values[name]
        else:
            if name not in functions:
                raise MacroError(f"{where}: '{name}' is not a macro")
            positional, keywords = _arguments(args, where)
            result = functions[name](*positional, **keywords)
        out.append(markdown[pos:start])
        out.append(str(escape(result)))
        pos = match.end()
    out.append(markdown[pos:])
    return "".join(out)
