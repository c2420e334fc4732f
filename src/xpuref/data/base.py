"""The shared base of every data model: strictness, field types, cited pages and their checks."""

from __future__ import annotations

import re
from datetime import date
from typing import Annotated, Any

from pydantic import AfterValidator, BaseModel, ConfigDict, Field

from xpuref.core.names import fold_name
from xpuref.data.urls import parse_url

__all__ = [
    "CitedDocument",
    "CitedPage",
    "LongText",
    "Page",
    "PartialDate",
    "PastDate",
    "Slug",
    "Strict",
    "Text",
    "WebAddress",
    "check_date",
    "check_unique_sources",
    "check_url",
    "clean_text",
    "fold_name",
    "today",
]

#: Invisible characters that make two names look alike (zero-width and soft hyphen).
_INVISIBLE = dict.fromkeys(map(ord, "\u200b\u200c\u200d\u2060\ufeff\u00ad"))
#: Bidirectional overrides and isolates: they reorder what a reader sees.
_BIDI = set("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u200e\u200f")


def today() -> date:
    """Today's date (a function so tests can see the rule it enforces)."""
    return date.today()


#: Control characters (Unicode category Cc) other than tab and newline.
_CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f]")
_BIDI_RE = re.compile("[" + "".join(sorted(_BIDI)) + "]")


def clean_text(value: str) -> str:
    """Refuse blank text, control characters and bidirectional overrides (public name)."""
    return _clean_text(value)


def _clean_text(value: str) -> str:
    """Refuse blank text, control characters and bidirectional overrides."""
    if not value.strip():
        raise ValueError("must not be blank")
    found = _BIDI_RE.search(value)
    if found:
        raise ValueError(f"contains the bidirectional control U+{ord(found.group()):04X}")
    found = _CONTROL.search(value)
    if found:
        raise ValueError(f"contains the control character U+{ord(found.group()):04X}")
    return value


def _one_line(value: str) -> str:
    """Refuse line breaks and tabs in short text such as names."""
    if "\n" in value or "\t" in value or "\r" in value:
        raise ValueError("must be on one line")
    return value


Slug = Annotated[str, Field(pattern=r"^[a-z0-9]+(?:-[a-z0-9]+)*$", max_length=80)]
Text = Annotated[
    str, Field(min_length=1, max_length=400), AfterValidator(_clean_text), AfterValidator(_one_line)
]
LongText = Annotated[str, Field(min_length=1, max_length=4000), AfterValidator(_clean_text)]


def check_date(value: str, *, not_after_today: bool = False) -> None:
    """Raise ValueError unless ``value`` is a real YYYY[-MM[-DD]] date (not in the future)."""
    parts = [int(p) for p in value.split("-")]
    year, month, day = [*parts, 1, 1][:3]
    if not 1990 <= year <= 2100:
        raise ValueError(f"year {year} is outside 1990-2100")
    try:
        when = date(year, month, day)
    except ValueError as exc:
        raise ValueError(f"{value} is not a calendar date ({exc})") from None
    if not_after_today and when > today():
        raise ValueError(f"{value} is in the future")


def _real_date(value: str) -> str:
    """Refuse a date that is not on the calendar (2023-13-45) or outside 1990-2100."""
    check_date(value)
    return value


#: A date written YYYY, YYYY-MM or YYYY-MM-DD, and on the calendar.
PartialDate = Annotated[
    str, Field(pattern=r"^\d{4}(-\d{2}(-\d{2})?)?$"), AfterValidator(_real_date)
]


def _past_date(value: str) -> str:
    """Refuse a date after today."""
    check_date(value, not_after_today=True)
    return value


#: A PartialDate that is not in the future (when a page was read, a statement was made).
PastDate = Annotated[PartialDate, AfterValidator(_past_date)]


def check_url(value: str) -> str:
    """Parse an address with the one URL parser and keep its normalised form."""
    return parse_url(value).url


#: An absolute http(s) address, parsed and stored in normal form by the one URL parser.
WebAddress = Annotated[str, Field(max_length=2000), AfterValidator(check_url)]


class Strict(BaseModel):
    """Base: unknown keys refused, no type coercion, no NaN or infinity, immutable."""

    model_config = ConfigDict(extra="forbid", strict=True, allow_inf_nan=False, frozen=True)


class CitedDocument(Strict):
    """The vendor document a page copies or footnotes: its title and, where known, its address."""

    title: Text
    url: WebAddress | None = None


class Page(Strict):
    """A page actually read: its address, title, the date it was read and what it cites."""

    url: WebAddress
    title: Text
    accessed: PastDate
    cites: CitedDocument | None = None


class CitedPage(Page):
    """A page read, with an id that figures and alternatives refer to."""

    id: Slug


def check_unique_sources(sources: list[Any]) -> None:
    """Raise ValueError naming every source id used twice in one entry (linear time)."""
    seen: set[str] = set()
    dupes: set[str] = set()
    for source in sources:
        (dupes if source.id in seen else seen).add(source.id)
    if dupes:
        raise ValueError(f"duplicate source id(s): {', '.join(sorted(dupes))}")
