"""Data text a Chinese page shows in English, and translations no page uses.

Renders every Chinese device and system page, the architectures table, the data-quality
tables and the reference tables of data/tables/ (without building the site) and reports:

- each text the page shows that ``data/translations/zh/`` lacks, as ``FILE:LINE: text`` where
  it comes from a data file (``generated`` where xpuref writes it, e.g. an export reason);
- each catalogue entry no page uses (phrases of ``generated.yaml`` aside), at its
  ``FILE:LINE``: its English no longer matches the data (the text was edited, so the
  translation is stale) or the text left the site.

    python -m xpuref.devtools.zh_text [DATA_DIR]   # exit 1 when anything is reported
    python -m xpuref.devtools.zh_text --update     # prune unused entries, rewrite the backlog
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import Any

from xpuref.data.dataset import Dataset
from xpuref.data.problems import DataError
from xpuref.data.text_catalogue import load_text_catalogue
from xpuref.data.version import DataVersion
from xpuref.data.yamlfile import SourceFile, read_yaml

__all__ = ["main", "missing_text", "unused_text"]

LANGUAGE = "zh"
#: The catalogue file of phrases xpuref writes itself: a phrase may be unused on today's data.
GENERATED = "generated.yaml"
#: Reference tables a page shows through a macro of their own, not ``data_table``.
_OWN_MACRO = {"compute_targets"}
#: Data folders whose Chinese pages this process has rendered in full.
_RENDERED: set[str] = set()


def _render_all(ds: Dataset) -> None:
    """Render every Chinese device and system page once, remembering what each lacked.

    The architectures table, the data-quality tables (gaps, alternatives, derived figures),
    the guides' reference tables (data/tables/), the export-controls page, the ecosystem map
    and the accuracy page's tables (case titles, notes, stated bounds) show data text too, so
    they are rendered as well.
    """
    from xpuref.render.accuracy import macros as accuracy_macros
    from xpuref.render.knowledge import (
        derived_html,
        disagreements_html,
        ecosystem_html,
        export_classes_html,
        export_rules_html,
        gaps_html,
    )
    from xpuref.render.pagecontext import PageContext, Published
    from xpuref.render.pages import architecture_table, device_page
    from xpuref.render.systems import system_page
    from xpuref.render.tables import table_html

    version = DataVersion("check", "2026-01-01", 0)
    where = Published(language=LANGUAGE)
    if str(ds.root) in _RENDERED:
        return
    _RENDERED.add(str(ds.root))
    for device in ds.sorted_devices():
        device_page(device, ds, version, where)
    for system in ds.sorted_systems():
        system_page(system, ds, version, where)
    _render_targets(ds, version)
    architecture_table(ds, LANGUAGE, "architectures.md")
    quality = PageContext(ds, version, "zh/data-quality/", True, edition="zh/")
    for table in (gaps_html, disagreements_html, derived_html):
        table(ds, quality)
    for table_id in sorted(set(ds.tables) - _OWN_MACRO):
        table_html(ds, LANGUAGE, table_id)
    export = PageContext(ds, version, "zh/export-controls/", True, edition="zh/")
    export_rules_html(ds.rule_dicts(), ds.knowledge.export_notes, export)
    export_classes_html(ds, export)
    ecosystem_html(ds.knowledge, PageContext(ds, version, "zh/ecosystem/", True, edition="zh/"))
    accuracy = accuracy_macros(
        PageContext(ds, version, "zh/calculators/accuracy/", True, edition="zh/")
    )
    accuracy["accuracy_bounds"]()
    accuracy["accuracy_table"]()


def _render_targets(ds: Dataset, version: DataVersion) -> None:
    """Render the compile-target table of the programming-model guide (its own macro)."""
    from xpuref.render.knowledge import compute_targets_html
    from xpuref.render.pagecontext import PageContext

    page = "zh/guides/gpu-programming-model/"
    compute_targets_html(ds, PageContext(ds, version, page, True, edition="zh/"))


@cache
def _read(path: str) -> SourceFile | None:
    """One data file with its line map, or None when it cannot be read."""
    try:
        return read_yaml(Path(path), path)
    except DataError:
        return None


def _strings(
    data: Any, path: tuple[str | int, ...] = ()
) -> Iterator[tuple[tuple[str | int, ...], str]]:
    """Every string in a parsed YAML document, with its field path."""
    if isinstance(data, str):
        yield path, data
    elif isinstance(data, dict):
        for key, value in data.items():
            yield from _strings(value, (*path, key))
    elif isinstance(data, list):
        for i, value in enumerate(data):
            yield from _strings(value, (*path, i))


@cache
def _index(root: str) -> dict[str, str]:
    """Every string of every data file (translations aside) mapped to its first FILE:LINE."""
    found: dict[str, str] = {}
    base = Path(root)
    for path in sorted(base.rglob("*.yaml")):
        if "translations" in path.relative_to(base).parts:
            continue
        src = _read(str(path))
        if src is None:
            continue
        for where, value in _strings(src.data):
            found.setdefault(value, f"{src.name}:{src.lines.line_of(where)}")
    return found


def _locate(ds: Dataset, text: str, page: str) -> str:
    """Where a text is written: the data file holding it (or the part of a text it is)."""
    exact = _index(str(ds.root)).get(text)
    if exact is not None:
        return exact
    kind, _, rest = page.partition("/")
    own = (ds.device_files if kind == "devices" else ds.system_files).get(rest.removesuffix(".md"))
    src = _read(own) if own else None
    if src is None:
        return f"generated (on {page})"
    for path, value in _strings(src.data):
        if len(text) > 12 and text in value:
            return f"{src.name}:{src.lines.line_of(path)}"
    return f"generated (on {page})"


def missing_text(ds: Dataset, allowed: frozenset[str] = frozenset()) -> list[str]:
    """``FILE:LINE: text`` for each English text a Chinese page shows, sorted.

    A text every one of whose pages is in ``allowed`` (``devices/<id>.md``) is left out.
    """
    from xpuref.render.datatext import data_text

    _render_all(ds)
    text = data_text(ds.root, LANGUAGE)
    return sorted(
        f"{_locate(ds, english, page)}: {english}"
        for english, page in text.missing.items()
        if not text.shown_on[english] <= allowed
    )


def unused_text(ds: Dataset) -> list[str]:
    """``FILE:LINE: text`` for each catalogue entry no Chinese page showed (run after rendering)."""
    from xpuref.render.datatext import data_text

    catalogue = load_text_catalogue(ds.root, LANGUAGE)
    used = data_text(ds.root, LANGUAGE).used
    return sorted(
        f"{file}:{line}: unused (stale or no longer shown): {english}"
        for english, (file, line) in catalogue.where.items()
        if english not in used and not file.endswith(GENERATED)
    )


def _prune(ds: Dataset) -> int:
    """Delete each unused entry (stale or no longer shown) from its catalogue file."""
    from xpuref.render.datatext import data_text

    catalogue = load_text_catalogue(ds.root, LANGUAGE)
    used = data_text(ds.root, LANGUAGE).used
    drop: dict[str, set[int]] = {}
    for english, (file, line) in catalogue.where.items():
        if english not in used and not file.endswith(GENERATED):
            drop.setdefault(file, set()).add(line)
    for file, lines in drop.items():
        path = Path(ds.root).parent / file
        kept: list[str] = []
        skipping = False
        for number, text in enumerate(path.read_text(encoding="utf-8").splitlines(True), 1):
            if text.startswith("- "):
                skipping = number in lines
            if not skipping:
                kept.append(text)
        path.write_text("".join(kept), encoding="utf-8")
    return sum(len(lines) for lines in drop.values())


def _write_backlog(ds: Dataset) -> int:
    """Rewrite backlog.txt with every device page that still shows English data text."""
    from xpuref.render.datatext import data_text

    shown = data_text(ds.root, LANGUAGE).shown_on
    pages = sorted({p for ps in shown.values() for p in ps if p.startswith("devices/")})
    path = Path(ds.root) / "translations" / LANGUAGE / "backlog.txt"
    head = [line for line in path.read_text(encoding="utf-8").splitlines() if line.startswith("#")]
    path.write_text("\n".join([*head, *pages]) + "\n", encoding="utf-8")
    return len(pages)


def main(argv: list[str]) -> int:
    """Print the missing and unused translations of a data folder (``--update``: fix lists).

    ``--update`` deletes unused catalogue entries and rewrites backlog.txt with the device
    pages that still show English, so that after a merge the check passes while each missing
    text stays listed for translation.
    """
    from xpuref.data.dataset import load_dataset

    update = "--update" in argv
    folders = [a for a in argv if a != "--update"]
    ds = load_dataset(Path(folders[0] if folders else "data"))
    found = missing_text(ds) + unused_text(ds)
    for line in found:
        print(line)
    if update:
        print(f"pruned {_prune(ds)} unused entries; backlog: {_write_backlog(ds)} pages")
        return 0
    return 1 if found else 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
