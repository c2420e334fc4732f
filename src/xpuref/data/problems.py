"""Problems found in data files, and the error that carries them."""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass

__all__ = ["DataError", "Problem", "cycle_from", "repeats"]


@dataclass(frozen=True, order=True)
class Problem:
    """One thing wrong with one field of one data file."""

    file: str
    line: int
    field: str
    message: str

    def __str__(self) -> str:
        """Format as ``FILE:LINE: field.path: message``."""
        return f"{self.file}:{self.line}: {self.field or '(file)'}: {self.message}"


class DataError(Exception):
    """Raised when data fails validation; carries every problem found."""

    def __init__(self, problems: Iterable[Problem]) -> None:
        """Keep the problems sorted by file and line."""
        self.problems: list[Problem] = sorted(set(problems))
        super().__init__(self.report())

    def report(self) -> str:
        """Return one line per problem."""
        return "\n".join(str(p) for p in self.problems)


def repeats(keys: Sequence[str]) -> Iterator[tuple[int, str, int]]:
    """Each ``(index, key, first index)`` where a key repeats one used earlier in the list."""
    first: dict[str, int] = {}
    for i, key in enumerate(keys):
        if key in first:
            yield i, key, first[key]
        else:
            first[key] = i


def cycle_from(start: str, successor: Mapping[str, str | None]) -> list[str] | None:
    """The chain from ``start`` back into itself (``a -> b -> a``) if following links loops."""
    seen = [start]
    step = successor.get(start)
    while step is not None and step not in seen:
        seen.append(step)
        step = successor.get(step)
    return None if step is None else [*seen, step]
