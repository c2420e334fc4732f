"""Published JSON documents: one line per list item, written by the C encoder."""

from __future__ import annotations

import json
from typing import Any

__all__ = ["json_document"]


def _compact(value: Any) -> str:
    """One value as compact JSON with sorted keys (the C encoder; indent would force Python's)."""
    return json.dumps(value, sort_keys=True, ensure_ascii=False, separators=(", ", ": "))


def json_document(body: dict[str, Any]) -> str:
    """A top-level object with sorted keys; each list item or map entry on its own line."""
    parts = []
    for key in sorted(body):
        value = body[key]
        if isinstance(value, list) and value:
            items = ",\n  ".join(_compact(item) for item in value)
            text = f"[\n  {items}\n ]"
        elif isinstance(value, dict) and value:
            entries = ",\n  ".join(f"{_compact(k)}: {_compact(value[k])}" for k in sorted(value))
            text = f"{{\n  {entries}\n }}"
        else:
            text = _compact(value)
        parts.append(f" {_compact(key)}: {text}")
    return "{\n" + ",\n".join(parts) + "\n}\n"
