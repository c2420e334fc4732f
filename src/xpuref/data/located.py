"""Turn pydantic validation errors into problems with file, line and field path."""

from __future__ import annotations

from typing import Any, TypeVar

from pydantic import BaseModel, ValidationError
from pydantic_core import ErrorDetails

from xpuref.data.problems import Problem
from xpuref.data.yamlfile import FieldPath, SourceFile, dotted

__all__ = ["parse_model"]

M = TypeVar("M", bound=BaseModel)


def _data_path(data: Any, loc: tuple[int | str, ...], prefix: FieldPath) -> FieldPath:
    """Keep the parts of a pydantic location that name real places in the data."""
    path: list[str | int] = list(prefix)
    current = data
    for index, part in enumerate(loc):
        if isinstance(current, dict):
            if part not in current and index + 1 < len(loc) and loc[index + 1] in current:
                continue  # a union's tag (e.g. the preset kind) names no place in the file
            path.append(part)
            if part not in current:
                break
            current = current[part]
        elif isinstance(current, list) and isinstance(part, int) and part < len(current):
            path.append(part)
            current = current[part]
        else:
            break
    return tuple(path)


def _message(error: ErrorDetails) -> str:
    """Say what is wrong in plain words."""
    kind = error["type"]
    given = error.get("input")
    if kind == "extra_forbidden":
        return "unknown key"
    if kind == "missing":
        return "required field is missing"
    if kind == "finite_number":
        return "must be a finite number, not NaN or infinity"
    if kind in {"float_type", "int_type"} and isinstance(given, str):
        return f"expected a number, got text {given!r}"
    if kind in {"float_type", "int_type"} and isinstance(given, bool):
        return f"expected a number, got {str(given).lower()}"
    text = str(error["msg"])
    if kind in {"greater_than", "greater_than_equal", "less_than_equal", "less_than"}:
        return f"{text} (got {given!r})"
    if kind.startswith("value_error"):
        return text.removeprefix("Value error, ")
    if kind == "string_pattern_mismatch":
        return f"{given!r} does not match the expected form {error.get('ctx', {}).get('pattern')}"
    return text


def parse_model(
    model: type[M], data: Any, source: SourceFile, prefix: FieldPath = ()
) -> tuple[M | None, list[Problem]]:
    """Validate ``data`` as ``model``; return the model or the problems, located in the file."""
    try:
        return model.model_validate(data), []
    except ValidationError as exc:
        problems = []
        for error in exc.errors():
            path = _data_path(data, error["loc"], ())
            full = (*prefix, *path)
            problems.append(
                Problem(
                    source.name,
                    source.lines.line_of(full),
                    dotted(full),
                    _message(error),
                )
            )
        return None, problems
