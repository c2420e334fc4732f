"""Calculator page macros: forms render, page data is complete and safe, pages use known forms."""

from __future__ import annotations

import json
import re
from html.parser import HTMLParser

import pytest
from tests.conftest import ROOT, real_dataset, real_presets, real_rules

from xpuref import calc
from xpuref.data.dataset import Dataset
from xpuref.data.version import DataVersion
from xpuref.render import calculators as calculators_page
from xpuref.render.pagecontext import PageContext

CALCULATORS_JS = ROOT / "site_overrides" / "assets" / "js" / "calculators.js"
PAGES = ROOT / "content" / "calculators"


@pytest.fixture(scope="module")
def catalog() -> Dataset:
    """The real catalog."""
    return real_dataset()


def _ctx(catalog: Dataset, url: str = "calculators/flops/") -> PageContext:
    """A page context for a calculator page."""
    return PageContext(catalog, DataVersion("test", "2026-01-01", 0), url, True)


class _Forms(HTMLParser):
    """Collects form fields, outputs and the inline data of rendered HTML."""

    def __init__(self) -> None:
        """Start empty."""
        super().__init__()
        self.forms: list[str] = []
        self.fields: list[dict[str, str | None]] = []
        self.outputs: list[str] = []
        self.data: list[str] = []
        self._in_json = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        """Record calculator parts."""
        found = dict(attrs)
        if tag == "form":
            self.forms.append(str(found.get("data-calc")))
        if "data-kind" in found:
            self.fields.append(found)
        if tag == "output":
            self.outputs.append(str(found.get("data-out")))
        if tag == "script" and found.get("id") == f"{calculators_page.DATA_ELEMENT_ID}-json":
            self._in_json = True

    def handle_endtag(self, tag: str) -> None:
        """Leave a JSON script."""
        if tag == "script":
            self._in_json = False

    def handle_data(self, data: str) -> None:
        """Keep JSON text."""
        if self._in_json:
            self.data.append(data)


def _parse(html: str) -> _Forms:
    """Parse rendered calculator HTML."""
    parser = _Forms()
    parser.feed(html)
    return parser


@pytest.mark.parametrize("name", calculators_page.CALCULATORS)
def test_every_calculator_renders_a_bound_form(catalog: Dataset, name: str) -> None:
    """Each form has named, typed fields, outputs, no blank lines, and a compute in the JS."""
    html = str(calculators_page.macros(_ctx(catalog))["calculator"](name))
    parsed = _parse(html)
    assert parsed.forms == [name]
    assert parsed.fields and all(f.get("name") for f in parsed.fields)
    assert {f["data-kind"] for f in parsed.fields} <= {"int", "number", "shape", "choice", "bool"}
    assert len({f["name"] for f in parsed.fields}) == len(parsed.fields)
    assert parsed.outputs
    assert "\n\n" not in html
    assert re.search(rf'^\s+"?{re.escape(name)}"?: function', CALCULATORS_JS.read_text(), re.M)


def test_unknown_calculator_is_refused(catalog: Dataset) -> None:
    """A typo in a page is a build error, not an empty form."""
    with pytest.raises(ValueError, match="unknown calculator"):
        calculators_page.macros(_ctx(catalog))["calculator"]("flops")


def test_page_data_is_emitted_once_and_complete(catalog: Dataset) -> None:
    """The first form on a page carries the data; the JSON lists devices, presets and rules."""
    macros = calculators_page.macros(_ctx(catalog))
    first, second = str(macros["calculator"]("conv2d")), str(macros["calculator"]("linear"))
    assert 'id="xpuref-calc-data"' in first and "xpuref-calc-data" not in second
    data = json.loads("".join(_parse(first).data))
    assert [d["id"] for d in data["devices"]] == [d.id for d in catalog.sorted_devices()]
    assert list(data["presets"]) == list(real_presets())
    assert [r["id"] for r in data["rules"]] == [r["id"] for r in real_rules()]
    assert data["bit_lengths"] == calc.BIT_LENGTHS
    h100 = next(d for d in data["devices"] if d["id"] == "nvidia-h100-sxm5-80gb")
    assert h100["memory_gb"] == 80 and h100["calc"]["peak_dense"]["bf16_matrix"] == 989.5
    assert h100["memory_bytes"] == 80 * 2**30


def test_page_data_cannot_close_its_script(catalog: Dataset) -> None:
    """Angle brackets and ampersands in data are escaped inside the JSON script."""
    device = catalog.sorted_devices()[0].model_copy(update={"name": "</script><b>&"})
    shown = calculators_page.compact_device(device)
    assert shown["name"] == "</script><b>&"
    html = str(calculators_page.calculator_data(catalog))
    body = html.split('type="application/json"', 1)[1]
    assert body.count("</script>") == 1 and "<b>" not in body


def test_dtype_table_lists_every_format(catalog: Dataset) -> None:
    """The units page table has one row per format with its byte size."""
    html = str(calculators_page.macros(_ctx(catalog))["dtype_table"]())
    for dtype, size in calc.DTYPE_BYTES.items():
        assert f"<td><code>{dtype}</code></td><td>{size:g}</td>" in html


@pytest.mark.parametrize("suffix", [".md", ".zh.md"])
def test_pages_use_known_calculators(suffix: str) -> None:
    """Each edition places every calculator once, and its pages name only known calculators."""
    used = []
    for page in sorted(PAGES.glob("*.md")):
        if page.name.endswith(".zh.md") == (suffix == ".zh.md"):
            used += re.findall(r'calculator\("([^"]+)"\)', page.read_text(encoding="utf-8"))
    assert sorted(used) == sorted(calculators_page.CALCULATORS)
