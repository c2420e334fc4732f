"""Load the knowledge files (glossary, ecosystem map, export-rule notes) with located problems."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

from pydantic import BaseModel

from xpuref.data.knowledge_models import EcosystemRow, ExportNote, GlossaryEntry
from xpuref.data.loader import read_checked
from xpuref.data.located import parse_model
from xpuref.data.problems import Problem, repeats
from xpuref.data.publishers import Registry
from xpuref.data.rule_checks import check_aliases
from xpuref.data.yamlfile import SourceFile, read_collecting

__all__ = ["Knowledge", "load_knowledge"]

M = TypeVar("M", bound=BaseModel)


@dataclass
class Knowledge:
    """Validated glossary terms (by id, file order), ecosystem rows and export-rule notes."""

    glossary: dict[str, GlossaryEntry] = field(default_factory=dict)
    ecosystem: list[EcosystemRow] = field(default_factory=list)
    export_notes: list[ExportNote] = field(default_factory=list)


def _read_list(
    path: Path, root: Path, key: str, registry: Registry | None, problems: list[Problem]
) -> SourceFile | None:
    """Read a YAML file whose top level is a mapping holding one list under ``key``."""
    src = read_checked(path, root, problems, registry)
    if src is None:
        return None
    data = src.data
    if not isinstance(data.get(key), list):
        problems.append(Problem(src.name, 1, key, f"expected a mapping with a '{key}' list"))
        return None
    extra = sorted(str(k) for k in data if k != key)
    for name in extra:
        problems.append(Problem(src.name, src.lines.line_of((name,)), name, "unknown key"))
    return src


def _parse_items(
    model: type[M], src: SourceFile, key: str, problems: list[Problem]
) -> list[tuple[int, M]]:
    """Validate every item of the list under ``key``; keep the valid ones with their index."""
    out: list[tuple[int, M]] = []
    for i, body in enumerate(src.data[key]):
        item, found = parse_model(model, body, src, (key, i))
        problems.extend(found)
        if item is not None:
            out.append((i, item))
    return out


def _unique_ids(
    items: list[tuple[int, Any]], src: SourceFile, key: str, problems: list[Problem]
) -> None:
    """Report every id used twice in one file."""
    indices = [i for i, _ in items]
    for k, item_id, first in repeats([item.id for _, item in items]):
        i = indices[k]
        message = f"duplicate id '{item_id}' (first used by {key}[{indices[first]}])"
        line = src.lines.line_of((key, i, "id"))
        problems.append(Problem(src.name, line, f"{key}[{i}].id", message))


#: Ids the glossary page already uses for its own headings.
_HEADING_IDS = frozenset({"glossary"})


def _check_heading_ids(
    items: list[tuple[int, GlossaryEntry]], src: SourceFile, problems: list[Problem]
) -> None:
    """A term id may not repeat an id the glossary page gives its headings."""
    for i, entry in items:
        if entry.id in _HEADING_IDS or entry.id.startswith("category-"):
            problems.append(
                Problem(
                    src.name,
                    src.lines.line_of(("terms", i, "id")),
                    f"terms[{i}].id",
                    f"'{entry.id}' is an id the glossary page uses for a heading",
                )
            )


def _check_related(
    items: list[tuple[int, GlossaryEntry]], src: SourceFile, problems: list[Problem]
) -> None:
    """Every related id names another glossary term (invalid terms still count as named)."""
    ids = {str(raw["id"]) for raw in src.data["terms"] if isinstance(raw, dict) and "id" in raw}
    for i, entry in items:
        for j, other in enumerate(entry.related):
            where = ("terms", i, "related", j)
            if other not in ids:
                problems.append(
                    Problem(
                        src.name,
                        src.lines.line_of(where),
                        f"terms[{i}].related[{j}]",
                        f"unknown glossary id '{other}'",
                    )
                )
            elif other == entry.id:
                problems.append(
                    Problem(
                        src.name,
                        src.lines.line_of(where),
                        f"terms[{i}].related[{j}]",
                        "a term cannot be related to itself",
                    )
                )


def _rule_ids(root: Path) -> set[str] | None:
    """Ids of the rules in export_controls.yaml, or None when the file is unreadable."""
    ignored: list[Problem] = []
    src = read_collecting(root / "export_controls.yaml", root, ignored)
    rules = src.data.get("rules") if src is not None and isinstance(src.data, dict) else None
    if not isinstance(rules, list):
        return None
    return {str(r["id"]) for r in rules if isinstance(r, dict) and "id" in r}


def _check_amends(
    items: list[tuple[int, ExportNote]], src: SourceFile, root: Path, problems: list[Problem]
) -> None:
    """Every rule a note amends exists in export_controls.yaml or among the notes."""
    known = _rule_ids(root)
    if known is None:
        return
    known |= {note.id for _, note in items}
    for i, note in items:
        for j, rule in enumerate(note.amends):
            if rule not in known:
                problems.append(
                    Problem(
                        src.name,
                        src.lines.line_of(("notes", i, "amends", j)),
                        f"notes[{i}].amends[{j}]",
                        f"unknown rule id '{rule}'",
                    )
                )


def load_knowledge(root: Path, registry: Registry | None, problems: list[Problem]) -> Knowledge:
    """Load glossary.yaml, ecosystem_map.yaml and export_notes.yaml, adding located problems."""
    knowledge = Knowledge()
    src = _read_list(root / "glossary.yaml", root, "terms", registry, problems)
    if src is not None:
        terms = _parse_items(GlossaryEntry, src, "terms", problems)
        _unique_ids(terms, src, "terms", problems)
        _check_related(terms, src, problems)
        _check_heading_ids(terms, src, problems)
        problems += check_aliases(terms, src)
        for _, entry in terms:
            knowledge.glossary.setdefault(entry.id, entry)
    src = _read_list(root / "ecosystem_map.yaml", root, "rows", registry, problems)
    if src is not None:
        rows = _parse_items(EcosystemRow, src, "rows", problems)
        _unique_ids(rows, src, "rows", problems)
        knowledge.ecosystem = [row for _, row in rows]
    src = _read_list(root / "export_notes.yaml", root, "notes", registry, problems)
    if src is not None:
        notes = _parse_items(ExportNote, src, "notes", problems)
        _unique_ids(notes, src, "notes", problems)
        _check_amends(notes, src, root, problems)
        knowledge.export_notes = [note for _, note in notes]
    return knowledge
