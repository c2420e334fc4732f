"""The only module that talks to MkDocs: hook functions that delegate to the package.

Everything one build loads lives on a ``SiteBuild`` kept on that build's config object, so a
rebuild in ``mkdocs serve`` loads the data afresh and nothing outlives its build.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import PluginError
from mkdocs.plugins import event_priority
from mkdocs.structure.files import File, Files
from mkdocs.structure.pages import Page

from xpuref.data.dataset import Dataset
from xpuref.data.paths import data_dir
from xpuref.data.problems import DataError
from xpuref.data.urls import public_address
from xpuref.data.version import DataVersion, data_version
from xpuref.render.find_js import FIND_JS_PATH, find_script
from xpuref.render.macros import page_macros, page_values
from xpuref.render.messages import MessageError, check_catalogues
from xpuref.render.page_macros import MacroError
from xpuref.render.pagecontext import PageContext, Published
from xpuref.render.pages import device_page, render_page_macros
from xpuref.render.systems import system_page
from xpuref.render.tables_js import TABLES_JS_PATH, tables_script
from xpuref.site.csp import HEADERS_FILE, add_meta, headers_file, script_hashes
from xpuref.site.edition_files import (
    edition_base,
    inline_search_index,
    split_search_index,
    split_sitemap,
)
from xpuref.site.editions import (
    DEFAULT,
    current_edition,
    edition_prefix,
    editions_of,
    final_build,
    generated_twins,
    quiet_instant_warning,
    record_pages,
)
from xpuref.site.handoff import BUNDLE_ENV, read_handoff
from xpuref.site.html_blocks import anchor_ids, restore_blocks, stash_blocks
from xpuref.site.notfound import rewrite_404
from xpuref.site.page_scripts import PAGE_BUNDLE_PATH, PAGE_SCRIPTS, join_scripts
from xpuref.site.page_words import add_page_words
from xpuref.site.redirects import redirect_page, redirect_path
from xpuref.site.search_rank import search_boost
from xpuref.site.search_sections import install as install_section_reader
from xpuref.site.search_worker import SearchWorkerError, patch_search_worker
from xpuref.site.shipped import drop_canonical, drop_source_maps
from xpuref.site.timing import reset, timed, write_totals
from xpuref.views.checked import load_checked
from xpuref.views.lookup import lookup_json
from xpuref.views.publish import devices_csv, devices_json

__all__ = [
    "SiteBuild",
    "on_config",
    "on_files",
    "on_page_markdown",
    "on_post_build",
    "on_post_page",
    "on_post_template",
    "on_startup",
]

_ATTR = "_xpuref_build"


@dataclass(frozen=True)
class SiteBuild:
    """What one build has loaded (the validated dataset, its version) and what it collects.

    With the Chinese edition the i18n plugin runs the build again on the same config; that
    second run reuses what the first loaded and made (the published data files).
    """

    dataset: Dataset
    version: DataVersion
    script_hashes: set[str] = field(default_factory=set)
    made: dict[str, str] = field(default_factory=dict)
    #: Each written page's title in English (its H1 up to the first Chinese character).
    titles: dict[str, str] = field(default_factory=dict)
    #: HTML blocks kept out of Markdown's parser, by the page's output path (html_blocks.py).
    html_blocks: dict[str, list[str]] = field(default_factory=dict)


def _build_of(config: MkDocsConfig) -> SiteBuild:
    """The state of the build this config belongs to."""
    build = getattr(config, _ATTR, None)
    if not isinstance(build, SiteBuild):
        raise PluginError("xpuref: on_config did not run for this build")
    return build


_CJK = re.compile(r"[\u3000-\u9fff\uff00-\uffef]")


def _page_titles(build: SiteBuild, config: MkDocsConfig) -> dict[str, str]:
    """Titles of the Markdown pages under docs_dir, read once per build, by source path."""
    if not build.titles:
        docs = Path(config.docs_dir)
        for source in sorted(docs.rglob("*.md")):
            for line in source.read_text(encoding="utf-8").splitlines():
                if line.startswith("# "):
                    title = _CJK.split(line[2:], maxsplit=1)[0].strip(" :：")
                    build.titles[source.relative_to(docs).as_posix()] = title
                    break
    return build.titles


def _bundle_bytes(config: MkDocsConfig) -> int:
    """The size of the offline zip this build publishes (0 offline, or when it has none)."""
    given = os.environ.get(BUNDLE_ENV, "")
    if config.extra.get("offline") or not given.isdigit():
        return 0
    return int(given)


def _check_site_url(config: MkDocsConfig) -> None:
    """Refuse a public address that is not a plain http(s) address; keep it normalised."""
    given = os.environ.get("XPUREF_SITE_URL")
    if not given:
        return
    try:
        address = public_address(given)
    except ValueError as exc:
        raise PluginError(f"XPUREF_SITE_URL: {exc}; nothing was built") from None
    config["site_url"] = address
    config.extra["public_url"] = address


@timed("on_config")
def on_config(config: MkDocsConfig) -> MkDocsConfig:
    """Load and validate the data before anything is written; watch it under mkdocs serve."""
    quiet_instant_warning()
    if isinstance(getattr(config, _ATTR, None), SiteBuild):
        return config
    _check_site_url(config)
    try:
        check_catalogues()
    except MessageError as exc:
        raise PluginError(f"message catalogues, nothing was built:\n{exc}") from None
    root = data_dir()
    try:
        dataset = read_handoff(root) or load_checked(root)
    except DataError as exc:
        raise PluginError(f"invalid data, nothing was built:\n{exc.report()}") from None
    build = SiteBuild(dataset, data_version(root))
    object.__setattr__(config, _ATTR, build)
    config.extra["data_version"] = build.version.label
    config.extra["data_date"] = build.version.date
    watched = str(root.resolve())
    if watched not in config.watch:
        config.watch.append(watched)
    return config


def _add(files: Files, taken: set[str], file: File) -> None:
    """Add a generated file, refusing one that would replace a page or file already there."""
    if file.dest_uri in taken or files.get_file_from_path(file.src_uri) is not None:
        raise PluginError(f"xpuref: a generated page would overwrite {file.dest_uri}")
    taken.add(file.dest_uri)
    files.append(file)


def _made(build: SiteBuild, path: str, make: Callable[[], str]) -> str:
    """A published file's text, made once per build however many editions are written."""
    if path not in build.made:
        build.made[path] = make()
    return build.made[path]


def _generated_pages(config: MkDocsConfig, build: SiteBuild, language: str) -> list[File]:
    """This edition's device and system pages, each knowing its twins."""
    ds = build.dataset
    site_url = str(config.extra.get("public_url") or "")
    directory_urls = config.use_directory_urls
    pages: list[File] = []
    for device in ds.sorted_devices():
        page = device_page(device, ds, build.version, Published(site_url, directory_urls, language))
        pages.append(generated_twins(config, f"devices/{device.id}.md", page, language))
    for system in ds.sorted_systems():
        page = system_page(system, ds, build.version, Published(site_url, directory_urls, language))
        pages.append(generated_twins(config, f"systems/{system.id}.md", page, language))
    return pages


@event_priority(-110)
@timed("on_files")
def on_files(files: Files, config: MkDocsConfig) -> Files:
    """Add one generated page per device and system, redirects for former ids, published data.

    Runs after the i18n plugin has turned ``content/`` into this edition's files, so each
    generated page lands in the edition being built (``zh/devices/x/`` for Chinese) and knows
    its twins. The data files are devices.json, devices.csv and lookup.json (device names as
    drivers print them, mapped to SKU ids and dense peaks per visible device), one copy for
    both editions.
    """
    build = _build_of(config)
    ds = build.dataset
    language = current_edition(config)
    prefix = edition_prefix(language)
    taken = {f.dest_uri for f in files}
    try:
        pages = _generated_pages(config, build, language)
    except MessageError as exc:
        raise PluginError(f"xpuref: {exc}") from None
    for file in pages:
        _add(files, taken, file)
    record_pages(config, language, pages)
    for old, new in sorted(ds.redirects().items()):
        html = redirect_page(old, new, config.use_directory_urls, language)
        path = redirect_path(old, config.use_directory_urls)
        redirect = File.generated(config, prefix + path, content=html)
        _add(files, taken, redirect)
    published = {
        "data/devices.json": lambda: devices_json(ds, build.version),
        "data/devices.csv": lambda: devices_csv(ds),
        "data/lookup.json": lambda: lookup_json(ds),
        PAGE_BUNDLE_PATH: lambda: _page_bundle(config),
        FIND_JS_PATH: lambda: find_script(ds),
    }
    for part in PAGE_SCRIPTS:  # shipped inside the bundle only
        source = files.get_file_from_path(part)
        if source is not None:
            files.remove(source)
            taken.discard(source.dest_uri)
    for path, make in published.items():
        _add(files, taken, File.generated(config, path, content=_made(build, path, make)))
    return files


def _page_bundle(config: MkDocsConfig) -> str:
    """The joined page scripts: each read from the first theme folder holding it (the site's
    overrides before the theme), the tables made from calc."""
    parts = {TABLES_JS_PATH: tables_script()}
    for part in PAGE_SCRIPTS:
        for folder in config.theme.dirs:
            source = Path(folder) / part
            if part not in parts and source.is_file():
                parts[part] = source.read_text(encoding="utf-8")
    try:
        return join_scripts(parts)
    except ValueError as exc:
        raise PluginError(f"xpuref: {exc}") from None


@timed("on_page_markdown")
def on_page_markdown(markdown: str, page: Page, config: MkDocsConfig, files: Files) -> str:
    """Expand the project's macros in hand-written pages (never in pages made from data)."""
    build = _build_of(config)
    boost = search_boost(str(getattr(page.file, "norm_src_uri", page.file.src_uri)))
    if boost != 1.0:
        page.meta["search"] = {**(page.meta.get("search") or {}), "boost": boost}
    if page.file.generated_by is not None:
        return _stashed(build, page, markdown)
    site_url = str(config.extra.get("public_url") or "")
    ctx = PageContext(
        build.dataset,
        build.version,
        page.url,
        config.use_directory_urls,
        site_url,
        edition_prefix(current_edition(config)),
        _bundle_bytes(config),
        _page_titles(build, config),
    )
    try:
        expanded = render_page_macros(markdown, page_macros(ctx), page_values(ctx))
    except MacroError as exc:
        raise PluginError(f"{page.file.src_uri}: {exc}") from None
    return _stashed(build, page, expanded)


def _stashed(build: SiteBuild, page: Page, markdown: str) -> str:
    """The page's Markdown with its whole HTML blocks set aside until on_page_content."""
    markdown, blocks = stash_blocks(markdown)
    build.html_blocks[page.file.dest_uri] = blocks
    return markdown


#: Adjacent table cells with nothing between them.
_CELL_JOIN = re.compile(r"</(td|th)><(td|th)\b")


@timed("on_page_content")
def on_page_content(html: str, page: Page, config: MkDocsConfig, files: Files) -> str:
    """Put back the HTML blocks set aside from Markdown, and put a space between adjacent
    table cells, before the search plugin reads the page.

    Cells written with nothing between them reach the search index as one glued word
    ("32gbnvidiagpu576"); besides being useless to search for, thousands of such numeric
    words made lunr's token set merge unrelated branches, and queries such as "3" or
    "Gaudi 3" failed in the browser. Browsers ignore the space in table layout.
    """
    blocks = _build_of(config).html_blocks.pop(page.file.dest_uri, [])
    if blocks and page.present_anchor_ids is not None:
        page.present_anchor_ids |= anchor_ids(blocks)  # links to them are validated later
    return _CELL_JOIN.sub(r"</\1> <\2", restore_blocks(html, blocks))


@timed("on_post_page")
def on_post_page(output: str, page: Page, config: MkDocsConfig) -> str:
    """Give the page a Content-Security-Policy that allows exactly its inline scripts.

    The offline bundle gets none: pages opened from file:// have no origin for 'self'.
    Without a public address the page names no canonical link (the default host is a stand-in).
    """
    if not config.extra.get("public_url"):
        output = drop_canonical(output)
    language = current_edition(config)
    output = add_page_words(output, language)
    if language != DEFAULT:
        output = edition_base(output, page.url, language)
    if config.extra.get("offline"):
        return output
    hashes = script_hashes(output)
    _build_of(config).script_hashes.update(hashes)
    return add_meta(output, hashes)


def on_post_template(output: str, template_name: str, config: MkDocsConfig) -> str:
    """Give the theme's own HTML pages (404.html) the same policy as every other page.

    Each edition's build writes the root 404.html; the English one is kept for the end.
    """
    if not template_name.endswith(".html"):
        return output
    if not config.extra.get("offline"):  # the bundle's pages carry no policy (no origin)
        hashes = script_hashes(output)
        _build_of(config).script_hashes.update(hashes)
        output = add_meta(output, hashes)
    if current_edition(config) == DEFAULT and template_name == "404.html":
        _build_of(config).made[template_name] = output
    return output


def _split_editions(config: MkDocsConfig) -> None:
    """Give each edition past the first its search index and sitemap; restore the root 404.

    Offline, each edition's index then becomes the script the theme reads from file://.
    """
    site_dir = Path(config.site_dir)
    for language in editions_of(config):
        if language != DEFAULT:
            split_search_index(site_dir, language)
            split_sitemap(site_dir, str(config.site_url or ""), language)
    if config.extra.get("offline"):
        for language in editions_of(config):
            inline_search_index(site_dir, language)
    english_404 = _build_of(config).made.get("404.html")
    if english_404 is not None and len(editions_of(config)) > 1:
        Path(site_dir, "404.html").write_text(english_404, encoding="utf-8")


def on_startup(command: str, dirty: bool) -> None:
    """Start the hook timings afresh for this run; index pages with the fast section reader."""
    reset()
    install_section_reader()


@event_priority(-200)
def on_post_build(config: MkDocsConfig) -> None:
    """Patch the search worker; write the policy file (or, offline, a file:// 404 page).

    Runs after the i18n plugin's own step, which builds the other editions inside the first
    build's; after the last, each edition gets its own search index and sitemap.
    """
    if final_build(config):
        _split_editions(config)
    try:
        patch_search_worker(Path(config.site_dir))
    except SearchWorkerError as exc:
        raise PluginError(f"xpuref: {exc}") from None
    drop_source_maps(Path(config.site_dir))
    hashes = _build_of(config).script_hashes
    if config.extra.get("offline"):
        rewrite_404(Path(config.site_dir))
    else:
        Path(config.site_dir, HEADERS_FILE).write_text(headers_file(hashes), encoding="utf-8")
    write_totals()
