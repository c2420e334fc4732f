"""The words every page's own scripts write (the wide-table cue), in the page's edition.

They travel as JSON in a <template> inside the article, which the theme's instant navigation
replaces with each page, so a page reached from the other edition reads its own words.
"""

from __future__ import annotations

from xpuref.render.messages import messages, script_words

__all__ = ["PAGE_WORDS_ID", "add_page_words"]

#: The element id the page scripts read the words from (xpurefPage.say).
PAGE_WORDS_ID = "xpuref-layout-text"


def add_page_words(output: str, language: str) -> str:
    """The page with the edition's layout words before its article's end (or the body's)."""
    words = str(script_words(messages(language), "layout.", PAGE_WORDS_ID))
    for closing in ("</article>", "</body>"):
        at = output.find(closing)
        if at != -1:
            return output[:at] + words + output[at:]
    return output
