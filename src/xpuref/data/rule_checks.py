"""Cross-references inside rules, architectures and the glossary: every name resolves, no cycles.

Export rules: ids are unique, ``superseded_by`` names another rule and the chain ends, and no
class or exclusion has a condition that can never hold. Architectures: rate ceilings form no
cycle and bound each rate once. Glossary: no alias is another term's name or id.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from xpuref.data.base import fold_name
from xpuref.data.devices import Architecture
from xpuref.data.knowledge_models import GlossaryEntry
from xpuref.data.problems import Problem, cycle_from, repeats
from xpuref.data.rules import Condition, ExportRule
from xpuref.data.yamlfile import FieldPath, SourceFile, problem_at

__all__ = ["check_aliases", "check_ceilings", "check_rules", "never_holds"]


def _interval(cond: Condition) -> tuple[float, float]:
    """The values a metric condition admits, as [low, high)."""
    low = cond.min if cond.min is not None else -math.inf
    high = cond.below if cond.below is not None else math.inf
    return low, high


def never_holds(cond: Condition) -> str:
    """Why a condition can hold for no device ('' when some device could meet it)."""
    if cond.metric is not None:
        low, high = _interval(cond)
        if low >= high:
            return f"{cond.metric} would need to be at least {low:g} and below {high:g}"
        return ""
    if cond.any_of is not None:
        reasons = [never_holds(child) for child in cond.any_of]
        return f"no alternative can hold ({reasons[0]})" if all(reasons) else ""
    children = cond.all_of or []
    for child in children:
        reason = never_holds(child)
        if reason:
            return reason
    bounds: dict[str, tuple[float, float]] = {}
    equals: dict[str, bool] = {}
    for child in children:
        if child.metric is None:
            continue
        if child.equals is not None:
            if equals.get(child.metric, child.equals) != child.equals:
                return f"{child.metric} would need to be both true and false"
            equals[child.metric] = child.equals
            continue
        low, high = _interval(child)
        old_low, old_high = bounds.get(child.metric, (-math.inf, math.inf))
        low, high = max(low, old_low), min(high, old_high)
        if low >= high:
            return f"{child.metric} would need to be at least {low:g} and below {high:g}"
        bounds[child.metric] = (low, high)
    return ""


def check_rules(rules: Sequence[ExportRule], src: SourceFile) -> list[Problem]:
    """Unique ids, resolvable and acyclic ``superseded_by``, and conditions that can hold."""
    problems: list[Problem] = []
    for i, key, first in repeats([rule.id for rule in rules]):
        message = f"duplicate rule id '{key}' (rules[{first}])"
        problems.append(problem_at(src, ("rules", i, "id"), message))
    ids = {rule.id for rule in rules}
    successor = {rule.id: rule.superseded_by for rule in rules if rule.superseded_by}
    for i, rule in enumerate(rules):
        where: FieldPath = ("rules", i, "superseded_by")
        if rule.superseded_by is None:
            if rule.status == "superseded":
                problems.append(
                    problem_at(src, ("rules", i, "status"), "a superseded rule names its successor")
                )
            continue
        if rule.superseded_by not in ids:
            problems.append(problem_at(src, where, f"'{rule.superseded_by}' is not a rule id"))
            continue
        chain = cycle_from(rule.id, successor)
        if chain is not None:
            message = f"superseded_by goes round in a cycle: {' -> '.join(chain)}"
            problems.append(problem_at(src, where, message))
    for i, rule in enumerate(rules):
        problems += _conditions(rule, i, src)
    return problems


def _conditions(rule: ExportRule, i: int, src: SourceFile) -> list[Problem]:
    """A class or exclusion whose condition can never hold is refused at its line."""
    problems: list[Problem] = []
    parts = [("classes", j, c.condition) for j, c in enumerate(rule.classes)]
    parts += [("exclusions", j, e.condition) for j, e in enumerate(rule.exclusions)]
    for key, j, cond in parts:
        reason = never_holds(cond)
        if reason:
            problems.append(
                problem_at(
                    src,
                    ("rules", i, key, j, "condition"),
                    f"this condition can never hold: {reason}",
                )
            )
    return problems


def check_ceilings(arch: Architecture, src: SourceFile, i: int) -> list[Problem]:
    """Rate ceilings bound each rate once and form no cycle (A by B, B by A)."""
    problems: list[Problem] = []
    bound_by: dict[str, str] = {}
    for k, ceiling in enumerate(arch.rate_ceilings):
        where: FieldPath = (i, "rate_ceilings", k, "rate")
        if ceiling.rate in bound_by:
            problems.append(problem_at(src, where, f"'{ceiling.rate}' already has a ceiling"))
            continue
        bound_by[ceiling.rate] = ceiling.of
        chain = cycle_from(ceiling.rate, bound_by)
        if chain is not None:
            message = f"rate ceilings go round in a cycle: {' -> '.join(chain)}"
            problems.append(problem_at(src, where, message))
    return problems


def check_aliases(items: Sequence[tuple[int, GlossaryEntry]], src: SourceFile) -> list[Problem]:
    """No alias is another term's name or id (a word two terms share as aliases may stay)."""
    problems: list[Problem] = []
    owner: dict[str, int] = {}
    for i, entry in items:
        for name in (entry.term, entry.id):
            owner.setdefault(fold_name(name), i)
    for i, entry in items:
        for j, alias in enumerate(entry.aliases):
            key = fold_name(alias)
            where: FieldPath = ("terms", i, "aliases", j)
            other = owner.get(key)
            if other == i and key == fold_name(entry.term):
                problems.append(problem_at(src, where, f"alias '{alias}' repeats the term itself"))
            elif other is not None and other != i:
                problems.append(
                    problem_at(
                        src, where, f"alias '{alias}' is the name of another term (terms[{other}])"
                    )
                )
    return problems
