"""The browser's copy of calc's tables, made at build time as the page bundle's xpuref-tables part.

xpuref-calc.js reads ``globalThis.xpurefTables`` instead of carrying its own copy of the
precision table, so the JavaScript port cannot drift from Python's formats; xpuref-page.js reads
the makers' names a device name is compared without (``xpuref.core.names.MAKER_PREFIXES``).
"""

from __future__ import annotations

import json

from xpuref import calc
from xpuref.core.names import MAKER_PREFIXES

__all__ = ["TABLES_JS_PATH", "tables_script"]

#: The generated part's name among the page scripts (joined before xpuref-calc.js).
TABLES_JS_PATH = "assets/js/xpuref-tables.js"


def tables_script() -> str:
    """The script defining ``globalThis.xpurefTables``: calc's precisions, the makers' names."""
    tables = {**calc.precision_table(), "maker_prefixes": list(MAKER_PREFIXES)}
    table = json.dumps(tables, sort_keys=True, separators=(",", ":"))
    return (
        "/* Generated at build time from xpuref.calc.PRECISIONS and "
        "xpuref.core.names.MAKER_PREFIXES: do not edit. */\n"
        f"globalThis.xpurefTables = Object.freeze({table});\n"
    )
