"""Tests for xpuref.views.urls: page addresses and relative links in both URL styles."""

from __future__ import annotations

import posixpath

import pytest

from xpuref.views.urls import page_url, relative_url


@pytest.mark.parametrize(
    ("src", "directory", "expected"),
    [
        ("index.md", True, ""),
        ("index.md", False, "index.html"),
        ("devices/index.md", True, "devices/"),
        ("devices/index.md", False, "devices/index.html"),
        ("devices/nvidia-a100.md", True, "devices/nvidia-a100/"),
        ("devices/nvidia-a100.md", False, "devices/nvidia-a100.html"),
    ],
)
def test_page_url(src: str, directory: bool, expected: str) -> None:
    """Source paths map to MkDocs's addresses."""
    assert page_url(src, directory) == expected


@pytest.mark.parametrize("directory", [True, False])
@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("index.md", "devices/x.md"),
        ("devices/index.md", "devices/x.md"),
        ("devices/x.md", "index.md"),
        ("guides/deep/page.md", "devices/x.md"),
        ("devices/x.md", "devices/y.md"),
    ],
)
def test_relative_url_resolves_to_target(directory: bool, a: str, b: str) -> None:
    """Following the relative link from page a lands on page b."""
    start, target = page_url(a, directory), page_url(b, directory)
    link = relative_url(start, target)
    base = start if start.endswith("/") or not start else posixpath.dirname(start)
    base = base if not base or base.endswith("/") else base + "/"
    landed = posixpath.normpath(posixpath.join("/" + base, link))
    assert landed.rstrip("/") == ("/" + target).rstrip("/")
