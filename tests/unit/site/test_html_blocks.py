"""HTML blocks set aside from Markdown come back exactly as Markdown would have copied them."""

from __future__ import annotations

import markdown
import pytest

from xpuref.site.html_blocks import anchor_ids, restore_blocks, stash_blocks

_EXTENSIONS = ["admonition", "attr_list", "md_in_html", "tables", "toc"]


def _direct(text: str) -> str:
    """Markdown's own HTML for the page."""
    return markdown.markdown(text, extensions=_EXTENSIONS)


def _through_stash(text: str) -> str:
    """The page's HTML with whole blocks set aside before Markdown and put back after."""
    stashed, blocks = stash_blocks(text)
    return restore_blocks(markdown.markdown(stashed, extensions=_EXTENSIONS), blocks)


PAGES = {
    "spec table between headings": (
        "## Specifications\n\n<table class='s'><tr><td>a &amp; b</td><td>*not em*</td></tr>"
        "</table>\n\n## Notes\n\n<p class='n'>Two\nlines</p>\n<p>and a second paragraph</p>\n"
    ),
    "Markdown asked for inside a block": (
        '<div class="grid" markdown>\n\n- one\n- two\n\n</div>\n\nafter *this*\n'
    ),
    "a block left open across a blank line": "<div class='x'>\n\n- item\n\n</div>\n",
    "HTML shown as code in a fence": (
        "```html\n<p>first</p>\n\n<div>inside the fence</div>\n```\n\n<div>after</div>\n"
    ),
    "inline HTML opening a paragraph": '<span class="x">*emphasis*</span> and text\n',
    "indented block in a list": "- item\n\n    <div>indented</div>\n\n<p>top</p>\n",
    "admonition": '!!! note "Title"\n    Body\n\n<div class="after">x</div>\n',
}


@pytest.mark.parametrize("name", sorted(PAGES))
def test_output_is_what_markdown_makes(name: str) -> None:
    """Set aside or not, every page comes out of Markdown the same."""
    assert _through_stash(PAGES[name]) == _direct(PAGES[name])


def test_whole_blocks_are_set_aside_and_others_are_not() -> None:
    """The spec table and paragraphs are set aside; open, fenced and asked-for blocks are not."""
    _, blocks = stash_blocks(PAGES["spec table between headings"])
    assert len(blocks) == 2 and blocks[0].startswith("<table")
    for name in ("Markdown asked for inside a block", "a block left open across a blank line"):
        assert stash_blocks(PAGES[name])[1] == []
    assert stash_blocks(PAGES["HTML shown as code in a fence"])[1] == ["<div>after</div>"]


def test_anchors_inside_set_aside_blocks_are_counted() -> None:
    """Ids (and <a name>) in the blocks are the anchors MkDocs would have found in them."""
    _, blocks = stash_blocks(
        '<table id="table-dtype_bytes"><tr><td><a name="x1">a</a></td></tr></table>\n\n'
        "<p class='n'>no id</p>\n"
    )
    assert anchor_ids(blocks) == {"table-dtype_bytes", "x1"}
