"""Public text speaks of sources and of what makers publish, never of how a search went."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

from tests.conftest import ROOT, load_yaml

#: Phrases that narrate a search instead of saying what a maker or source publishes.
NARRATION = re.compile(
    r"\bsession\s+\d|\bin (?:this|the last|a later) session|stored corpus|stored cop(?:y|ies)"
    r"|turned up|not reachable|readable here|read here|we searched|our search|sources read"
    r"|no readable|reached us|available to read|among the stored|stored pages?\b|stored text"
    r"|we could read|what we read|documents read|could be read\b(?! as)|re-checked"
    r"|in this pass\b|not opened in|was not read\b|not readable|read by us|could not read",
    re.IGNORECASE,
)


def _strings(node: Any, path: str = "") -> Iterator[tuple[str, str]]:
    """Every string in a parsed YAML document with its path (comments are not data)."""
    if isinstance(node, dict):
        for key, value in node.items():
            yield from _strings(value, f"{path}.{key}" if path else str(key))
    elif isinstance(node, list):
        for index, value in enumerate(node):
            yield from _strings(value, f"{path}[{index}]")
    elif isinstance(node, str):
        yield path, node


def test_data_text_does_not_narrate_a_search() -> None:
    """No note, gap reason, title or quote in data/ tells what was or was not read or found."""
    found = []
    for file in sorted((ROOT / "data").rglob("*.yaml")):
        for path, text in _strings(load_yaml(file.read_text(encoding="utf-8"))):
            match = NARRATION.search(text)
            if match:
                found.append(f"{file.relative_to(ROOT)}: {path}: '{match.group()}'")
    assert found == []


def test_content_pages_do_not_narrate_a_search() -> None:
    """No content page narrates a search either."""
    found = []
    for file in sorted((ROOT / "content").rglob("*.md")):
        for number, line in enumerate(file.read_text(encoding="utf-8").splitlines(), start=1):
            match = NARRATION.search(line)
            if match:
                found.append(f"{file.relative_to(ROOT)}:{number}: '{match.group()}'")
    assert found == []


def test_the_pattern_catches_the_phrases_it_names() -> None:
    """The check itself recognises narration and lets ordinary wording through."""
    assert NARRATION.search("no stored copy of it turned up in session 10")
    assert NARRATION.search("the product page was not reachable in our stored copies")
    assert NARRATION.search("figures from quotations, PDF not opened in this pass")
    assert NARRATION.search("Alibaba's own specification was not read, so none is sourced")
    assert NARRATION.search("not a Groq document read by us (the brief was not readable)")
    assert not NARRATION.search("Huawei publishes no power figure for the Ascend 950PR.")
    assert not NARRATION.search("TechPowerUp's wording could be read as 128 GB per board")
