"""Typed models of the reference tables in data/tables/: columns, rows, sources."""

from __future__ import annotations

import math
from typing import Annotated, Any, Literal

from pydantic import AfterValidator, Field, model_validator

from xpuref.data.base import CitedPage, LongText, Strict, Text, check_unique_sources

__all__ = ["Cell", "Column", "DataTable", "TableSource"]

TableId = Annotated[str, Field(pattern=r"^[a-z][a-z0-9_]*$", max_length=60)]
ColumnKey = Annotated[str, Field(pattern=r"^[a-z][a-z0-9_]*$", max_length=60)]


def _cell_value(value: Any) -> Any:
    """Accept text, a finite number or null; refuse booleans, NaN, infinity and containers."""
    if value is None or isinstance(value, str):
        return value
    if isinstance(value, bool):
        raise ValueError(f"expected text or a number, got {str(value).lower()}")
    if isinstance(value, int):
        return value
    if isinstance(value, float):
        if not math.isfinite(value):
            raise ValueError("must be a finite number, not NaN or infinity")
        return value
    raise ValueError(f"expected text or a number, got a {type(value).__name__}")


#: One table cell: text, a finite number, or null where the column allows it.
Cell = Annotated[Any, AfterValidator(_cell_value)]


class Column(Strict):
    """One column: its key in the rows, its header label, unit and kind of value."""

    key: ColumnKey
    label: Text
    unit: Text | None = None
    kind: Literal["text", "number"]
    nullable: bool = False
    min: float | None = None


class TableSource(CitedPage):
    """A page actually read, and which rows of the table it backs."""

    rows: list[Annotated[int, Field(ge=0)]] | Literal["all"] | None = None

    def covers(self, index: int) -> bool:
        """Whether this source backs row ``index`` (no list means every row)."""
        if self.rows is None or self.rows == "all":
            return True
        return index in self.rows


class DataTable(Strict):
    """A reference table shown on guide pages, with the sources behind its rows."""

    id: TableId
    title: Text
    caption: LongText | None = None
    columns: Annotated[list[Column], Field(min_length=1)]
    rows: Annotated[list[dict[str, Cell]], Field(min_length=1)]
    notes: LongText | None = None
    sources: Annotated[list[TableSource], Field(min_length=1)]

    @model_validator(mode="after")
    def _unique_source_ids(self) -> DataTable:
        """Source ids are unique within a table."""
        check_unique_sources(self.sources)
        return self

    def column(self, key: str) -> Column:
        """The column with ``key``."""
        for col in self.columns:
            if col.key == key:
                return col
        raise KeyError(key)

    def sources_for_row(self, index: int) -> list[int]:
        """1-based numbers of the sources that back row ``index``."""
        return [n for n, s in enumerate(self.sources, start=1) if s.covers(index)]
