"""Page macros for the in-browser calculators: their forms and the data they compute from.

`calculator(name)` renders templates/calculators/<name>.html.j2 (a form that
site_overrides/assets/js/calculators.js binds); the first call on a page also emits the
inline JSON the calculators read: a compact device list, the model presets and the export
rules. `dtype_table()` lists bytes per format.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from markupsafe import Markup

from xpuref import calc
from xpuref.data.dataset import Dataset
from xpuref.data.devices import Architecture, Device
from xpuref.data.fields import PRECISIONS, RATES
from xpuref.data.text_catalogue import load_text_catalogue
from xpuref.render.env import ENV as _ENV
from xpuref.render.inline_json import script_json
from xpuref.render.messages import Messages, messages, script_words
from xpuref.render.pagecontext import PageContext
from xpuref.views.derive import calc_input, published_bounds
from xpuref.views.host_link import pcie_rates
from xpuref.views.lookup import lookup_maps
from xpuref.views.measured import achieved_by_precision
from xpuref.views.words import rule_name_in, rule_names

__all__ = [
    "CALCULATORS",
    "DATA_ELEMENT_ID",
    "SCRIPT_PREFIX",
    "TEXT_ELEMENT_ID",
    "calculator_data",
    "calculator_text",
    "compact_device",
    "macros",
]


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
    "mfu",
    "export",
    "units-bytes",
    "units-flops",
    "units-tensor",
)


def compact_device(
    device: Device,
    arch: Architecture | None = None,
    pcie: Mapping[str, float] | None = None,
    bounds: tuple[float, float | None, list[str]] | None = None,
) -> dict[str, Any]:
    """Return what the calculators need of one device (site units: GB, GB/s, TFLOPS).

    ``bounds`` is the TPP range published statements leave (views.derive.published_bounds):
    it goes into the calc record, so the export calculator classifies the unchanged device as
    its page does.
    """
    record = calc_input(device, arch, pcie)
    if bounds is not None:
        record["tpp_min"] = bounds[0]
        if bounds[1] is not None:
            record["tpp_max"] = bounds[1]
    return {
        "id": device.id,
        "name": device.name,
        "vendor": device.vendor,
        "market": device.market,
        "memory_gb": device.memory.capacity,
        "memory_unit": device.memory.capacity_unit,
        "memory_bytes": device.memory.capacity_bytes,
        "memory_usable_bytes": device.memory.usable_bytes,
        "memory_bandwidth_gbs": device.memory.bandwidth_gbs,
        "visible_devices": device.visible_devices,
        "calc": record,
    }


def _presets(ds: Dataset) -> dict[str, dict[str, Any]]:
    """Return every model preset's title, architecture and published parameter count."""
    return {
        name: {
            "title": preset.title,
            "architecture": preset.architecture.plain(),
            "published_params": preset.published.params,
            "weights_dtype": preset.release.weights_dtype if preset.release else None,
        }
        for name, preset in ds.presets.items()
    }


def _data(catalog: Dataset) -> dict[str, Any]:
    """Return the page data the calculators read."""
    pcie = pcie_rates(catalog)
    return {
        "devices": [
            {
                **compact_device(
                    d, catalog.architectures.get(d.architecture), pcie, published_bounds(d, catalog)
                ),
                # The highest cited measured GEMM per precision (data/measured/), per visible
                # device: the MFU and roofline calculators show it beside the peak.
                "achieved": achieved_by_precision(catalog, d.id),
            }
            for d in catalog.sorted_devices()
        ],
        "presets": _presets(catalog),
        "lookup": lookup_maps(catalog),
        "rules": catalog.rule_dicts(),
        "bit_lengths": calc.BIT_LENGTHS,
        "dtype_bytes": calc.DTYPE_BYTES,
    }


def calculator_data(catalog: Dataset) -> Markup:
    """Return the inline JSON holding devices, presets and export rules.

    The JSON script sits inside a <template>: Material's instant navigation re-creates every
    <script> in the new page without its type attribute, which would run JSON as code.
    """
    return Markup('<template id="{}">{}</template>').format(
        DATA_ELEMENT_ID,
        catalog.remember(
            "calculator-json", "", lambda: script_json(_data(catalog), f"{DATA_ELEMENT_ID}-json")
        ),
    )


#: Id of the inline JSON holding the words calculators.js writes, in the page's language.
TEXT_ELEMENT_ID = "xpuref-calc-text"
#: The catalogue entries calculators.js reads (``js.calc.fix_fields`` is its ``fix_fields``).
SCRIPT_PREFIX = "js.calc."


def calculator_text(t: Messages) -> Markup:
    """Return the inline JSON of the words calculators.js writes, from ``t``'s catalogue."""
    return script_words(t, SCRIPT_PREFIX, TEXT_ELEMENT_ID)


#: Id of the inline JSON holding the phrases of export reasons in the page's language.
PHRASES_ELEMENT_ID = "xpuref-calc-phrases"
#: The data-text catalogue file of the phrases xpuref writes itself (export reasons among them).
_PHRASES_FILE = "generated.yaml"


def reason_phrases(catalog: Dataset, language: str) -> Markup:
    """The catalogue's phrases (``{field}`` patterns) and rule summaries as inline JSON.

    calculators.js fills and matches them as device pages do (render/datatext.py), so the
    export calculator's reasons and rule summaries read in the page's language where the
    catalogue has them; English pages get none.
    """
    if language == "en":
        return Markup("")
    found = load_text_catalogue(catalog.root, language)
    # The rules' own summaries, which the calculator lists beside each condition's outcome.
    summaries = {
        " ".join(str(item.get("summary") or "").split())
        for rule in catalog.rule_dicts()
        for item in [*(rule.get("classes") or []), *(rule.get("exclusions") or [])]
    }
    pairs = [
        [english, found.entries[english]]
        for english, (file, _line) in found.where.items()
        if file.endswith(_PHRASES_FILE) or english in summaries
    ]
    return Markup('<template id="{}">{}</template>').format(
        PHRASES_ELEMENT_ID, script_json(pairs, f"{PHRASES_ELEMENT_ID}-json")
    )


def _device_groups(catalog: Dataset) -> list[tuple[str, list[Device]]]:
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


def _context(catalog: Dataset, t: Messages) -> dict[str, Any]:
    """Return the values every calculator template may use, in the page's language."""
    shared = catalog.remember("calculator-context", "", lambda: _make_context(catalog))
    if t.language == "en":
        return dict(shared)
    words = {"matrix": t("calc.word.matrix"), "vector": t("calc.word.vector")}
    return {
        **shared,
        "peak_keys": [
            (key, _joined(t(f"calc.precision.{rate.precision.key}"), words[rate.unit_kind]))
            for key, rate in RATES.items()
        ],
        # Followed by a word ("{precision}稠密算力"): a Latin name keeps its space before it.
        "precisions": [
            (key, _spaced(t(f"calc.precision.{key}")), p.unit) for key, p in PRECISIONS.items()
        ],
        "rules": [(rule.id, rule.title, rule_name_in(rule, t)) for rule in catalog.rules],
    }


def _joined(first: str, second: str) -> str:
    """Two words of a label, with a space only where a Latin word meets the next."""
    return f"{first} {second}" if first[-1:].isascii() or second[:1].isascii() else first + second


def _spaced(name: str) -> str:
    """A name that a Chinese word follows directly: a space after it where it ends in Latin."""
    return f"{name} " if name[-1:].isascii() else name


def _make_context(catalog: Dataset) -> dict[str, Any]:
    """Build the values every calculator template may use."""
    presets = list(catalog.presets.items())
    names = rule_names(catalog.rules)
    return {
        "device_groups": _device_groups(catalog),
        "presets": [(name, p.title) for name, p in presets],
        "decoders": [(name, p.title) for name, p in presets if p.architecture.kind == "decoder"],
        "dtype_options": [(dtype, dtype) for dtype in calc.DTYPE_BYTES],
        "peak_keys": [(key, rate.short_label) for key, rate in RATES.items()],
        "precisions": [(key, p.label, p.unit) for key, p in PRECISIONS.items()],
        "rules": [(rule.id, rule.title, names[rule.id]) for rule in catalog.rules],
    }


def _calculator(name: str, catalog: Dataset, t: Messages | None = None) -> Markup:
    """Return the form of one calculator, in the language of ``t`` (English by default)."""
    t = t or messages("en")
    if name not in CALCULATORS:
        raise ValueError(f"unknown calculator {name!r}; known: {', '.join(CALCULATORS)}")
    template = _ENV.get_template(f"calculators/{name}.html.j2")
    html = template.render(calc_id=name, t=t, **_context(catalog, t))
    # No blank lines: Markdown would end the raw HTML block there.
    return Markup("\n".join(line for line in html.splitlines() if line.strip()))


def _dtype_table(t: Messages | None = None) -> Markup:
    """Return a table of bytes and bit lengths per numeric format."""
    rows = [(dtype, size, calc.BIT_LENGTHS.get(dtype)) for dtype, size in calc.DTYPE_BYTES.items()]
    template = _ENV.get_template("calculators/dtype_table.html.j2")
    return Markup(template.render(rows=rows, t=t or messages("en")))


def macros(ctx: PageContext) -> dict[str, Callable[..., Any]]:
    """Macros this module offers to content pages."""
    emitted: list[bool] = []
    t = messages(ctx.language, ctx.page_url)

    def data_once() -> Markup:
        """Return the data (and scripts) the first time a page asks, then nothing."""
        if emitted:
            return Markup("")
        emitted.append(True)
        return calculator_data(ctx.catalog) + calculator_text(t)

    def calculator(name: str) -> Markup:
        """Return one calculator's form, preceded by the page data on first use."""
        phrases = reason_phrases(ctx.catalog, ctx.language) if name == "export" else Markup("")
        return Markup('<div class="xpuref-calculator">{}{}{}</div>').format(
            data_once(), phrases, _calculator(name, ctx.catalog, t)
        )

    return {
        "calculator": calculator,
        "dtype_table": lambda: _dtype_table(t),
    }
