"""Data text in other languages, keyed by its English (device and system pages).

``data/translations/<language>/*.yaml`` each hold a list of ``{en: ..., zh: ...}`` pairs. The
English side is the key: a translation is shown only while its English matches the data word
for word, so an edited note or reason loses its translation (and the check names both the new
text and the unused old entry) instead of showing a stale one.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

from xpuref.data.problems import DataError, Problem
from xpuref.data.yamlfile import read_collecting

__all__ = ["TextCatalogue", "load_text_catalogue"]


@dataclass(frozen=True)
class TextCatalogue:
    """English data text mapped to one language's text, with where each entry is written."""

    language: str
    entries: dict[str, str] = field(default_factory=dict)
    #: Each English text's file and line in the catalogue.
    where: dict[str, tuple[str, int]] = field(default_factory=dict)


def _read(root: Path, language: str) -> tuple[TextCatalogue, list[Problem]]:
    """Read every catalogue file of one language, collecting located problems."""
    catalogue = TextCatalogue(language)
    problems: list[Problem] = []
    folder = root / "translations" / language
    for path in sorted(folder.glob("*.yaml")) if folder.is_dir() else []:
        src = read_collecting(path, root, problems)
        if src is None:
            continue
        if not isinstance(src.data, list):
            problems.append(Problem(src.name, 1, "", "expected a list of {en, " + language + "}"))
            continue
        for i, item in enumerate(src.data):
            line = src.lines.line_of((i,))
            if (
                not isinstance(item, dict)
                or set(item) != {"en", language}
                or not all(isinstance(v, str) and v.strip() for v in item.values())
            ):
                problems.append(
                    Problem(src.name, line, f"[{i}]", f"expected en and {language}, both text")
                )
                continue
            english, translated = item["en"], item[language]
            if english in catalogue.entries:
                first = catalogue.where[english]
                problems.append(
                    Problem(src.name, line, f"[{i}].en", f"repeats {first[0]}:{first[1]}")
                )
                continue
            catalogue.entries[english] = translated
            catalogue.where[english] = (src.name, line)
    return catalogue, problems


@cache
def load_text_catalogue(root: Path, language: str) -> TextCatalogue:
    """The data-text catalogue of ``language`` under the data folder ``root`` (read once)."""
    catalogue, problems = _read(root, language)
    if problems:
        raise DataError(problems)
    return catalogue
