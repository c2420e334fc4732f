"""Tests for xpuref.data.knowledge: valid knowledge loads; broken files give located problems."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from tests.conftest import strict_knowledge as load_knowledge

from xpuref.data.problems import DataError

FIXTURE = Path(__file__).resolve().parents[2] / "fixtures" / "knowledge" / "valid"


@pytest.fixture
def kdata(tmp_path: Path) -> Path:
    """A writable copy of the valid knowledge fixture, inside a data folder."""
    target = tmp_path / "data"
    shutil.copytree(FIXTURE, target)
    return target


def _edit(root: Path, name: str, old: str, new: str) -> None:
    """Replace text in one fixture file, insisting the old text is there."""
    file = root / name
    text = file.read_text(encoding="utf-8")
    assert old in text, old
    file.write_text(text.replace(old, new, 1), encoding="utf-8")


def _line_of(root: Path, name: str, needle: str) -> int:
    """The 1-based line on which needle first appears."""
    for number, line in enumerate((root / name).read_text(encoding="utf-8").splitlines(), 1):
        if needle in line:
            return number
    raise AssertionError(needle)


def _problems(root: Path) -> list[str]:
    """Load the knowledge and return the problem lines it raises."""
    with pytest.raises(DataError) as caught:
        load_knowledge(root)
    return [str(p) for p in caught.value.problems]


def test_valid_fixture_loads(kdata: Path) -> None:
    """The fixture loads with terms in file order and its rows and notes intact."""
    knowledge = load_knowledge(kdata)
    assert list(knowledge.glossary) == ["hbm", "gpu"]
    assert knowledge.glossary["hbm"].zh == "高带宽内存"
    assert knowledge.ecosystem[0].ascend == "npu-smi"
    assert knowledge.export_notes[0].controls[0].eccn == "3A090.c"


def test_dangling_related_id(kdata: Path) -> None:
    """A related id that names no term is reported at its own line."""
    _edit(kdata, "glossary.yaml", "related: [gpu]", "related: [gpu, tpu]")
    line = _line_of(kdata, "glossary.yaml", "related: [gpu, tpu]")
    assert _problems(kdata) == [
        f"data/glossary.yaml:{line}: terms[0].related[1]: unknown glossary id 'tpu'"
    ]


def test_duplicate_id(kdata: Path) -> None:
    """Two terms with one id are reported at the second one."""
    _edit(kdata, "glossary.yaml", "  - id: gpu\n", "  - id: hbm\n")
    _edit(kdata, "glossary.yaml", "related: [gpu]", "related: []")
    _edit(kdata, "glossary.yaml", "related: [hbm]", "related: []")
    lines = [
        n
        for n, text in enumerate((kdata / "glossary.yaml").read_text().splitlines(), 1)
        if "- id: hbm" in text
    ]
    assert _problems(kdata) == [
        f"data/glossary.yaml:{lines[1]}: terms[1].id: duplicate id 'hbm' (first used by terms[0])"
    ]


def test_unknown_key(kdata: Path) -> None:
    """A key the schema does not know is refused where it stands."""
    _edit(
        kdata, "ecosystem_map.yaml", "    notes: Status tools.\n", "    notes: x\n    color: red\n"
    )
    line = _line_of(kdata, "ecosystem_map.yaml", "color: red")
    assert _problems(kdata) == [f"data/ecosystem_map.yaml:{line}: rows[0].color: unknown key"]


def test_missing_zh(kdata: Path) -> None:
    """A term without its Chinese name is refused, pointing at the term."""
    _edit(kdata, "glossary.yaml", "    zh: 图形处理器\n", "")
    line = _line_of(kdata, "glossary.yaml", "- id: gpu")
    assert _problems(kdata) == [
        f"data/glossary.yaml:{line}: terms[1].zh: required field is missing"
    ]


def test_bad_url(kdata: Path) -> None:
    """A source address that is not http(s) is refused at the url line."""
    _edit(kdata, "glossary.yaml", 'url: "https://example.org/gpu"', 'url: "ftp://example.org/gpu"')
    line = _line_of(kdata, "glossary.yaml", "ftp://example.org/gpu")
    assert _problems(kdata) == [
        f"data/glossary.yaml:{line}: terms[1].sources[0].url: "
        "must be an absolute http:// or https:// address"
    ]


def test_unknown_see_page(kdata: Path) -> None:
    """A see link to a page the site does not have is refused."""
    _edit(kdata, "glossary.yaml", "see: [glossary.md]", "see: [nowhere.md]")
    line = _line_of(kdata, "glossary.yaml", "see: [nowhere.md]")
    assert _problems(kdata) == [
        f"data/glossary.yaml:{line}: terms[0].see: 'nowhere.md' is not a known site page"
    ]


def test_unknown_amended_rule(kdata: Path) -> None:
    """A note amending a rule that exists nowhere is reported when the rule file is present."""
    (kdata / "export_controls.yaml").write_text(
        "rules:\n  - id: us-2023-10\n    classes: []\n", encoding="utf-8"
    )
    _edit(
        kdata,
        "export_notes.yaml",
        "    status: in-force\n",
        "    status: in-force\n    amends: [us-1999]\n",
    )
    line = _line_of(kdata, "export_notes.yaml", "amends: [us-1999]")
    assert _problems(kdata) == [
        f"data/export_notes.yaml:{line}: notes[0].amends[0]: unknown rule id 'us-1999'"
    ]


def test_missing_file_and_bad_top_level(kdata: Path) -> None:
    """A missing file and a file without its list are both reported, not raised one by one."""
    (kdata / "ecosystem_map.yaml").unlink()
    (kdata / "export_notes.yaml").write_text("notes: {}\n", encoding="utf-8")
    found = _problems(kdata)
    assert any(p.startswith("data/ecosystem_map.yaml:1:") and "cannot read" in p for p in found)
    assert "data/export_notes.yaml:1: notes: expected a mapping with a 'notes' list" in found
