"""The one Jinja environment every renderer uses: package templates, autoescaped, strict."""

from __future__ import annotations

from jinja2 import BytecodeCache, Environment, PackageLoader, StrictUndefined, select_autoescape

from xpuref.render.compiled import ReadOnlyTemplateStore, store_dir

__all__ = ["ENV", "template_env"]


def template_env(bytecode_cache: BytecodeCache | None = None) -> Environment:
    """A template environment over render/templates that autoescapes everything."""
    return Environment(
        loader=PackageLoader("xpuref.render", "templates"),
        autoescape=select_autoescape(default=True, default_for_string=True),
        undefined=StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
        bytecode_cache=bytecode_cache,
    )


#: Shared by every renderer, so each template is compiled (or read from set-up's store) once.
ENV = template_env(ReadOnlyTemplateStore(store_dir()))
