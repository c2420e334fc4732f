"""Redirect pages for former device ids, written by the build itself (no plugin needed)."""

from __future__ import annotations

import posixpath

from markupsafe import Markup

from xpuref.render.env import ENV
from xpuref.render.messages import messages

__all__ = ["redirect_page", "redirect_path"]


def redirect_path(old_id: str, directory_urls: bool) -> str:
    """Where the page for a former id lives in the built site."""
    return f"devices/{old_id}/index.html" if directory_urls else f"devices/{old_id}.html"


def redirect_page(old_id: str, new_id: str, directory_urls: bool, language: str = "en") -> str:
    """A small HTML page, in its edition's language, that forwards to the device's current page
    (works from file:// too)."""
    here = posixpath.dirname(redirect_path(old_id, directory_urls))
    target = f"devices/{new_id}/" if directory_urls else f"devices/{new_id}.html"
    rel = posixpath.relpath(target, here) + ("/" if directory_urls else "")
    t = messages(language, redirect_path(old_id, directory_urls))
    page = ENV.get_template("redirect.html.j2")
    return str(page.render(target=Markup.escape(rel), old=old_id, lang=language, t=t))
