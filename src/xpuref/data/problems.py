"""Problems found in data files, and the error that carries them."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

__all__ = ["DataError", "Problem"]


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
