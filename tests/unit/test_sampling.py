"""The crawl sampler (tests/sampling.py): one page per edition, section and depth."""

from __future__ import annotations

from pathlib import Path

from tests.sampling import kind_sample, page_kind


def _page(root: Path, relative: str, size: int) -> str:
    """Write a page of ``size`` bytes at ``relative`` (``x/`` is ``x/index.html``)."""
    path = root / (relative + "index.html" if relative.endswith("/") or not relative else relative)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("x" * size, encoding="utf-8")
    return relative


def test_a_kind_is_edition_section_and_depth() -> None:
    """Index files and trailing slashes do not change a page's kind; zh/ is its own edition."""
    assert page_kind("") == page_kind("index.html") == ("", "", 0)
    assert page_kind("guides/") == page_kind("guides/index.html") == ("", "guides", 1)
    assert page_kind("guides/storage/") == ("", "guides", 2)
    assert page_kind("devices/x.html") == ("", "devices", 2)  # the bundle's address style
    assert page_kind("zh/guides/storage/") == ("zh/", "guides", 2)


def test_the_sample_keeps_the_largest_page_of_each_kind_in_order(tmp_path: Path) -> None:
    """Each kind is kept once, by its largest file, in the order the pages came in."""
    pages = [
        _page(tmp_path, "", 10),
        _page(tmp_path, "guides/", 10),
        _page(tmp_path, "guides/a/", 30),
        _page(tmp_path, "guides/b/", 50),
        _page(tmp_path, "guides/c/", 40),
        _page(tmp_path, "zh/guides/a/", 5),
        _page(tmp_path, "devices/h100.html", 7),
    ]
    assert kind_sample(tmp_path, pages) == [
        "",
        "guides/",
        "guides/b/",
        "zh/guides/a/",
        "devices/h100.html",
    ]
