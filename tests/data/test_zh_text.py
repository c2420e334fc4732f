"""Every data text a Chinese device or system page shows has a translation, and none is stale.

The check renders the Chinese pages and names each English text they show as FILE:LINE (see
xpuref.devtools.zh_text and data/README.md). Device pages still being translated are listed in
data/translations/zh/backlog.txt; the list may only shrink: a page on it that has become
complete fails until it is taken off, and a page not on it (a new device) must be complete.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from tests.conftest import real_dataset

from xpuref.data.dataset import Dataset
from xpuref.devtools.zh_text import missing_text, unused_text

BACKLOG = Path(__file__).parents[2] / "data" / "translations" / "zh" / "backlog.txt"


@pytest.fixture(scope="module")
def dataset() -> Dataset:
    """The real dataset."""
    return real_dataset()


def _backlog() -> set[str]:
    """The pages (devices/<id>.md) whose translation is still to be written."""
    lines = BACKLOG.read_text(encoding="utf-8").splitlines()
    return {line.strip() for line in lines if line.strip() and not line.startswith("#")}


def test_pages_outside_the_backlog_show_no_untranslated_text(dataset: Dataset) -> None:
    """A text without a translation fails the test, named with its file and line."""
    found = missing_text(dataset, frozenset(_backlog()))
    assert not found, "\n".join(found)


def test_the_backlog_only_names_pages_still_lacking_text(dataset: Dataset) -> None:
    """Each backlog page is a real device page that still shows some English data text."""
    from xpuref.render.datatext import data_text

    missing_text(dataset)
    pages = set().union(*data_text(dataset.root, "zh").shown_on.values())
    stale = sorted(page for page in _backlog() if page not in pages)
    assert not stale, f"complete now, take off {BACKLOG.name}: {stale}"


def test_no_translation_is_stale_or_unused(dataset: Dataset) -> None:
    """A catalogue entry whose English no longer matches any shown text is reported."""
    missing_text(dataset)
    unused = unused_text(dataset)
    assert not unused, "\n".join(unused)
