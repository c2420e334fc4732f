"""Tests for xpuref.render.knowledge: macros render anchors and links and escape everything."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from tests.conftest import REAL_DATA, VALID, real_dataset, real_rules
from tests.conftest import strict_knowledge as load_knowledge

from xpuref.data.dataset import Dataset
from xpuref.data.knowledge import Knowledge
from xpuref.data.version import data_version
from xpuref.render.knowledge import (
    condition_text,
    disagreements_html,
    ecosystem_html,
    export_classes_html,
    export_rules_html,
    glossary_html,
    macros,
)
from xpuref.render.pagecontext import PageContext

FIXTURE = Path(__file__).resolve().parents[2] / "fixtures" / "knowledge" / "valid"
HOSTILE = "<script>alert(1)</script>"


@pytest.fixture(scope="module")
def catalog(dataset: Dataset) -> Dataset:
    """The valid device fixture with the real reference files."""
    return dataset


def _ctx(catalog: Dataset, url: str = "glossary/") -> PageContext:
    """A page context for a page at url with directory URLs."""
    return PageContext(catalog, data_version(VALID), url, True)


def _hostile_knowledge(tmp_path: Path) -> Knowledge:
    """The fixture knowledge with a script tag in definitions, notes and titles."""
    target = tmp_path / "data"
    target.mkdir()
    for item in FIXTURE.iterdir():
        text = item.read_text(encoding="utf-8")
        text = text.replace("Stacked DRAM beside the processor.", f'"{HOSTILE}"')
        text = text.replace("Status tools.", f'"{HOSTILE}"')
        text = text.replace("Example notes.", f'"{HOSTILE}"')
        (target / item.name).write_text(text, encoding="utf-8")
    return load_knowledge(target)


def test_glossary_anchors_and_links(catalog: Dataset) -> None:
    """Each term is anchored by its id, related terms link to anchors, pages link relatively."""
    html = str(glossary_html(load_knowledge(FIXTURE), _ctx(catalog)))
    assert '<h3 id="hbm">HBM (high bandwidth memory) <span class="xpuref-zh" lang="zh">' in html
    assert '<h3 id="gpu">' in html
    assert '<a href="#gpu">GPU</a>' in html
    assert '<a href="./">Glossary</a>' in html
    assert "高带宽内存" in html
    assert 'href="https://example.org/hbm"' in html


def test_glossary_escapes_hostile_definition(catalog: Dataset, tmp_path: Path) -> None:
    """A script tag in a definition is shown as text, never as markup."""
    html = str(glossary_html(_hostile_knowledge(tmp_path), _ctx(catalog)))
    assert HOSTILE not in html
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in html


def test_ecosystem_anchors_and_escaping(tmp_path: Path) -> None:
    """Rows are anchored eco-<id>, grouped by layer, and their notes escaped."""
    html = str(ecosystem_html(_hostile_knowledge(tmp_path)))
    assert '<tr id="eco-smi">' in html
    assert '<h2 id="layer-management">' in html
    assert HOSTILE not in html


def test_export_rules_anchor_every_rule_and_note(tmp_path: Path) -> None:
    """Classifying rules and described notes both get rule-<id> anchors and thresholds."""
    rules = real_rules()
    html = str(export_rules_html(rules, _hostile_knowledge(tmp_path).export_notes))
    for rule in rules:
        assert f'id="rule-{rule["id"]}"' in html
    assert 'id="rule-note-a"' in html
    assert "TPP ≥ 4,800 and I/O bandwidth (GB/s) ≥ 600" in html
    assert HOSTILE not in html


def test_condition_text_nests_groups() -> None:
    """Nested all_of inside any_of is parenthesised; bounds read as inequalities."""
    node = {
        "any_of": [
            {"metric": "tpp", "min": 4800},
            {
                "all_of": [
                    {"metric": "tpp", "min": 1600},
                    {"metric": "performance_density", "min": 5.92},
                ]
            },
        ]
    }
    assert condition_text(node) == "TPP ≥ 4,800 or (TPP ≥ 1,600 and performance density ≥ 5.92)"
    assert condition_text({"metric": "designed_for_datacenter", "equals": False}) == (
        "designed or marketed for datacenters is false"
    )


def test_export_classes_link_devices(catalog: Dataset) -> None:
    """Every device gets a row linking its page and a class per rule."""
    html = str(export_classes_html(catalog, _ctx(catalog, "export-controls/")))
    assert '<a href="../devices/nvidia-h100-sxm5-80gb/">' in html
    assert re.search(r'<td data-class="3A090\.a" title="[^"]*">3A090\.a<br>', html)
    assert "TPP ≥ 15,831 (FP8 matrix)" in html  # the fixture declares no precisions: a bound


def test_disagreements_table_lists_real_alternatives() -> None:
    """The real catalog's alternatives appear with canonical and other values."""
    real = real_dataset()
    count = sum(len(d.alternatives) for d in real.devices.values())
    html = str(disagreements_html(real, PageContext(real, data_version(REAL_DATA), "x/", True)))
    assert html.count("<tr><td><a href=") == count
    if count == 0:
        assert "No device records an alternative value yet." in html


def test_macros_are_offered(catalog: Dataset) -> None:
    """The module offers every documented macro name."""
    names = set(macros(_ctx(catalog)))
    assert {
        "glossary",
        "ecosystem_map",
        "export_rules",
        "export_classes_table",
        "disagreements_table",
    } <= names
