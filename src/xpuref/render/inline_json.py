"""Data embedded in a page as inline JSON that no HTML parser can break out of."""

from __future__ import annotations

import json
from typing import Any

from markupsafe import Markup, escape

__all__ = ["dumps_for_html", "script_json"]


def dumps_for_html(obj: Any) -> str:
    """Compact JSON with ``<``, ``>`` and ``&`` written as \\u escapes (still valid JSON)."""
    text = json.dumps(obj, separators=(",", ":"), ensure_ascii=False, allow_nan=False)
    # str.replace runs in C; translate() with a dict is a Python-level loop over every character.
    return text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")


def script_json(obj: Any, element_id: str) -> Markup:
    """A ``<script type="application/json">`` element holding ``obj``, read by id from JS."""
    return Markup('<script type="application/json" id="{}">{}</script>').format(
        escape(element_id), Markup(dumps_for_html(obj))
    )
