"""Text for the other editions of data written in English: data/translations/<language>.yaml.

One entry per translated field, keyed ``<file>.<id>.<field>`` (``glossary.cpu.definition``),
holding the translation and ``source``, a short hash of the English it was written from. A
missing entry, or one whose English has changed since (a stale ``source``), is named with the
file and line where the fix belongs.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from xpuref.data.problems import Problem
from xpuref.data.yamlfile import display_name, read_collecting

__all__ = [
    "Translated",
    "Translations",
    "alias_text",
    "english_fields",
    "load_translations",
    "source_hash",
    "translation_problems",
]


@dataclass(frozen=True)
class Translated:
    """One translated field: its text, the hash of its English, and its line in the file."""

    text: str
    source: str
    line: int


@dataclass(frozen=True)
class Translations:
    """The translations of one language, by key, and the file they come from."""

    language: str
    file: str
    entries: dict[str, Translated]

    def text(self, key: str, english: str) -> str:
        """The translation of ``english`` under ``key``; the English where none is current."""
        found = self.entries.get(key)
        if found is None or found.source != source_hash(english):
            return english
        return found.text


def source_hash(english: str) -> str:
    """Eight hex digits naming an English text, blind to how its lines were wrapped."""
    return hashlib.sha256(" ".join(english.split()).encode("utf-8")).hexdigest()[:8]


def load_translations(root: Path, language: str, problems: list[Problem]) -> Translations:
    """Read data/translations/<language>.yaml (no file: no translations), adding its problems."""
    path = root / "translations" / f"{language}.yaml"
    name = display_name(path, root)
    entries: dict[str, Translated] = {}
    if not path.is_file():
        return Translations(language, name, entries)
    src = read_collecting(path, root, problems)
    if src is None:
        return Translations(language, name, entries)
    name = src.name
    if not isinstance(src.data, dict):
        problems.append(Problem(name, 1, "", "expected a mapping of key to translation"))
        return Translations(language, name, entries)
    for key, value in src.data.items():
        line = src.lines.line_of((key,))
        if (
            not isinstance(value, dict)
            or set(value) != {"source", "text"}
            or not all(isinstance(v, str) and v.strip() for v in value.values())
        ):
            problems.append(Problem(name, line, str(key), "expected 'source' and 'text' (text)"))
            continue
        entries[str(key)] = Translated(" ".join(value["text"].split()), value["source"], line)
    return Translations(language, name, entries)


def _item_fields(
    root: Path, file: str, items: str, field: str, prefix: str, problems: list[Problem]
) -> Iterator[tuple[str, str, str, int]]:
    """Each item's text ``field`` in the list ``items`` of one data file: key, text, file, line."""
    src = read_collecting(root / file, root, problems)
    if src is None or not isinstance(src.data, dict):
        return
    for index, item in enumerate(src.data.get(items) or []):
        if isinstance(item, dict) and isinstance(item.get(field), str):
            line = src.lines.line_of((items, index, field))
            yield f"{prefix}.{item['id']}.{field}", item[field], src.name, line


def alias_text(aliases: list[str]) -> str:
    """A glossary term's other names as one text, the English a translation is keyed on."""
    return "; ".join(aliases)


def _glossary_aliases(root: Path, problems: list[Problem]) -> Iterator[tuple[str, str, str, int]]:
    """Each glossary term's other names (those that have any): key, English, file, line."""
    src = read_collecting(root / "glossary.yaml", root, problems)
    if src is None or not isinstance(src.data, dict):
        return
    for index, item in enumerate(src.data.get("terms") or []):
        aliases = item.get("aliases") if isinstance(item, dict) else None
        if isinstance(aliases, list) and aliases and all(isinstance(a, str) for a in aliases):
            line = src.lines.line_of(("terms", index, "aliases"))
            yield f"glossary.{item['id']}.aliases", alias_text(aliases), src.name, line


def english_fields(root: Path, problems: list[Problem]) -> Iterator[tuple[str, str, str, int]]:
    """Each English data field an edition translates: key, English, file and line.

    Glossary definitions and other names, the ecosystem map's notes, and each reference
    table's title, caption, notes and column labels.
    """
    yield from _item_fields(root, "glossary.yaml", "terms", "definition", "glossary", problems)
    yield from _glossary_aliases(root, problems)
    yield from _item_fields(root, "ecosystem_map.yaml", "rows", "notes", "ecosystem", problems)
    for path in sorted((root / "tables").glob("*.yaml")):
        table = read_collecting(path, root, problems)
        if table is None or not isinstance(table.data, dict):
            continue
        data, key = table.data, f"tables.{table.data.get('id')}"
        for field in ("title", "caption", "notes"):
            if isinstance(data.get(field), str):
                yield f"{key}.{field}", data[field], table.name, table.lines.line_of((field,))
        for index, column in enumerate(data.get("columns") or []):
            if isinstance(column, dict) and isinstance(column.get("label"), str):
                line = table.lines.line_of(("columns", index, "label"))
                yield f"{key}.columns.{column['key']}", column["label"], table.name, line


def translation_problems(root: Path, language: str) -> list[Problem]:
    """Every missing, stale or unused translation of ``language``, each with its file and line."""
    problems: list[Problem] = []
    found = load_translations(root, language, problems)
    wanted = set()
    for key, english, file, line in english_fields(root, problems):
        wanted.add(key)
        entry = found.entries.get(key)
        if entry is None:
            problems.append(Problem(file, line, key, f"no {language} translation in {found.file}"))
        elif entry.source != source_hash(english):
            problems.append(
                Problem(
                    found.file,
                    entry.line,
                    key,
                    f"stale: the English changed (source {entry.source}, "
                    f"now {source_hash(english)}); translate it again",
                )
            )
    for key, entry in found.entries.items():
        if key not in wanted:
            problems.append(Problem(found.file, entry.line, key, "translates no English field"))
    return problems
