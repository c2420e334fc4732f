"""One message catalogue per language for the text the site generates (render/messages/*.yaml).

Templates take every sentence, label and heading from ``Messages``; English is the reference
catalogue, and any other language must hold every one of its keys: a missing key fails the
build naming the key (and, at render time, the page that asked for it).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

import yaml
from markupsafe import Markup

from xpuref.render.inline_json import script_json

__all__ = [
    "LANGUAGES",
    "MessageError",
    "Messages",
    "check_catalogues",
    "messages",
    "missing_keys",
    "script_words",
]

#: PyYAML's safe loader, in C where the wheel has libyaml (a tenth of the pure-Python time).
_SAFE_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
#: The languages with a catalogue; English is the reference.
LANGUAGES = ("en", "zh")
_REFERENCE = "en"


class MessageError(ValueError):
    """A message the catalogue of a language lacks, or a catalogue that cannot be read."""


@cache
def _table(language: str) -> Mapping[str, str]:
    """The catalogue of one language, key to text."""
    if language not in LANGUAGES:
        raise MessageError(f"no message catalogue for language {language!r}")
    path = resources.files("xpuref.render") / "messages" / f"{language}.yaml"
    data = yaml.load(path.read_text(encoding="utf-8"), Loader=_SAFE_LOADER)
    if not isinstance(data, dict) or not all(
        isinstance(k, str) and isinstance(v, str) for k, v in data.items()
    ):
        raise MessageError(f"render/messages/{language}.yaml: expected a mapping of key to text")
    return dict(data)


def missing_keys(language: str) -> list[str]:
    """Keys of the English catalogue that ``language``'s catalogue lacks, sorted."""
    return sorted(set(_table(_REFERENCE)) - set(_table(language)))


def check_catalogues() -> None:
    """Refuse a catalogue that lacks any English key, naming the language and each key."""
    problems = [
        f"render/messages/{language}.yaml: missing message {key!r}"
        for language in LANGUAGES
        for key in missing_keys(language)
    ]
    if problems:
        raise MessageError("\n".join(problems))


@dataclass(frozen=True)
class Messages:
    """The messages of one language, for one page: ``t("device.launched", date=...)``."""

    language: str
    page: str = ""

    def __call__(self, key: str, **values: Any) -> str:
        """The message under ``key`` with ``values`` filled in; markup for ``*_html`` keys."""
        table = _table(self.language)
        if key not in table:
            where = f"{self.page}: " if self.page else ""
            raise MessageError(
                f"{where}no {self.language!r} message for key {key!r} "
                f"(render/messages/{self.language}.yaml)"
            )
        text = table[key]
        if key.endswith("_html"):
            return Markup(text).format(**values)
        return text.format(**values) if values else text

    def prefixed(self, prefix: str) -> dict[str, str]:
        """Every message whose key starts with ``prefix``, keyed by the rest (for page scripts)."""
        return {
            key[len(prefix) :]: text
            for key, text in sorted(_table(self.language).items())
            if key.startswith(prefix)
        }


def messages(language: str, page: str = "") -> Messages:
    """The catalogue of ``language`` for the page ``page`` (named in errors)."""
    _table(language)
    return Messages(language, page)


def script_words(t: Messages, prefix: str, element_id: str) -> Markup:
    """The messages a page script writes (keys under ``prefix``), as JSON in a <template>."""
    return Markup('<template id="{}">{}</template>').format(
        element_id, script_json(t.prefixed(prefix), f"{element_id}-json")
    )
