"""Set-up's compiled-template store: used when current, ignored when stale, never written."""

from __future__ import annotations

from pathlib import Path

from jinja2 import DictLoader, Environment, FileSystemBytecodeCache

from xpuref.devtools.precompile import precompile
from xpuref.render.compiled import ReadOnlyTemplateStore, store_dir
from xpuref.render.env import ENV


def _env(source: str, cache: object) -> Environment:
    return Environment(loader=DictLoader({"t.j2": source}), bytecode_cache=cache)  # type: ignore[arg-type]


def test_a_build_never_writes_the_store(tmp_path: Path) -> None:
    store = tmp_path / "store"
    store.mkdir()
    assert _env("{{ 1 + 1 }}", ReadOnlyTemplateStore(store)).get_template("t.j2").render() == "2"
    assert list(store.iterdir()) == []


def test_a_changed_template_is_compiled_afresh(tmp_path: Path) -> None:
    writer = FileSystemBytecodeCache(str(tmp_path))
    _env("old {{ x }}", writer).get_template("t.j2")
    assert len(list(tmp_path.iterdir())) == 1
    reader = ReadOnlyTemplateStore(tmp_path)
    assert _env("old {{ x }}", reader).get_template("t.j2").render(x=1) == "old 1"
    assert _env("new {{ x }}", reader).get_template("t.j2").render(x=1) == "new 1"


def test_precompile_stores_every_project_template(tmp_path: Path) -> None:
    count = precompile(tmp_path)
    assert count == len(ENV.list_templates()) > 30
    assert len(list(tmp_path.glob("__jinja2_*.cache"))) == count


def test_the_shared_environment_reads_the_venv_store() -> None:
    cache = ENV.bytecode_cache
    assert isinstance(cache, ReadOnlyTemplateStore)
    assert Path(cache.directory) == store_dir()
