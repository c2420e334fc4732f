"""Words for people where the data keeps a slug: rule names, export classes, markets, statuses."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

__all__ = [
    "class_words",
    "market_words",
    "rule_name",
    "rule_name_in",
    "rule_names",
    "status_words",
]

_MONTHS = (
    "January", "February", "March", "April", "May", "June",
    "July", "August", "September", "October", "November", "December",
)  # fmt: skip

#: Slugs whose plain form is not the slug with its hyphens turned into spaces.
_SPECIAL = {"datacenter": "data center"}


def rule_name(rule: Any) -> str:
    """A rule as readers name it, from its publication date: "October 2023 rule"."""
    found = rule if isinstance(rule, Mapping) else {"id": rule.id, "published": rule.published}
    published = str(found.get("published") or "")
    year, _, rest = published.partition("-")
    month = rest[:2]
    if year.isdigit() and month.isdigit() and 1 <= int(month) <= 12:
        return f"{_MONTHS[int(month) - 1]} {year} rule"
    if year.isdigit():
        return f"{year} rule"
    return f"rule {found.get('id', '')}".strip()


def rule_name_in(rule: Any, t: Callable[..., str]) -> str:
    """A rule's name from a message catalogue (``words.rule_month``), for editions past English."""
    found = rule if isinstance(rule, Mapping) else {"id": rule.id, "published": rule.published}
    year, _, rest = str(found.get("published") or "").partition("-")
    month = rest[:2]
    if year.isdigit() and month.isdigit() and 1 <= int(month) <= 12:
        name = _MONTHS[int(month) - 1]
        return t("words.rule_month", year=year, month=int(month), month_name=name)
    return rule_name(rule)


def rule_names(rules: Any) -> dict[str, str]:
    """Each rule's id mapped to its name; two rules of one month are told apart by full date."""
    found = [
        (r if isinstance(r, Mapping) else {"id": r.id, "published": r.published}) for r in rules
    ]
    named = {str(r["id"]): rule_name(r) for r in found}
    counts: dict[str, int] = {}
    for name in named.values():
        counts[name] = counts.get(name, 0) + 1
    return {
        str(r["id"]): named[str(r["id"])]
        if counts[named[str(r["id"])]] == 1
        else f"rule of {r.get('published') or r['id']}"
        for r in found
    }


def class_words(value: str) -> str:
    """An export class as words: "not-controlled" reads "not controlled"; 3A090.a stays."""
    return value.replace("-", " ") if value.islower() else value


def market_words(value: str) -> str:
    """A market slug as words: "datacenter" reads "data center"."""
    return _SPECIAL.get(value, value.replace("-", " "))


def status_words(value: str) -> str:
    """A status slug as words: "in-force" reads "in force"."""
    return value.replace("-", " ")
