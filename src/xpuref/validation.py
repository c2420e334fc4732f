"""Validate every data file in one pass: devices, architectures, vendors, tables, knowledge."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from xpuref.catalog import Catalog, load_catalog
from xpuref.knowledge_data import Knowledge, load_knowledge
from xpuref.problems import DataError, Problem
from xpuref.tables_data import load_tables
from xpuref.tables_schema import DataTable

__all__ = ["Validated", "validate_data"]


@dataclass(frozen=True)
class Validated:
    """Everything loaded from a valid data folder."""

    catalog: Catalog
    tables: dict[str, DataTable]
    knowledge: Knowledge


def validate_data(root: Path) -> Validated:
    """Load every data file; raise one DataError listing the problems of all of them."""
    problems: list[Problem] = []
    catalog: Catalog | None = None
    tables: dict[str, DataTable] = {}
    knowledge: Knowledge | None = None
    try:
        catalog = load_catalog(root)
    except DataError as exc:
        problems += exc.problems
    if root.is_dir():
        try:
            tables = load_tables(root)
        except DataError as exc:
            problems += exc.problems
        try:
            knowledge = load_knowledge(root)
        except DataError as exc:
            problems += exc.problems
    if problems or catalog is None or knowledge is None:
        raise DataError(problems)
    return Validated(catalog, tables, knowledge)
