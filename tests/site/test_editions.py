"""The Chinese edition in the built site: a twin for every page, hreflang both ways, own search.

The share of Chinese text per page type is measured here too (xpuref.devtools.chinese_share);
the floors are what the edition reaches today and rise as pages are translated.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from tests.conftest import BuiltSite

from xpuref.devtools.chinese_share import chinese_share, share_by_kind, site_shares
from xpuref.render.datatext import NAME_WORDS

pytestmark = pytest.mark.site

_ALTERNATE = re.compile(r'<link rel="alternate" href="([^"]*)" hreflang="([a-z]+)">')
_SWITCH = re.compile(r'<a href="([^"]*)" hreflang="([a-z]+)" class="md-select__link">')


def _pages(root: Path) -> list[str]:
    """Every English article page (below the root, outside zh/), as a path relative to it."""
    found = []
    for path in sorted(root.rglob("index.html")):
        relative = path.relative_to(root).as_posix()
        if relative.split("/")[0] in ("zh", "search", "assets", "data"):
            continue
        if 'http-equiv="refresh"' in path.read_text(encoding="utf-8"):
            continue
        found.append(relative)
    return found


def _resolve(page: str, href: str) -> str:
    """A relative link on the page at ``page`` (a path to index.html), as a site path."""
    parts = [] if href.startswith("/") else page.split("/")[:-1]
    for piece in href.split("/"):
        if piece == "..":
            parts.pop()
        elif piece not in ("", "."):
            parts.append(piece)
    return "/".join([*parts, "index.html"])


def test_every_english_page_has_a_chinese_twin_and_the_reverse(built_site: BuiltSite) -> None:
    """zh/ holds one page per English page, and nothing else."""
    english = _pages(built_site.root)
    chinese = sorted(
        p.relative_to(built_site.root / "zh").as_posix()
        for p in (built_site.root / "zh").rglob("index.html")
        if p.relative_to(built_site.root / "zh").parts[0] not in ("search", "assets", "data")
        and 'http-equiv="refresh"' not in p.read_text(encoding="utf-8")
    )
    assert len(english) > 200
    assert chinese == sorted(english)


def test_hreflang_links_and_the_switch_point_at_the_twin(built_site: BuiltSite) -> None:
    """Each page names itself and its twin in the head, and the switch goes to the twin."""
    for relative in _pages(built_site.root):
        for page, twin, lang, other in (
            (relative, "zh/" + relative, "en", "zh"),
            ("zh/" + relative, relative, "zh", "en"),
        ):
            html = (built_site.root / page).read_text(encoding="utf-8")
            links = {hreflang: _resolve(page, href) for href, hreflang in _ALTERNATE.findall(html)}
            assert links == {lang: page, other: twin}, page
            switch = {hreflang: _resolve(page, href) for href, hreflang in _SWITCH.findall(html)}
            assert switch == links, page
            assert f'<html lang="{lang}"' in html, page


def test_each_edition_searches_its_own_pages(built_site: BuiltSite) -> None:
    """The root index holds English pages only; zh/ has its own index, relative to zh/."""
    root = json.loads((built_site.root / "search/search_index.json").read_text())
    own = json.loads((built_site.root / "zh/search/search_index.json").read_text())
    assert not [d for d in root["docs"] if d["location"].startswith("zh/")]
    assert len(own["docs"]) > 1000
    assert not [d for d in own["docs"] if d["location"].startswith("zh/")]
    titles = {d["location"]: d["title"] for d in own["docs"]}
    assert titles["devices/nvidia-h100-sxm5-80gb/"].startswith("英伟达 H100 SXM5 80GB")
    assert "zh/sitemap.xml" not in (built_site.root / "sitemap.xml").read_text()
    sitemap = (built_site.root / "zh/sitemap.xml").read_text()
    assert "/zh/devices/nvidia-h100-sxm5-80gb/</loc>" in sitemap


def test_chinese_pages_name_their_edition_as_the_theme_base(built_site: BuiltSite) -> None:
    """The theme finds zh/'s search index and sitemap from a Chinese page; English is as before."""
    zh = (built_site.root / "zh/guides/storage/index.html").read_text()
    en = (built_site.root / "guides/storage/index.html").read_text()
    assert '"base": "../.."' in zh
    assert '"base": "../.."' in en


def test_share_of_chinese_text_per_page_type(built_site: BuiltSite) -> None:
    """Chinese share of visible text outside figures, code and source titles, per page type.

    Device and system pages take their labels from the Chinese message catalogue and their
    data text (notes, reasons, conditions) from data/translations/zh/; product names, formats
    and units inside them are marked translate="no" and not counted. Hand-written pages are
    Chinese where their page.zh.md exists. The floors below are today's figures, rounded down.
    """
    shares = site_shares(built_site.root)
    kinds = share_by_kind(shares)
    report = {
        k: f"{n} pages, lowest {lo:.0%}, mean {mean:.0%}" for k, (n, lo, mean, _) in kinds.items()
    }
    print(report)
    assert kinds["device"][0] > 150
    assert kinds["device"][1] >= 0.9, report
    assert kinds["device"][2] >= 0.97, report
    assert kinds["system"][0] >= 6
    assert kinds["system"][1] >= 0.9, report
    assert kinds["system"][2] >= 0.95, report
    h100 = shares["devices/nvidia-h100-sxm5-80gb/index.html"]
    assert h100 >= 0.95, h100
    # Translated hand-written pages (their Latin words are product names, units and terms).
    assert kinds["guides"][2] >= 0.9, report
    assert kinds["charts"][2] >= 0.9, report
    assert kinds["home"][2] >= 0.9, report


def test_the_share_counts_letters_outside_figures_and_code() -> None:
    """Figures, units, code and sources do not count; Han against Latin letters does."""
    html = (
        "<article><h1>显存带宽</h1><p>Memory 带宽</p><span class='xpuref-value'>3,350</span>"
        "<span class='xpuref-unit'>GB/s</span><code>nvidia-smi</code>"
        "<ol class='xpuref-sources'><li>NVIDIA H100 datasheet</li></ol></article><p>outside</p>"
    )
    share, letters = chinese_share(html)
    assert letters == 12
    assert share == pytest.approx(6 / 12)


def test_names_kept_as_written_hold_no_sentence(built_site: BuiltSite) -> None:
    """Every translate="no" element on a Chinese device or system page is a short name.

    The Chinese share leaves such names out (H100 SXM5, BF16, NVLink 4); a sentence marked so
    would hide English, so none may hold more than NAME_WORDS words or any Han character.
    """
    marked = re.compile(r'<span translate="no">([^<]*)</span>')
    found = 0
    for kind in ("devices", "systems"):
        for page in sorted((built_site.root / "zh" / kind).glob("*/index.html")):
            for name in marked.findall(page.read_text(encoding="utf-8")):
                found += 1
                assert len(name.split()) <= NAME_WORDS, (page, name)
                assert not re.search(r"[\u4e00-\u9fff]", name), (page, name)
    assert found > 1000
