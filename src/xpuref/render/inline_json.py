"""Data embedded in a page as inline JSON that no HTML parser can break out of."""

from __future__ import annotations

import json
from typing import Any

from markupsafe import Markup, escape

__all__ = ["dumps_for_html", "script_json"]

_UNSAFE = {ord("<"): "\\u003c", ord(">"): "\\u003e", ord("&"): "\\u0026"}


def dumps_for_html(obj: Any) -> str:
    """Compact JSON with ``<``, ``>`` and ``&`` written as \\u escapes (still valid JSON)."""
    text = json.dumps(obj, separators=(",", ":"), ensure_ascii=False, allow_nan=False)
    return text.translate(_UNSAFE)


def script_json(obj: Any, element_id: str) -> Markup:
    """A ``<script type="application/json">`` element holding ``obj``, read by id from JS."""
    return Markup('<script type="application/json" id="{}">{}</script>').format(
        escape(element_id), Markup(dumps_for_html(obj))
    )
