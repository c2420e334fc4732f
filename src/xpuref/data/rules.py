"""Typed model of export_controls.yaml: the rules xpuref.calc.classify evaluates, as data."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import Field, model_validator

from xpuref import calc
from xpuref.data.base import LongText, Page, PartialDate, Slug, Strict, Text

__all__ = ["METRICS", "Condition", "ExportRule", "RuleClass", "RuleExclusion", "RulesFile"]

Metric = Literal["tpp", "performance_density", "io_bandwidth_gbs", "designed_for_datacenter"]
#: The metrics a rule condition may test (xpuref.calc computes each from a device).
METRICS: tuple[str, ...] = Metric.__args__  # type: ignore[attr-defined]
Threshold = Annotated[float, Field(ge=0, le=1e9)]


class Condition(Strict):
    """A test on one metric, or all_of / any_of a list of conditions."""

    metric: Metric | None = None
    min: Threshold | None = None
    below: Threshold | None = None
    equals: bool | None = None
    all_of: Annotated[list[Condition], Field(min_length=1, max_length=20)] | None = None
    any_of: Annotated[list[Condition], Field(min_length=1, max_length=20)] | None = None

    @model_validator(mode="after")
    def _one_form(self) -> Condition:
        """Exactly one of metric, all_of and any_of; a metric has a test."""
        forms = [x for x in (self.metric, self.all_of, self.any_of) if x is not None]
        if len(forms) != 1:
            raise ValueError("a condition has exactly one of metric, all_of or any_of")
        if self.metric is not None:
            tests = [x for x in (self.min, self.below, self.equals) if x is not None]
            if not tests:
                raise ValueError("a metric condition needs min, below or equals")
            if self.equals is not None and (self.min is not None or self.below is not None):
                raise ValueError("equals cannot be combined with min or below")
            if (self.metric == "designed_for_datacenter") != (self.equals is not None):
                raise ValueError(
                    "designed_for_datacenter is tested with equals, others with min/below"
                )
        elif self.min is not None or self.below is not None or self.equals is not None:
            raise ValueError("min, below and equals go with a metric")
        return self

    def plain(self) -> dict[str, Any]:
        """The condition as the plain mapping xpuref.calc reads."""
        return self.model_dump(exclude_none=True)

    def metrics(self) -> set[str]:
        """Every metric this condition tests, through its all_of / any_of children."""
        return {str(leaf["metric"]) for leaf in calc.condition_leaves(self.plain())}


class RuleClass(Strict):
    """One class a rule assigns, with its condition in words and as data."""

    class_: Annotated[str, Field(alias="class", pattern=r"^3A090(\.[a-z])?$")]
    summary: LongText
    condition: Condition


class RuleExclusion(Strict):
    """A condition under which the rule does not reach a device."""

    id: Text
    summary: LongText
    condition: Condition


class ExportRule(Strict):
    """One rule: its dates, classes in order of control, exclusions and definitions."""

    id: Slug
    title: Text
    citation: Text
    published: PartialDate
    effective: PartialDate
    status: Literal["in-force", "superseded", "rescinded", "amended"]
    superseded_by: Slug | None = None
    classes: Annotated[list[RuleClass], Field(min_length=1)]
    exclusions: list[RuleExclusion] = []
    definitions: dict[str, LongText] = {}
    notes: LongText | None = None
    sources: Annotated[list[Page], Field(min_length=1)]

    def plain(self) -> dict[str, Any]:
        """The rule as the plain mapping xpuref.calc.classify reads."""
        return self.model_dump(by_alias=True, exclude_none=True)

    def metrics(self) -> set[str]:
        """Every metric any of the rule's classes or exclusions tests."""
        conditions = [c.condition for c in self.classes] + [e.condition for e in self.exclusions]
        return set().union(*(condition.metrics() for condition in conditions))


class RulesFile(Strict):
    """The whole export_controls.yaml."""

    rules: Annotated[list[ExportRule], Field(min_length=1)]
