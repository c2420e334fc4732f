"""MkDocs hooks: thin forwarders to xpuref.mkdocs_adapter, where the logic lives."""

from xpuref.mkdocs_adapter import (
    on_config,
    on_files,
    on_page_markdown,
    on_post_build,
    on_startup,
)

__all__ = ["on_config", "on_files", "on_page_markdown", "on_post_build", "on_startup"]
