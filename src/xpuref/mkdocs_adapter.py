"""The only module that talks to MkDocs: hook functions that delegate to the package."""

from __future__ import annotations

from dataclasses import dataclass

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import PluginError
from mkdocs.plugins import event_priority
from mkdocs.structure.files import File, Files
from mkdocs.structure.pages import Page

from xpuref.catalog import Catalog
from xpuref.macros import page_macros, page_values
from xpuref.pagecontext import PageContext
from xpuref.paths import data_dir
from xpuref.problems import DataError
from xpuref.publish import devices_csv, devices_json
from xpuref.render import device_page, render_page_macros
from xpuref.timing import reset, timed, write_totals
from xpuref.validation import validate_data
from xpuref.version import DataVersion, data_version

__all__ = ["on_config", "on_files", "on_page_markdown", "on_post_build", "on_startup"]


@dataclass
class _State:
    """What one build has loaded."""

    catalog: Catalog
    version: DataVersion


_state: _State | None = None


def _current() -> _State:
    """The state of the running build."""
    if _state is None:
        raise PluginError("xpuref: on_config did not run")
    return _state


@timed("on_config")
def on_config(config: MkDocsConfig) -> MkDocsConfig:
    """Load and validate the data before anything is written."""
    global _state
    root = data_dir()
    try:
        catalog = validate_data(root).catalog
    except DataError as exc:
        raise PluginError(f"invalid data, nothing was built:\n{exc.report()}") from None
    _state = _State(catalog, data_version(root))
    config.extra["data_version"] = _state.version.label
    config.extra["data_date"] = _state.version.date
    redirects = config.plugins.get("redirects")
    if redirects is not None:
        maps = redirects.config.setdefault("redirect_maps", {})
        for old, new in sorted(catalog.redirects().items()):
            maps[f"devices/{old}.md"] = f"devices/{new}.md"
    return config


@event_priority(50)
@timed("on_files")
def on_files(files: Files, config: MkDocsConfig) -> Files:
    """Add one generated page per device and the published data files."""
    state = _current()
    for device in state.catalog.sorted_devices():
        files.append(
            File.generated(
                config,
                f"devices/{device.id}.md",
                content=device_page(device, state.catalog, state.version, config.site_url or ""),
            )
        )
    files.append(
        File.generated(
            config, "data/devices.json", content=devices_json(state.catalog, state.version)
        )
    )
    files.append(File.generated(config, "data/devices.csv", content=devices_csv(state.catalog)))
    return files


@timed("on_page_markdown")
def on_page_markdown(markdown: str, page: Page, config: MkDocsConfig, files: Files) -> str:
    """Expand the project's macros in hand-written pages (never in pages made from data)."""
    state = _current()
    if page.file.generated_by is not None:
        return markdown
    ctx = PageContext(state.catalog, state.version, page.url, config.use_directory_urls)
    return render_page_macros(markdown, page_macros(ctx), page_values(ctx))


def on_startup(command: str, dirty: bool) -> None:
    """Start the hook timings afresh for this run."""
    reset()


def on_post_build(config: MkDocsConfig) -> None:
    """Write the hook timings for the bench when it asks for them."""
    write_totals()
