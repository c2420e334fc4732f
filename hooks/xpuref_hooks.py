"""MkDocs hooks: thin forwarders to xpuref.site.adapter, where the logic lives."""

from xpuref.site.adapter import (
    on_config,
    on_files,
    on_page_content,
    on_page_markdown,
    on_post_build,
    on_post_page,
    on_post_template,
    on_startup,
)

__all__ = [
    "on_config",
    "on_files",
    "on_page_content",
    "on_page_markdown",
    "on_post_build",
    "on_post_page",
    "on_post_template",
    "on_startup",
]
