"""Whole HTML blocks of a page kept out of Markdown's HTML parser, and put back after it.

Generated pages and macro output are mostly HTML blocks (spec tables, calculator forms, the
catalog), and Python-Markdown parses every one of them tag by tag only to copy it through
unchanged: the costliest step of a build. A block that stands alone between blank lines,
starts with a block-level tag and ends by closing that tag is copied through unchanged by
Markdown too, so it is swapped for a placeholder paragraph before conversion and put back
in the HTML after it.
"""

from __future__ import annotations

import re

__all__ = ["anchor_ids", "restore_blocks", "stash_blocks"]

#: A block-level start tag at the start of a block, and its name.
_START = re.compile(
    r"<(div|p|table|h[1-6]|ul|ol|dl|section|figure|details|nav|aside|form|blockquote)\b[^>]*>"
)
_FENCE = re.compile(r"\s*(```|~~~)")
_TOKEN = "xpurefhtmlblock{}z"
#: An element's id, or an <a>'s name: what MkDocs counts as an anchor a link may point to.
_ANCHOR = re.compile(r'<[a-zA-Z][^>]*?\sid="([^"]+)"|<a\b[^>]*?\sname="([^"]+)"')
_PLACED = re.compile(r"<p>xpurefhtmlblock(\d+)z</p>(\n?)")


def _whole(block: str) -> bool:
    """A block that Markdown copies through as it is: it opens and closes one block element,
    and asks for no Markdown inside."""
    start = _START.match(block)
    if start is None or "markdown" in start.group(0):
        return False
    return block.endswith(f"</{start.group(1)}>") and "\n\n" not in block


def stash_blocks(markdown: str) -> tuple[str, list[str]]:
    """The page's Markdown with each whole HTML block replaced by a placeholder, and the blocks."""
    stash: list[str] = []
    parts = []
    fenced = False  # inside a fenced code block, where HTML is text
    for chunk in markdown.split("\n\n"):
        body = chunk.strip("\n")
        if not fenced and _whole(body):
            parts.append(chunk.replace(body, _TOKEN.format(len(stash)), 1))
            stash.append(body)
        else:
            parts.append(chunk)
        fences = sum(1 for line in chunk.split("\n") if _FENCE.match(line))
        fenced ^= fences % 2 == 1
    return "\n\n".join(parts), stash


def restore_blocks(html: str, stash: list[str]) -> str:
    """Put the stashed blocks back where their placeholders came out of Markdown."""
    if not stash:
        return html
    # Markdown follows a raw block with a blank line, where a paragraph gets a line break.
    return _PLACED.sub(lambda m: stash[int(m.group(1))] + m.group(2) * 2, html)


def anchor_ids(blocks: list[str]) -> set[str]:
    """The anchors inside set-aside blocks, which MkDocs's own scan of the Markdown missed."""
    return {m.group(1) or m.group(2) for block in blocks for m in _ANCHOR.finditer(block)}
