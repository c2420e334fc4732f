"""Page macros for the in-browser calculators: their forms and the data they compute from.

`calculator(name)` renders templates/calculators/<name>.html.j2 (a form that
site_overrides/assets/js/calculators.js binds); the first call on a page also emits the
inline JSON the calculators read: a compact device list, the model presets and the export
rules. `calculator_data()` emits that JSON on its own; `dtype_table()` lists bytes per format.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from markupsafe import Markup

from xpuref import calc
from xpuref.catalog import Catalog
from xpuref.derive import calc_input
from xpuref.inline_json import script_json
from xpuref.memo import per_object
from xpuref.pagecontext import PageContext
from xpuref.render import template_env
from xpuref.schema import PEAK_KEYS, Device

__all__ = [
    "CALCULATORS",
    "DATA_ELEMENT_ID",
    "EMIT_SCRIPT_TAGS",
    "SCRIPTS",
    "STYLESHEET",
    "calculator_data",
    "compact_device",
    "macros",
]

_ENV = template_env()

#: Id of the inline JSON element calculators.js reads.
DATA_ELEMENT_ID = "xpuref-calc-data"

#: The calculators a page may place, each a template under templates/calculators/.
CALCULATORS: tuple[str, ...] = (
    "conv2d",
    "linear",
    "transformer",
    "model",
    "training",
    "megatron",
    "inference-memory",
    "training-memory",
    "roofline-gemm",
    "roofline-kernel",
    "llm",
    "export",
    "units-bytes",
    "units-flops",
    "units-tensor",
)

#: Scripts the calculators need, relative to the site root.
SCRIPTS: tuple[str, ...] = ("assets/js/xpuref-calc.js", "assets/js/calculators.js")
#: Their stylesheet, relative to the site root.
STYLESHEET = "assets/css/calculators.css"

#: Emit <script src> tags for SCRIPTS (and a <link> to STYLESHEET) with the data, until
#: mkdocs.yml lists them in extra_javascript and extra_css (both scripts ignore a second load).
EMIT_SCRIPT_TAGS = False

_PRECISION_LABELS = {
    "fp64": "FP64",
    "fp32": "FP32",
    "tf32": "TF32",
    "fp16": "FP16",
    "bf16": "BF16",
    "fp8": "FP8",
    "fp6": "FP6",
    "fp4": "FP4",
    "int8": "INT8",
    "int4": "INT4",
}


def _key_label(key: str) -> str:
    """Return 'BF16 matrix' for 'bf16_matrix'."""
    precision, _, rest = key.partition("_")
    label = _PRECISION_LABELS.get(precision, precision.upper())
    return f"{label} {rest}" if rest else f"{label} vector"


def compact_device(device: Device) -> dict[str, Any]:
    """Return what the calculators need of one device (site units: GB, GB/s, TFLOPS)."""
    return {
        "id": device.id,
        "name": device.name,
        "vendor": device.vendor,
        "market": device.market,
        "memory_gb": device.memory.capacity_gb,
        "memory_bandwidth_gbs": device.memory.bandwidth_gbs,
        "calc": calc_input(device),
    }


def _presets() -> dict[str, dict[str, Any]]:
    """Return every model preset's title, architecture and published parameter count."""
    found = {}
    for name in calc.model_names():
        preset = calc.model_preset(name)
        found[name] = {
            "title": preset["title"],
            "architecture": preset["architecture"],
            "published_params": (preset.get("published") or {}).get("params"),
        }
    return found


def _rules() -> list[dict[str, Any]]:
    """Return the export rules as data (dates as ISO strings)."""
    rules = calc.load_export_rules()
    for rule in rules:
        for key, value in list(rule.items()):
            if not isinstance(value, str | int | float | list | dict | None):
                rule[key] = str(value)
    return rules


def _data(catalog: Catalog) -> dict[str, Any]:
    """Return the page data the calculators read."""
    return {
        "devices": [compact_device(device) for device in catalog.sorted_devices()],
        "presets": _presets(),
        "rules": _rules(),
        "bit_lengths": calc.BIT_LENGTHS,
        "dtype_bytes": calc.DTYPE_BYTES,
    }


def calculator_data(catalog: Catalog) -> Markup:
    """Return the inline JSON holding devices, presets and export rules.

    The JSON script sits inside a <template>: Material's instant navigation re-creates every
    <script> in the new page without its type attribute, which would run JSON as code.
    """
    return Markup('<template id="{}">{}</template>').format(
        DATA_ELEMENT_ID,
        per_object(
            "calculator-json",
            catalog,
            lambda: script_json(_data(catalog), f"{DATA_ELEMENT_ID}-json"),
        ),
    )


def _scripts(ctx: PageContext) -> Markup:
    """Return <script src> tags for the calculator scripts, relative to the page."""
    template = _ENV.from_string(
        '<link rel="stylesheet" href="{{ css }}">'
        '{% for src in sources %}<script src="{{ src }}" defer></script>{% endfor %}'
    )
    return Markup(
        template.render(
            css=ctx.link_to_file(STYLESHEET),
            sources=[ctx.link_to_file(path) for path in SCRIPTS],
        )
    )


def _device_groups(catalog: Catalog) -> list[tuple[str, list[Device]]]:
    """Return devices grouped by vendor name for <optgroup> lists."""
    groups: dict[str, list[Device]] = {}
    for device in catalog.sorted_devices():
        name = (
            catalog.vendors[device.vendor].name
            if device.vendor in catalog.vendors
            else device.vendor
        )
        groups.setdefault(name, []).append(device)
    return sorted(groups.items())


def _context(catalog: Catalog) -> dict[str, Any]:
    """Return the values every calculator template may use (computed once per catalog)."""
    return per_object("calculator-context", catalog, lambda: _make_context(catalog))


def _make_context(catalog: Catalog) -> dict[str, Any]:
    """Build the values every calculator template may use."""
    presets = [(name, calc.model_preset(name)) for name in calc.model_names()]
    return {
        "device_groups": _device_groups(catalog),
        "presets": [(name, p["title"]) for name, p in presets],
        "decoders": [
            (name, p["title"]) for name, p in presets if p["architecture"]["kind"] == "decoder"
        ],
        "dtype_options": [(dtype, dtype) for dtype in calc.DTYPE_BYTES],
        "peak_keys": [(key, _key_label(key)) for key in PEAK_KEYS],
        "precisions": [(key, _PRECISION_LABELS.get(key, key)) for key in calc.BIT_LENGTHS],
        "rules": [(rule["id"], rule.get("title", rule["id"])) for rule in calc.load_export_rules()],
    }


def _calculator(name: str, catalog: Catalog) -> Markup:
    """Return the form of one calculator."""
    if name not in CALCULATORS:
        raise ValueError(f"unknown calculator {name!r}; known: {', '.join(CALCULATORS)}")
    template = _ENV.get_template(f"calculators/{name}.html.j2")
    html = template.render(calc_id=name, **_context(catalog))
    # No blank lines: Markdown would end the raw HTML block there.
    return Markup("\n".join(line for line in html.splitlines() if line.strip()))


def _dtype_table() -> Markup:
    """Return a table of bytes and bit lengths per numeric format."""
    rows = [(dtype, size, calc.BIT_LENGTHS.get(dtype)) for dtype, size in calc.DTYPE_BYTES.items()]
    return Markup(_ENV.get_template("calculators/dtype_table.html.j2").render(rows=rows))


def macros(ctx: PageContext) -> dict[str, Callable[..., Any]]:
    """Macros this module offers to content pages."""
    emitted: list[bool] = []

    def data_once() -> Markup:
        """Return the data (and scripts) the first time a page asks, then nothing."""
        if emitted:
            return Markup("")
        emitted.append(True)
        scripts = _scripts(ctx) if EMIT_SCRIPT_TAGS else Markup("")
        return calculator_data(ctx.catalog) + scripts

    def calculator(name: str) -> Markup:
        """Return one calculator's form, preceded by the page data on first use."""
        return Markup('<div class="xpuref-calculator">{}{}</div>').format(
            data_once(), _calculator(name, ctx.catalog)
        )

    return {
        "calculator": calculator,
        "calculator_data": data_once,
        "dtype_table": _dtype_table,
    }
