"""The one Jinja environment every renderer uses: package templates, autoescaped, strict."""

from __future__ import annotations

from jinja2 import Environment, PackageLoader, StrictUndefined, select_autoescape

__all__ = ["ENV", "template_env"]


def template_env() -> Environment:
    """A template environment over render/templates that autoescapes everything."""
    return Environment(
        loader=PackageLoader("xpuref.render", "templates"),
        autoescape=select_autoescape(default=True, default_for_string=True),
        undefined=StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
    )


#: Shared by every renderer, so each template is compiled once per process.
ENV = template_env()
