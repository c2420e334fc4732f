"""No page of the built site, in either edition, shows a raw slug or a parameter name in its
visible text.

The slugs come from the data (device, system and architecture ids, export rule ids, vendor
slugs, export classes, markets and rule statuses written with hyphens), the field catalogue
(field paths such as ``peak_dense.bf16_matrix`` and keys such as ``die_area_mm2``) and the
calculators' URL parameters (``mfu.preset``, ``tokens_per_s``). Text a reader sees is every
text node outside scripts, styles and hidden elements; code spans and blocks (``<code>``,
``<pre>``) are left out on purpose, since they show what a reader types or a file holds
(CLI commands, JSON keys on the downloads page), and so are attributes and links' addresses.
"""

from __future__ import annotations

import functools
import re
from html.parser import HTMLParser
from pathlib import Path

import pytest
from tests.conftest import BuiltSite, real_dataset

from xpuref.calc import EXPORT_CLASSES
from xpuref.data.fields import RATES, SPEC_FIELDS
from xpuref.views.words import market_words

pytestmark = pytest.mark.site

#: Elements whose text a reader does not see as prose.
_SKIPPED = {"script", "style", "template", "noscript", "svg", "head", "pre", "code", "kbd", "samp"}
_VOID = {"br", "img", "input", "meta", "link", "hr", "wbr", "source", "col", "area", "base"}


def data_slugs() -> set[str]:
    """Every identifier from the data and the field catalogue that must not be shown as words."""
    ds = real_dataset()
    slugs = set(ds.devices) | set(ds.systems) | set(ds.architectures) | set(ds.vendors)
    slugs |= {former for device in ds.devices.values() for former in device.former_ids}
    slugs |= {rule.id for rule in ds.rules} | {r.status for r in ds.rules if "-" in r.status}
    slugs |= {c for c in EXPORT_CLASSES if "-" in c}
    slugs |= {f.path for f in SPEC_FIELDS if "." in f.path or "_" in f.path}
    slugs |= {key for key in RATES if "_" in key} | {f"peak_dense.{key}" for key in RATES}
    return slugs


def value_slugs() -> set[str]:
    """Slugs that are also words in prose ("datacenter use"), wrong only as a shown value."""
    devices = real_dataset().devices.values()
    markets = {d.market for d in devices if market_words(d.market) != d.market}
    return markets | {d.kind for d in devices}


def parameter_names(site: Path) -> set[str]:
    """Each calculator's URL parameters as the address writes them (``mfu.preset``) and each
    field name with an underscore (``tokens_per_s``)."""
    names: set[str] = set()
    for page in (site / "calculators").rglob("*.html"):
        html = page.read_text(encoding="utf-8")
        for form in re.finditer(r'data-calc="([a-z0-9-]+)"(.*?)</form>', html, re.S):
            for name in re.findall(r'\bname="([a-z0-9_]+)"', form.group(2)):
                names.add(f"{form.group(1)}.{name}")
                if "_" in name:
                    names.add(name)
    return names


class _VisibleText(HTMLParser):
    """Collects the text nodes a reader sees (outside skipped and hidden elements)."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.stack: list[tuple[str, bool]] = []
        self.chunks: list[str] = []
        #: For each chunk, whether it sits in quotation marks (a quoted word, not a value).
        self.quoted: list[bool] = []
        self.quote_depth: list[int] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        """Open an element; remember whether it hides its text."""
        if tag in _VOID:
            return
        found = dict(attrs)
        classes = (found.get("class") or "").split()
        hidden = "hidden" in found or "xpuref-search-words" in classes
        self.stack.append((tag, hidden or tag in _SKIPPED))
        if "xpuref-quoted" in classes:
            self.quote_depth.append(len(self.stack))

    def handle_endtag(self, tag: str) -> None:
        """Close the innermost open element of this name (and any left open inside it)."""
        for index in range(len(self.stack) - 1, -1, -1):
            if self.stack[index][0] == tag:
                del self.stack[index:]
                while self.quote_depth and self.quote_depth[-1] > len(self.stack):
                    self.quote_depth.pop()
                return

    def handle_data(self, data: str) -> None:
        """Keep text outside skipped and hidden elements."""
        if not any(skip for _, skip in self.stack):
            self.chunks.append(data)
            self.quoted.append(bool(self.quote_depth))


def visible_text(html: str) -> str:
    """The page's visible text, text nodes joined by spaces."""
    parser = _VisibleText()
    parser.feed(html)
    return " ".join(parser.chunks)


#: A run of characters that can belong to one identifier, a path, an address or a file name.
_RUN = re.compile(r"[\w.\-/#@]+")
_WORD = re.compile(r"\w")


class SlugFinder:
    """Whole-identifier matches: not inside a longer name, a path, an address or a file name.

    A slug counts where it starts a run of identifier characters and the run ends with it, or
    goes on with "#" or with a "." that no word character follows (a sentence's full stop).
    Each run is cut only there and the longest listed prefix wins, so a page costs one pass of
    a small pattern and set lookups (one alternation of every slug took most of this test's
    time).
    """

    def __init__(self, slugs: set[str]) -> None:
        self.slugs = frozenset(slugs)

    def finditer(self, text: str) -> list[tuple[int, int, str]]:
        """Each match as (start, end, slug), in page order."""
        found: list[tuple[int, int, str]] = []
        for run in _RUN.finditer(text):
            word = run.group()
            ends = [len(word)]
            for index, char in enumerate(word):
                if char == "#" or (char == "." and not _WORD.match(word, index + 1)):
                    ends.append(index)
            for end in sorted(set(ends), reverse=True):
                if word[:end] in self.slugs:
                    found.append((run.start(), run.start() + end, word[:end]))
                    break
        return found

    def findall(self, text: str) -> list[str]:
        """The slugs found, in page order."""
        return [slug for _, _, slug in self.finditer(text)]


@functools.cache
def _finder(site: str) -> SlugFinder:
    """The finder of every slug and parameter name, built once per site."""
    return SlugFinder(data_slugs() | parameter_names(Path(site)))


def test_the_pattern_finds_slugs_and_spares_words() -> None:
    """The matcher catches a slug in prose and leaves names, addresses and commands alone."""
    pattern = SlugFinder({"nvidia", "not-controlled", "peak_dense.bf16_matrix", "mfu.preset"})
    assert pattern.findall("class: not-controlled, by nvidia") == ["not-controlled", "nvidia"]
    assert pattern.findall("set peak_dense.bf16_matrix or mfu.preset.") == [
        "peak_dense.bf16_matrix",
        "mfu.preset",
    ]
    assert pattern.findall("NVIDIA, run nvidia-smi, see docs.nvidia.com or /nvidia/") == []
    # A full stop or a "#" may end a slug; a file suffix, a path or a longer name may not.
    assert pattern.findall("ends in nvidia. Then nvidia#x, nvidia.yaml, nvidia_x") == [
        "nvidia",
        "nvidia",
    ]
    assert pattern.findall("mfu.preset.x mfu.preset.") == ["mfu.preset"]
    text = visible_text(
        '<p>A <code>nvidia</code> <span hidden>nvidia</span> <a href="/nvidia">NVIDIA</a></p>'
        "<script>nvidia</script><p>nvidia</p>"
    )
    assert pattern.findall(text) == ["nvidia"]
    quoted = _VisibleText()
    quoted.feed('<td>npu</td><td>设备类型为“<span class="xpuref-quoted"><b>npu</b></span>”</td>')
    assert list(zip(quoted.chunks, quoted.quoted, strict=True)) == [
        ("npu", False),
        ("设备类型为“", False),
        ("npu", True),
        ("”", False),
    ]


def test_the_slug_list_is_drawn_from_the_data(built_site: BuiltSite) -> None:
    """The list holds ids of every kind and the calculators' parameters, so the test can fail."""
    slugs = data_slugs() | parameter_names(built_site.root)
    for expected in ("nvidia-h100-sxm5-80gb", "us-2023-10", "not-controlled", "mfu.tokens_per_s"):
        assert expected in slugs
    assert {"datacenter", "gpu"} <= value_slugs()
    assert "peak_dense.bf16_matrix" in slugs and "mfu.preset" in slugs
    assert len(slugs) > 300


def test_no_page_shows_a_slug(built_site: BuiltSite) -> None:
    """Every HTML page's visible text is free of slugs and parameter names, and no text node
    (a table cell, a value after a label) is a market or kind slug on its own."""
    finder = _finder(str(built_site.root))
    values = value_slugs()
    found: dict[str, list[str]] = {}
    pages = sorted(built_site.root.rglob("*.html"))
    # Both editions: the Chinese pages (zh/) are read like the English ones.
    assert sum(p.relative_to(built_site.root).parts[0] == "zh" for p in pages) > 100
    for page in pages:
        parser = _VisibleText()
        parser.feed(page.read_text(encoding="utf-8"))
        for chunk, quoted in zip(parser.chunks, parser.quoted, strict=True):
            if quoted:
                continue  # a word in quotation marks is quoted as printed (device type "npu")
            shown = chunk.strip().removeprefix("Market:").removeprefix("市场：").strip()
            if shown in values:
                found.setdefault(shown, []).append(
                    f"{page.relative_to(built_site.root)}: {chunk!r}"
                )
        text = " ".join(parser.chunks)
        for start, end, slug in finder.finditer(text):
            context = " ".join(text[max(0, start - 40) : end + 30].split())
            found.setdefault(slug, []).append(f"{page.relative_to(built_site.root)}: …{context}…")
    report = [f"{slug} ({len(where)}×), e.g. {where[0]}" for slug, where in sorted(found.items())]
    assert not report, "\n".join(report)
