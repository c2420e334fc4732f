"""Chinese text for English data (data/translations/zh.yaml): complete, current, located."""

from __future__ import annotations

import shutil
from pathlib import Path

import yaml

from xpuref.data.paths import data_dir
from xpuref.data.problems import Problem
from xpuref.data.translations import load_translations, source_hash, translation_problems


def _copy(tmp_path: Path) -> Path:
    """The translated data files and their translations, copied to a scratch data folder."""
    root = tmp_path / "data"
    (root / "translations").mkdir(parents=True)
    shutil.copy(data_dir() / "glossary.yaml", root / "glossary.yaml")
    shutil.copy(data_dir() / "translations" / "zh.yaml", root / "translations" / "zh.yaml")
    shutil.copytree(data_dir() / "tables", root / "tables")
    shutil.copy(data_dir() / "ecosystem_map.yaml", root / "ecosystem_map.yaml")
    return root


def test_every_glossary_definition_has_a_current_chinese_translation() -> None:
    """No glossary definition lacks its Chinese, and none was translated from older English."""
    assert [str(p) for p in translation_problems(data_dir(), "zh")] == []
    found = load_translations(data_dir(), "zh", [])
    terms = yaml.safe_load((data_dir() / "glossary.yaml").read_text(encoding="utf-8"))["terms"]
    glossary = [key for key in found.entries if key.endswith(".definition")]
    assert len(glossary) == len(terms)
    assert "张量核心" in found.entries["tables.numeric_formats.notes"].text
    assert "稀疏" in found.entries["glossary.structured-sparsity.definition"].text


def test_a_missing_translation_is_named_at_the_english_line(tmp_path: Path) -> None:
    """Dropping an entry names the glossary file, the definition's line and the key."""
    root = _copy(tmp_path)
    path = root / "translations" / "zh.yaml"
    text = path.read_text(encoding="utf-8")
    start = text.index("glossary.gpu.definition:")
    end = text.index("glossary.apu.definition:")
    path.write_text(text[:start] + text[end:], encoding="utf-8")
    english = (root / "glossary.yaml").read_text(encoding="utf-8").splitlines()
    line = next(n for n, row in enumerate(english, 1) if row.strip() == "- id: gpu") + 5
    assert english[line - 1].strip().startswith("definition:")
    missing = "no zh translation in data/translations/zh.yaml"
    assert translation_problems(root, "zh") == [
        Problem("data/glossary.yaml", line, "glossary.gpu.definition", missing)
    ]
    assert str(translation_problems(root, "zh")[0]).startswith(f"data/glossary.yaml:{line}: ")


def test_an_edited_english_definition_makes_its_translation_stale(tmp_path: Path) -> None:
    """Changing the English names the translation's own line as stale; the page shows English."""
    root = _copy(tmp_path)
    glossary = root / "glossary.yaml"
    text = glossary.read_text(encoding="utf-8")
    glossary.write_text(text.replace("The general-purpose processor", "The main processor", 1))
    problems = translation_problems(root, "zh")
    assert len(problems) == 1
    problem = problems[0]
    zh = (root / "translations" / "zh.yaml").read_text(encoding="utf-8").splitlines()
    assert problem.file == "data/translations/zh.yaml"
    assert problem.field == "glossary.cpu.definition"
    assert zh[problem.line - 1] == "glossary.cpu.definition:"
    assert "stale" in problem.message
    found = load_translations(root, "zh", [])
    new = yaml.safe_load(glossary.read_text(encoding="utf-8"))["terms"][0]["definition"]
    assert found.text("glossary.cpu.definition", new) == new
    assert source_hash("a  b\nc") == source_hash("a b c")
