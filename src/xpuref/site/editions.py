"""The language editions: English at the site root, Chinese under /zh/ (mkdocs-static-i18n).

The i18n plugin builds the site once per language on the same config, and turns the files in
``content/`` into each edition's files before the hooks add the generated ones; this module
says which edition a build is making and places a generated page in it with the attributes the
plugin reads (its twins for the language switch and the sitemap's hreflang links).
"""

from __future__ import annotations

import logging

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.structure.files import File

__all__ = [
    "DEFAULT",
    "EDITIONS",
    "current_edition",
    "edition_prefix",
    "editions_of",
    "final_build",
    "generated_twins",
    "quiet_instant_warning",
    "record_pages",
]

#: Every edition, the default (site root) first.
EDITIONS = ("en", "zh")
DEFAULT = "en"

_PLUGIN = "i18n"
#: The plugin's logger and the start of the one warning the site answers itself.
_PLUGIN_LOGGER = "mkdocs.plugins.mkdocs_static_i18n.reconfigure"
_INSTANT_WARNING = "mkdocs-material language switcher contextual link"


def current_edition(config: MkDocsConfig) -> str:
    """The language this build makes: the plugin's current one, or English without it."""
    plugin = config.plugins.get(_PLUGIN)
    language = getattr(plugin, "current_language", None) if plugin is not None else None
    return language if isinstance(language, str) and language in EDITIONS else DEFAULT


def editions_of(config: MkDocsConfig) -> tuple[str, ...]:
    """The editions this configuration builds: both with the plugin, English alone without."""
    return EDITIONS if config.plugins.get(_PLUGIN) is not None else (DEFAULT,)


def final_build(config: MkDocsConfig) -> bool:
    """Whether this build is the outer one, after every edition has been written."""
    plugin = config.plugins.get(_PLUGIN)
    return plugin is None or not getattr(plugin, "building", False)


def edition_prefix(language: str) -> str:
    """Where an edition's pages sit below the site root: ``""`` or ``"zh/"``."""
    return "" if language == DEFAULT else f"{language}/"


def _placed(config: MkDocsConfig, src_uri: str, content: str, language: str) -> File:
    """A generated page for one edition: ``devices/x.md`` or ``devices/x.zh.md`` under zh/."""
    stem, dot, ext = src_uri.rpartition(".")
    source = src_uri if language == DEFAULT else f"{stem}.{language}{dot}{ext}"
    file = File.generated(config, source, content=content)
    if language != DEFAULT:
        plain = File.generated(config, src_uri, content="")
        file.dest_uri = edition_prefix(language) + plain.dest_uri
        file.url = edition_prefix(language) + plain.url
    attrs = {
        "locale": language,
        "locale_alternate_of": language,
        "localization": None if language == DEFAULT else language,
        "norm_src_uri": src_uri,
    }
    for name, value in attrs.items():
        setattr(file, name, value)
    return file


def generated_twins(config: MkDocsConfig, src_uri: str, content: str, language: str) -> File:
    """The generated page for ``language``, knowing its twins in the other editions."""
    mine = _placed(config, src_uri, content, language)
    twins = {language: mine}
    for other in editions_of(config):
        if other != language:
            twins[other] = _placed(config, src_uri, "", other)
    mine.alternates = dict(sorted(twins.items()))  # type: ignore[attr-defined]
    return mine


def record_pages(config: MkDocsConfig, language: str, pages: list[File]) -> None:
    """Add generated pages to the plugin's list of each edition's pages (the sitemap reads it)."""
    plugin = config.plugins.get(_PLUGIN)
    known = getattr(plugin, "i18n_files_per_language", None)
    if isinstance(known, dict):
        known.setdefault(language, []).extend(pages)


class _DropInstantWarning(logging.Filter):
    """Drop the plugin's warning that its switch links go stale under instant navigation.

    The site's own script (assets/js/language-switch.js) refreshes the switch from the page's
    hreflang links after each instant navigation, so the warning no longer applies.
    """

    def filter(self, record: logging.LogRecord) -> bool:
        """Keep every record but that warning."""
        return _INSTANT_WARNING not in record.getMessage()


def quiet_instant_warning() -> None:
    """Install the filter once on the plugin's logger."""
    logger = logging.getLogger(_PLUGIN_LOGGER)
    if not any(isinstance(f, _DropInstantWarning) for f in logger.filters):
        logger.addFilter(_DropInstantWarning())
