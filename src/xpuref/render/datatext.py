"""Data text in the page's language: notes, reasons and conditions through the text catalogue.

English pages show the data as it is (the same object, so they stay byte for byte as before).
A Chinese page shows the catalogue's translation; a text the catalogue lacks stays English and
is remembered, so the check (``xpuref.devtools.zh_text``) can name it with its file and line.
Latin words left in a translation are names (H100 SXM5, BF16, NVLink): each short run of them
is marked ``translate="no"``; a run longer than ``NAME_WORDS`` words is never marked.
"""

from __future__ import annotations

import html
import re
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from markupsafe import Markup, escape

from xpuref.data.text_catalogue import load_text_catalogue
from xpuref.render.messages import Messages

__all__ = ["NAME_WORDS", "DataText", "data_text", "mark_html", "mark_names", "page_text"]

#: The most words one name may have (RTX PRO 6000 Blackwell Workstation Edition: 6).
NAME_WORDS = 8
_TOKEN = r"[A-Za-z0-9][A-Za-z0-9.+/_\-×'’&]*"
_RUN = re.compile(rf"{_TOKEN}(?: {_TOKEN})*")
_LETTER = re.compile(r"[A-Za-z]")
_HAN = re.compile(r"[\u3400-\u9fff]")
#: Separators of the parts of a composed text (conditions, open inputs): translated part by part.
_PARTS = "; "


def _name(text: str) -> Markup:
    """A name kept as written."""
    return Markup('<span translate="no">{}</span>').format(text)


def _words(text: str) -> int:
    """How many words of a text hold a Latin letter (figures are not words)."""
    return sum(1 for word in text.split() if _LETTER.search(word))


_QUOTED = re.compile(r"“([^“”\u4e00-\u9fff]+)”")


def mark_names(text: str) -> Markup:
    """Translated text, escaped: Latin runs of at most NAME_WORDS words marked as names.

    A maker's words quoted in their own language inside “…” keep their language and are
    marked as a quotation, as quotes are everywhere on the page.
    """
    pieces = _QUOTED.split(text)
    if len(pieces) > 1:
        return Markup("").join(
            Markup('“<span class="xpuref-quoted" lang="en">{}</span>”').format(piece)
            if i % 2
            else _mark_runs(piece)
            for i, piece in enumerate(pieces)
        )
    return _mark_runs(text)


def _mark_runs(text: str) -> Markup:
    """Escaped text with each run of at most NAME_WORDS Latin words marked a name."""
    out: list[str] = []
    last = 0
    for found in _RUN.finditer(text):
        run = found.group(0)
        out.append(str(escape(text[last : found.start()])))
        if _LETTER.search(run) and _words(run) <= NAME_WORDS:
            out.append(str(_name(run)))
        else:
            out.append(str(escape(run)))
        last = found.end()
    out.append(str(escape(text[last:])))
    return Markup("".join(out))


_TAG = re.compile(r"(<[^>]*>)")


def mark_html(markup: object) -> Markup:
    """A translated message holding markup, with the Latin names of its text marked."""
    parts = _TAG.split(str(markup if isinstance(markup, Markup) else escape(markup)))
    return Markup("").join(
        Markup(part) if i % 2 else mark_names(html.unescape(part)) for i, part in enumerate(parts)
    )


@dataclass
class DataText:
    """Data text of one language; remembers what it was asked and could not translate."""

    root: Path
    language: str
    #: English texts (or parts) shown untranslated, each with the first page that showed it.
    missing: dict[str, str] = field(default_factory=dict)
    #: Every page that showed each untranslated text.
    shown_on: dict[str, set[str]] = field(default_factory=dict)
    #: English texts whose translation was shown.
    used: set[str] = field(default_factory=set)
    page: str = ""

    def _plain(self, text: str) -> str | None:
        """The translation of one text as plain text: an entry, or a pattern entry filled in."""
        entries = load_text_catalogue(self.root, self.language).entries
        found = entries.get(text)
        if found is not None:
            self.used.add(text)
            return found
        for english, pattern in _patterns(self.root, self.language):
            match = pattern.fullmatch(text)
            if match is None:
                continue
            values: dict[str, str] = {}
            for key, value in match.groupdict().items():
                filled = self._value(key, value)
                if filled is None:
                    break
                values[key] = filled
            else:
                self.used.add(english)
                return entries[english].format(**values)
        return None

    def _value(self, key: str, value: str) -> str | None:
        """A pattern's value: a name as written, a text translated, a list item by item."""
        if key.startswith("t_"):
            return self._plain(value) if _LETTER.search(value) else value
        if key.startswith("l_"):
            items = _LIST.split(value)
            done = [self._plain(i) if _LETTER.search(i) else i for i in items]
            return None if None in done else "、".join(d for d in done if d is not None)
        return value if _words(value) <= NAME_WORDS else None

    def _one(self, text: str) -> Markup | None:
        """The translation of one whole text, or None."""
        found = self._plain(text)
        return None if found is None else mark_names(found)

    def __call__(self, text: object) -> object:
        """``text`` in this language: its translation, else part by part, else as written."""
        if self.language == "en" or not isinstance(text, str) or not _LETTER.search(text):
            return text
        whole = self._one(text)
        if whole is not None:
            return whole
        parts = text.split(_PARTS)
        found = [self._one(p) if len(parts) > 1 and _LETTER.search(p) else None for p in parts]
        if not any(found):
            self._miss(text)
            return text
        for part, done in zip(parts, found, strict=True):
            if done is None and _LETTER.search(part):
                self._miss(part)
        return Markup("；").join(p if f is None else f for p, f in zip(parts, found, strict=True))

    def _miss(self, text: str) -> None:
        """Remember a text shown untranslated on this page."""
        self.missing.setdefault(text, self.page)
        self.shown_on.setdefault(text, set()).add(self.page)

    def name(self, text: object) -> object:
        """A bare product or model name: marked ``translate="no"`` on non-English pages."""
        if self.language == "en" or not isinstance(text, str) or not text:
            return text
        if _words(text) > NAME_WORDS or _HAN.search(text):
            return mark_names(text)
        return _name(text)

    def label(self, text: object) -> object:
        """A label that is a name or a phrase (a codename, a process): its translation, else a name.

        Unlike ``__call__`` a label the catalogue lacks is not reported: most are names.
        """
        if self.language == "en" or not isinstance(text, str) or not _LETTER.search(text):
            return text
        found = self._one(text)
        return found if found is not None else self.name(text)

    def for_page(self, page: str) -> DataText:
        """This catalogue, naming ``page`` as where a missing text is shown."""
        self.page = page
        return self


_LIST = re.compile(r", and |, | and ")
_FIELD = re.compile(r"\{([a-z_]+)\}")


@cache
def _patterns(root: Path, language: str) -> tuple[tuple[str, re.Pattern[str]], ...]:
    """The catalogue's pattern entries (English with ``{name}`` fields) as regular expressions.

    A field named ``t_...`` is translated in turn, ``l_...`` is a list ("a, b and c") translated
    item by item, ``n_...`` is one word kept as written (BF16); any other field (a name, a
    figure) is kept as written. No field spans a semicolon, so a pattern never swallows the
    next part of a composed text.
    """
    found = []
    for english in load_text_catalogue(root, language).entries:
        if not _FIELD.search(english):
            continue
        regex, last = "", 0
        for field_match in _FIELD.finditer(english):
            regex += re.escape(english[last : field_match.start()])
            name = field_match.group(1)
            regex += f"(?P<{name}>\\S+)" if name.startswith("n_") else f"(?P<{name}>[^;]+?)"
            last = field_match.end()
        found.append((english, re.compile(regex + re.escape(english[last:]))))
    # The most specific pattern (most fixed text) is tried first.
    return tuple(sorted(found, key=lambda item: -len(_FIELD.sub("", item[0]))))


@cache
def data_text(root: Path, language: str) -> DataText:
    """The data text of ``language`` for the data folder ``root`` (one per build and language)."""
    return DataText(root, language)


def page_text(root: Path, language: str, t: Messages, page: str) -> dict[str, Any]:
    """What a generated page's template needs to show data text in ``language``.

    ``tr`` translates a data text, ``nm`` marks a bare name, ``lb`` translates a label the
    catalogue has and marks any other as a name, ``mk`` marks the names in a label
    of the page's own catalogue (``mh`` in one holding markup), ``tm`` fills a message with
    translated (marked-up) values and ``joined`` joins a list of texts; on English pages each
    is what the template did before, so English pages do not change.
    """
    if language == "en":
        return {
            "tr": _same,
            "nm": _same,
            "lb": _same,
            "mk": _same,
            "mh": _same,
            "tm": t,
            "source_rel": "",
            "joined": lambda items: Markup("; ").join(escape(i) for i in items),
        }
    text = data_text(root, language).for_page(page)
    return {
        "tr": text,
        "nm": text.name,
        "lb": text.label,
        "mk": lambda label: mark_names(str(label)),
        "mh": mark_html,
        # A source's title keeps its language and is a citation, as in the sources list.
        "source_rel": Markup(' rel="nofollow noopener"'),
        "tm": lambda key, **values: _filled(t(key), values),
        "joined": lambda items: Markup("；").join(escape(text(i)) for i in items),
    }


_PLACEHOLDER = re.compile(r"(\{[a-z_]+\})")


def _filled(message: str, values: dict[str, Any]) -> Markup:
    """A message of the page's catalogue with its names marked and its values filled in."""
    parts = _PLACEHOLDER.split(message)
    template = Markup("").join(
        Markup(part) if i % 2 else mark_names(part) for i, part in enumerate(parts)
    )
    return template.format(**values)


def _same(text: object) -> object:
    """The text as it is."""
    return text
