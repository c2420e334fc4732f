"""Read YAML files while remembering the line of every field."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from xpuref.problems import DataError, Problem

__all__ = [
    "FieldPath",
    "LineMap",
    "SourceFile",
    "display_name",
    "dotted",
    "read_collecting",
    "read_yaml",
]

FieldPath = tuple[str | int, ...]

# libyaml's parser when PyYAML was built with it (about ten times faster), else pure Python.
_Loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def dotted(path: FieldPath) -> str:
    """Render a field path as ``a.b[0].c``."""
    out = ""
    for part in path:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            out += f".{part}" if out else str(part)
    return out


@dataclass
class LineMap:
    """Line numbers (1-based) of the fields of one YAML document."""

    lines: dict[FieldPath, int] = field(default_factory=dict)

    def line_of(self, path: FieldPath) -> int:
        """Return the line of the deepest known prefix of ``path`` (1 if none)."""
        for end in range(len(path), -1, -1):
            found = self.lines.get(tuple(path[:end]))
            if found is not None:
                return found
        return 1


@dataclass
class SourceFile:
    """A parsed YAML file with its display name and line map."""

    name: str
    data: Any
    lines: LineMap


def _walk(node: yaml.Node, path: FieldPath, lines: LineMap, name: str) -> list[Problem]:
    """Record lines below ``node`` and report duplicate keys."""
    problems: list[Problem] = []
    lines.lines.setdefault(path, node.start_mark.line + 1)
    if isinstance(node, yaml.MappingNode):
        seen: set[str] = set()
        for key_node, value_node in node.value:
            key = str(key_node.value)
            child = (*path, key)
            if key in seen:
                problems.append(
                    Problem(name, key_node.start_mark.line + 1, dotted(child), "duplicate key")
                )
            seen.add(key)
            lines.lines[child] = key_node.start_mark.line + 1
            problems += _walk(value_node, child, lines, name)
    elif isinstance(node, yaml.SequenceNode):
        for index, item in enumerate(node.value):
            problems += _walk(item, (*path, index), lines, name)
    return problems


def read_yaml(path: Path, name: str | None = None) -> SourceFile:
    """Parse one YAML file; raise DataError naming file and line on any syntax problem."""
    label = name or str(path)
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise DataError([Problem(label, 1, "", f"cannot read file: {exc}")]) from None
    loader = _Loader(text)
    try:
        node = loader.get_single_node()
        data = loader.construct_document(node) if node is not None else None
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line = mark.line + 1 if mark else 1
        reason = exc.problem or exc.context or "invalid YAML"
        raise DataError([Problem(label, line, "", f"invalid YAML: {reason}")]) from None
    except yaml.YAMLError as exc:
        raise DataError([Problem(label, 1, "", f"invalid YAML: {exc}")]) from None
    finally:
        loader.dispose()
    if node is None or data is None:
        raise DataError([Problem(label, 1, "", "file is empty")])
    lines = LineMap()
    problems = _walk(node, (), lines, label)
    if problems:
        raise DataError(problems)
    return SourceFile(label, data, lines)


def display_name(path: Path, root: Path) -> str:
    """Name a data file relative to the data folder's parent (``data/...``) when possible."""
    try:
        return str(path.relative_to(root.parent))
    except ValueError:
        return str(path)


def read_collecting(path: Path, root: Path, problems: list[Problem]) -> SourceFile | None:
    """Read one YAML file of a data folder, adding its problems instead of raising."""
    try:
        return read_yaml(path, display_name(path, root))
    except DataError as exc:
        problems.extend(exc.problems)
        return None
