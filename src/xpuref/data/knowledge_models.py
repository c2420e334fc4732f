"""Typed models of the knowledge files: glossary terms, ecosystem rows and export-rule notes."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, field_validator, model_validator

from xpuref.data import base
from xpuref.data.paths import content_pages

__all__ = [
    "ALLOWED_PAGES",
    "CATEGORIES",
    "LAYERS",
    "Control",
    "EcosystemRow",
    "ExportNote",
    "GlossaryEntry",
    "KnowledgeSource",
]


#: Site pages a glossary entry may point to with `see`: every hand-written page (content/).
ALLOWED_PAGES: frozenset[str] = content_pages()

#: Glossary categories, in the order the glossary page shows them, with their headings.
CATEGORIES: dict[str, str] = {
    "processors": "Processors: the xPU family",
    "compute-units": "Compute units inside a chip",
    "memory": "Memory",
    "interconnect": "Interconnect and networking",
    "performance": "Performance metrics",
    "number-formats": "Number formats and precision",
    "packaging": "Form factors, power and partitioning",
    "software": "Software stacks and programming",
    "parallelism": "Training and inference at scale",
    "regulation": "Export-control vocabulary",
}

#: Ecosystem-map layers, in page order, with their headings.
LAYERS: dict[str, str] = {
    "accelerator": "Accelerator and compute units",
    "interconnect": "Interconnect",
    "management": "Device management",
    "programming": "Programming model",
    "libraries": "Libraries",
    "frameworks": "Frameworks",
    "profiling": "Profiling",
    "environment": "Environment variables",
}

Category = Literal[
    "processors",
    "compute-units",
    "memory",
    "interconnect",
    "performance",
    "number-formats",
    "packaging",
    "software",
    "parallelism",
    "regulation",
]
Layer = Literal[
    "accelerator",
    "interconnect",
    "management",
    "programming",
    "libraries",
    "frameworks",
    "profiling",
    "environment",
]


def _real_date(value: str) -> str:
    """Raise ValueError unless value is a real YYYY[-MM[-DD]] date."""
    base.check_date(value)
    return value


class KnowledgeSource(base.CitedPage):
    """A page actually read that backs an entry."""


Sources = Annotated[list[KnowledgeSource], Field(min_length=1)]


class GlossaryEntry(base.Strict):
    """One glossary term, with its Chinese name, definition, links and sources."""

    id: base.Slug
    term: base.Text
    zh: base.Text
    #: The term's English alone, as another edition shows it once beside the Chinese (without
    #: the notes a heading in English carries); the term itself when not given.
    english: base.Text | None = None
    #: The English is a product, format or feature name: kept as written in every language.
    english_is_name: bool = False
    aliases: list[base.Text] = []
    category: Category
    definition: base.LongText
    related: list[base.Slug] = []
    see: list[base.Text] = []
    sources: Sources

    @field_validator("see")
    @classmethod
    def _known_pages(cls, value: list[str]) -> list[str]:
        """Every page named is a page of the site."""
        for page in value:
            if page not in ALLOWED_PAGES:
                raise ValueError(f"'{page}' is not a known site page")
        return value

    @model_validator(mode="after")
    def _sources_unique(self) -> GlossaryEntry:
        """Source ids are unique within the entry."""
        base.check_unique_sources(self.sources)
        return self


class EcosystemRow(base.Strict):
    """One NVIDIA concept or tool and its Huawei Ascend (and optionally ROCm) counterpart."""

    id: base.Slug
    layer: Layer
    nvidia: base.Text
    ascend: base.Text
    rocm: base.Text | None = None
    notes: base.LongText
    sources: Sources

    @model_validator(mode="after")
    def _sources_unique(self) -> EcosystemRow:
        """Source ids are unique within the row."""
        base.check_unique_sources(self.sources)
        return self


class Control(base.Strict):
    """A control a rule adds or changes, stated in words (classify() may not evaluate it)."""

    eccn: base.Text
    summary: base.LongText
    threshold: base.Text | None = None


class ExportNote(base.Strict):
    """A later export-control change described for readers; not used by classify()."""

    id: base.Slug
    title: base.Text
    citation: base.Text
    published: base.PartialDate
    effective: base.PartialDate
    status: Literal["in-force", "rescinded", "superseded", "amended"]
    amends: list[base.Slug] = []
    controls: list[Control] = []
    definitions: dict[str, base.LongText] = {}
    notes: base.LongText
    sources: Sources

    @field_validator("published", "effective")
    @classmethod
    def _dates(cls, value: str) -> str:
        """Require real calendar dates."""
        return _real_date(value)

    @model_validator(mode="after")
    def _sources_unique(self) -> ExportNote:
        """Source ids are unique within the note."""
        base.check_unique_sources(self.sources)
        return self
