"""Typed model of export_published.yaml: published export-control statements about named parts."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from xpuref.data.base import LongText, Page, PastDate, Slug, Strict, Text

__all__ = ["LicenceEvent", "PublishedFile", "Statement"]

ExportClass = Literal["not-controlled", "3A090", "3A090.a", "3A090.b"]


class Statement(Strict):
    """One vendor's or regulator's statement: the classes it allows for some devices."""

    id: Slug
    publisher: Text
    date: PastDate
    summary: LongText
    rule: Slug
    classes: Annotated[list[ExportClass], Field(min_length=1)]
    devices: Annotated[list[Slug], Field(min_length=1, max_length=500)]
    source: Page


class LicenceEvent(Strict):
    """A dated licence requirement (or its change) that a government placed on named parts.

    These sit beside the 3A090 class and do not change it: a part outside 3A090 can still need
    a licence that a government imposed on it by name.
    """

    id: Slug
    date: PastDate
    summary: LongText
    devices: Annotated[list[Slug], Field(min_length=1, max_length=100)]
    source: Page


class PublishedFile(Strict):
    """The whole export_published.yaml."""

    statements: list[Statement]
    licences: list[LicenceEvent] = []
