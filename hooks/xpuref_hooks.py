"""MkDocs hooks: thin forwarders to xpuref.mkdocs_adapter, where the logic lives."""

from xpuref.mkdocs_adapter import on_config, on_files, on_page_markdown

__all__ = ["on_config", "on_files", "on_page_markdown"]
