"""Rules and cross-references: every name resolves, no cycles, no condition that never holds."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from tests.conftest import REAL_DATA
from tests.hardening import LOCATED, edit, refused, refused_by_cli

from xpuref.data.catalog import load_architectures
from xpuref.data.loader import load_model
from xpuref.data.problems import Problem
from xpuref.data.publishers import PublishersFile, Registry

#: Whole data folders through validation and the command line: the full tier, not check.sh.
pytestmark = pytest.mark.hardening

RULES = "export_controls.yaml"


@pytest.mark.parametrize(
    ("old", "new", "field", "says"),
    [
        ("  - id: us-2023-10\n", "  - id: us-2022-10\n", "rules[1].id", "duplicate rule id"),
        (
            "superseded_by: us-2023-10",
            "superseded_by: us-2099-01",
            "rules[0].superseded_by",
            "not a rule id",
        ),
        (
            "superseded_by: us-2023-10",
            "superseded_by: us-2022-10",
            "rules[0].superseded_by",
            "cycle",
        ),
        (
            "    status: in-force\n",
            "    status: superseded\n    superseded_by: us-2022-10\n",
            "rules[0].superseded_by",
            "cycle",
        ),
        ("superseded_by: us-2023-10\n", "\n", "rules[0].status", "names its successor"),
        ('published: "2022-10-13"', 'published: "2023-13-45"', "rules[0].published", "month"),
        ('published: "2022-10-13"', 'published: "2023-02-30"', "rules[0].published", "day"),
        ('effective: "2022-10-07"', 'effective: "2022-00"', "rules[0].effective", "month"),
        ('effective: "2022-10-07"', 'effective: "1066-10-14"', "rules[0].effective", "year"),
    ],
)
def test_rule_cross_references_are_checked(
    data_copy: Path, old: str, new: str, field: str, says: str
) -> None:
    """Duplicate ids, unknown or cyclic successors and impossible dates are refused."""
    edit(data_copy / RULES, old, new)
    refused(data_copy, says, field=field)


@pytest.mark.parametrize(
    ("old", "new", "says"),
    [
        ("{metric: tpp, min: 4800}", "{metric: tpp, min: 4800, below: 4800}", "at least 4800"),
        ("{metric: tpp, min: 4800}", "{metric: tpp, min: 5000, below: 10}", "at least 5000"),
        (
            "{metric: io_bandwidth_gbs, min: 600}",
            "{metric: tpp, below: 100}",
            "tpp would need to be at least 4800 and below 100",
        ),
        (
            "{metric: io_bandwidth_gbs, min: 600}",
            "{all_of: [{metric: io_bandwidth_gbs, min: 600}, "
            "{metric: io_bandwidth_gbs, below: 1}]}",
            "io_bandwidth_gbs",
        ),
        (
            "{metric: designed_for_datacenter, equals: false}",
            "{all_of: [{metric: designed_for_datacenter, equals: false}, "
            "{metric: designed_for_datacenter, equals: true}]}",
            "both true and false",
        ),
        (
            "{metric: designed_for_datacenter, equals: false}",
            "{any_of: [{metric: tpp, min: 9, below: 1}, {metric: tpp, min: 5, below: 5}]}",
            "no alternative",
        ),
    ],
)
def test_conditions_that_never_hold_are_refused(
    data_copy: Path, old: str, new: str, says: str
) -> None:
    """A class or exclusion that no device could meet is refused at its condition."""
    edit(data_copy / RULES, old, new)
    problems = refused(data_copy, "can never hold")
    assert any(says in p.message and p.field.endswith(".condition") for p in problems), problems


def test_unknown_successor_refused_by_the_command_line(data_copy: Path) -> None:
    """The command line refuses it located, exit 1, no traceback."""
    edit(data_copy / RULES, "superseded_by: us-2023-10", "superseded_by: us-2099-01")
    refused_by_cli(data_copy, "rules[0].superseded_by: 'us-2099-01' is not a rule id")


@pytest.mark.parametrize(
    ("old", "new", "says"),
    [
        (
            "aliases: [lockstep thread group, wave]",
            "aliases: [lockstep thread group, Wavefront]",
            "another term",
        ),
        ("aliases: [lockstep thread group, wave]", "aliases: [wavefront]", "another term"),
        ("aliases: [lockstep thread group, wave]", "aliases: [ＷＡＶＥＦＲＯＮＴ]", "another term"),
        ("aliases: [lockstep thread group, wave]", "aliases: [Warp]", "repeats the term"),
        (
            "aliases: [lockstep thread group, wave]",
            "aliases: [HBM (high bandwidth memory)]",
            "another term",
        ),
    ],
)
def test_glossary_alias_naming_another_term_is_refused(
    data_copy: Path, old: str, new: str, says: str
) -> None:
    """An alias that is another term's name or id (after folding) is refused at its line."""
    edit(data_copy / "glossary.yaml", old, new)
    problems = refused(data_copy, says)
    assert any(p.field.startswith("terms[") and ".aliases[" in p.field for p in problems)


def _architecture_problems(tmp_path: Path, old: str, new: str) -> list[Problem]:
    """Load a copy of the real architectures.yaml with one edit; return its problems."""
    root = tmp_path / "data"
    root.mkdir()
    shutil.copy(REAL_DATA / "architectures.yaml", root / "architectures.yaml")
    edit(root / "architectures.yaml", old, new)
    problems: list[Problem] = []
    loaded = load_model(PublishersFile, REAL_DATA / "publishers.yaml", REAL_DATA, problems)
    assert loaded is not None
    load_architectures(root, set(), Registry(tuple(loaded[0].publishers)), problems)
    return problems


CEILING = "  - rate: int4_matrix\n    at_most: 2\n    of: int8_matrix\n"


@pytest.mark.parametrize(
    ("extra", "says"),
    [
        (
            "  - rate: int8_matrix\n    at_most: 2\n    of: int4_matrix\n"
            "    source: torchao-ada-int4\n    reason: loop\n",
            "cycle: int4_matrix -> int8_matrix -> int4_matrix",
        ),
        (
            "  - rate: int4_matrix\n    at_most: 3\n    of: fp8_matrix\n"
            "    source: torchao-ada-int4\n    reason: twice\n",
            "already has a ceiling",
        ),
        (
            "  - rate: fp8_matrix\n    at_most: 2\n    of: int8_matrix\n"
            "    source: torchao-ada-int4\n    reason: a\n"
            "  - rate: int8_matrix\n    at_most: 2\n    of: fp8_matrix\n"
            "    source: torchao-ada-int4\n    reason: b\n",
            "cycle",
        ),
    ],
)
def test_rate_ceiling_cycles_are_refused(tmp_path: Path, extra: str, says: str) -> None:
    """Ceilings that bound a rate by itself through others, or twice, are refused."""
    problems = _architecture_problems(tmp_path, CEILING, extra + CEILING)
    assert problems and all(LOCATED.match(str(p)) for p in problems), problems
    assert any(says in p.message and ".rate_ceilings[" in p.field for p in problems), problems
