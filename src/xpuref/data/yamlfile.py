"""Read YAML files while remembering the line of every field."""

from __future__ import annotations

import contextlib
import marshal
import re
import stat
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from xpuref.data.problems import DataError, Problem

__all__ = [
    "FieldPath",
    "LineMap",
    "SourceFile",
    "display_name",
    "dotted",
    "forget_parsed",
    "parse_plain",
    "problem_at",
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
    elif isinstance(node, yaml.ScalarNode) and not node.style:  # plain: '' (libyaml) or None
        message = _number_form(node)
        if message:
            problems.append(Problem(name, node.start_mark.line + 1, dotted(path), message))
    return problems


#: The only number forms data may use: YAML 1.2 core-schema decimals (no octal, hex,
#: sexagesimal, digit separators, infinities or NaN, which YAML 1.1 silently converts).
_DECIMAL_INT = re.compile(r"[-+]?(?:0|[1-9][0-9]*)")
_DECIMAL_FLOAT = re.compile(r"[-+]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:[eE][-+]?[0-9]+)?")
_INT_TAG = "tag:yaml.org,2002:int"
_FLOAT_TAG = "tag:yaml.org,2002:float"
#: Plain words YAML 1.1 reads as true or false but YAML 1.2 (and a reader) takes as text.
_OLD_BOOLEANS = {"yes", "no", "on", "off", "y", "n"}
_BOOL_TAG = "tag:yaml.org,2002:bool"


def _number_form(node: yaml.ScalarNode) -> str:
    """Why a plain scalar does not mean what it looks like ('' when it does)."""
    text = str(node.value)
    if node.tag == _INT_TAG and not _DECIMAL_INT.fullmatch(text):
        return (
            f"{text!r} is not a plain decimal number (YAML 1.1 reads it as "
            "octal, hexadecimal, base 60 or with separators); write the decimal value"
        )
    if node.tag == _FLOAT_TAG and text.lstrip("+-").lower() in {".inf", ".nan"}:
        return f"{text!r}: must be a finite number, not NaN or infinity"
    if node.tag == _FLOAT_TAG and not _DECIMAL_FLOAT.fullmatch(text):
        return (
            f"{text!r} is not a plain decimal number (infinity, NaN, base 60 and digit "
            "separators are refused); write the decimal value"
        )
    if node.tag == _BOOL_TAG and text.lower() in _OLD_BOOLEANS:
        return f"{text!r} is read as a yes/no value by YAML 1.1; write true or false (or quote it)"
    if node.tag == _STR_TAG and _DECIMAL_FLOAT.fullmatch(text):
        node.tag = _FLOAT_TAG  # a YAML 1.2 decimal such as 7.0e2 that YAML 1.1 leaves as text
    return ""


_STR_TAG = "tag:yaml.org,2002:str"


#: Limits that keep a hostile file from taking time or memory (real data is far inside them).
MAX_FILE_BYTES = 512_000
MAX_DEPTH = 40
MAX_NUMBER_CHARS = 40
_NUMBER = re.compile(r"[-+]?[0-9][0-9_.eE+-]*")
_OPEN = (yaml.BlockMappingStartToken, yaml.BlockSequenceStartToken,
         yaml.FlowMappingStartToken, yaml.FlowSequenceStartToken)  # fmt: skip
_CLOSE = (yaml.BlockEndToken, yaml.FlowMappingEndToken, yaml.FlowSequenceEndToken)


def _read_text(path: Path, label: str) -> str:
    """Read a regular file of bounded size; refuse links, devices, FIFOs and folders."""
    try:
        if path.is_symlink():
            raise DataError([Problem(label, 1, "", "data files may not be symbolic links")])
        info = path.stat()
    except OSError as exc:
        raise DataError([Problem(label, 1, "", f"cannot read file: {exc.strerror}")]) from None
    if not stat.S_ISREG(info.st_mode):
        raise DataError([Problem(label, 1, "", "not a regular file")])
    if info.st_size > MAX_FILE_BYTES:
        raise DataError(
            [Problem(label, 1, "", f"file is {info.st_size:,} bytes; at most {MAX_FILE_BYTES:,}")]
        )
    try:
        with path.open("rb") as handle:
            raw = handle.read(MAX_FILE_BYTES + 1)
        return raw.decode("utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise DataError([Problem(label, 1, "", f"cannot read file: {exc}")]) from None


#: Text that can only be harmless: no anchor or alias marks, no nested flow brackets, no
#: deep indentation and no long digit runs. Such files skip the token-by-token screen.
_SUSPECT = re.compile(
    r"(?:^|[\s\[{,:-])[&*][^\s,\[\]{}]|\[\s*\[|\{\s*\{|^ {60,}|\d{40,}", re.MULTILINE
)


def _screen(text: str, label: str) -> list[Problem]:
    """Refuse anchors, aliases, deep nesting and huge numbers before anything is built."""
    if not _SUSPECT.search(text):
        return []
    problems: list[Problem] = []
    depth = 0
    for token in yaml.scan(text, Loader=_Loader):
        line = token.start_mark.line + 1
        if isinstance(token, (yaml.AnchorToken, yaml.AliasToken)):
            problems.append(
                Problem(label, line, "", "YAML anchors and aliases are not allowed in data files")
            )
            break
        if isinstance(token, _OPEN):
            depth += 1
            if depth > MAX_DEPTH:
                problems.append(Problem(label, line, "", f"nested deeper than {MAX_DEPTH} levels"))
                break
        elif isinstance(token, _CLOSE):
            depth -= 1
        elif (
            isinstance(token, yaml.ScalarToken)
            and token.plain
            and len(token.value) > MAX_NUMBER_CHARS
            and _NUMBER.fullmatch(token.value)
        ):
            problems.append(
                Problem(label, line, "", f"a number of {len(token.value)} characters is too long")
            )
    return problems


def _yaml_problem(exc: BaseException, text: str, label: str) -> Problem:
    """One located, one-line problem for any error the YAML reader raises."""
    if isinstance(exc, yaml.MarkedYAMLError):
        mark = exc.problem_mark or exc.context_mark
        line = mark.line + 1 if mark else 1
        reason = exc.problem or exc.context or "invalid YAML"
    elif isinstance(exc, yaml.reader.ReaderError):  # a control character the reader refuses
        line = text.count("\n", 0, max(exc.position, 0)) + 1
        code = exc.character if isinstance(exc.character, int) else ord(str(exc.character)[:1])
        reason = f"character U+{code:04X} is not allowed in data files"
    else:
        line, reason = 1, str(exc)
    return Problem(label, line, "", "invalid YAML: " + " ".join(str(reason).split()))


_READ_ERRORS = (yaml.YAMLError, ValueError, OverflowError, RecursionError)

#: Files this process has parsed without a problem, by name and text, as a marshalled copy of
#: the data and the line map (never changed once parsed): a data folder read again (a rebuild,
#: the tests' copies of the same files) skips the scan and the parse, and every caller still
#: gets objects of its own. Only a name's latest text is kept, so a long `mkdocs serve` session
#: does not keep every edit of a file.
_PARSED: dict[str, tuple[str, bytes, LineMap]] = {}


def parse_plain(text: str) -> Any:
    """Parse YAML text with the same safe loader, without line numbers or data-file checks."""
    return yaml.load(text, Loader=_Loader)


def forget_parsed() -> None:
    """Empty the cache of parsed files (for timing a cold read)."""
    _PARSED.clear()


def read_yaml(path: Path, name: str | None = None) -> SourceFile:
    """Parse one YAML file; raise DataError naming file and line on any problem."""
    label = name or str(path)
    text = _read_text(path, label)
    known = _PARSED.get(label)
    if known is not None and known[0] == text:
        return SourceFile(label, marshal.loads(known[1]), known[2])
    _PARSED.pop(label, None)
    parsed = _parse(text, label)
    # A value marshal cannot write (a date) leaves the file out: it is parsed again next time.
    with contextlib.suppress(ValueError):
        _PARSED[label] = (text, marshal.dumps(parsed.data), parsed.lines)
    return parsed


def _parse(text: str, label: str) -> SourceFile:
    """Screen and parse one file's text; raise DataError naming file and line on any problem."""
    try:
        screened = _screen(text, label)
    except _READ_ERRORS as exc:
        raise DataError([_yaml_problem(exc, text, label)]) from None
    if screened:
        raise DataError(screened)
    loader = _Loader(text)
    lines = LineMap()
    try:
        node = loader.get_single_node()
        problems = _walk(node, (), lines, label) if node is not None else []
        if problems:
            raise DataError(problems)
        data = loader.construct_document(node) if node is not None else None
    except _READ_ERRORS as exc:
        raise DataError([_yaml_problem(exc, text, label)]) from None
    finally:
        loader.dispose()
    if node is None or data is None:
        raise DataError([Problem(label, 1, "", "file is empty")])
    return SourceFile(label, data, lines)


def problem_at(src: SourceFile, where: FieldPath, message: str) -> Problem:
    """A problem at a field of a file, located by the file's line map."""
    return Problem(src.name, src.lines.line_of(where), dotted(where), message)


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
