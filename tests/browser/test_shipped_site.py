"""What the site and the offline bundle ship: no test assets, no source maps, no stand-in host."""

from __future__ import annotations

from pathlib import Path

import pytest
from tests.conftest import BuiltSite

pytestmark = pytest.mark.browser


def _shipped(root: Path) -> list[str]:
    """Every file under ``root`` as a path relative to it."""
    return [p.relative_to(root).as_posix() for p in root.rglob("*") if p.is_file()]


def test_the_served_site_ships_no_axe_and_no_source_maps(built_site: BuiltSite) -> None:
    """axe-core is a test asset and source maps serve only developers: neither is published."""
    files = _shipped(built_site.root)
    assert [f for f in files if "axe" in f.lower() or f.endswith(".map")] == []
    assert any(f.endswith(".js") for f in files)
    for script in built_site.root.rglob("*.js"):
        assert "sourceMappingURL=" not in script.read_text(encoding="utf-8")[-400:], script


def test_the_bundle_ships_no_axe_no_maps_and_no_stand_in_canonical(offline_bundle: Path) -> None:
    """Built with no public address, no page names a canonical link (the default is a stand-in)."""
    files = _shipped(offline_bundle)
    assert [f for f in files if "axe" in f.lower() or f.endswith(".map")] == []
    # a former id's redirect stub names its new page (relative), never a stand-in host
    pages = [
        p for p in offline_bundle.rglob("*.html") if 'http-equiv="refresh"' not in p.read_text()
    ]
    assert len(pages) > 50
    for html in pages:
        text = html.read_text(encoding="utf-8")
        assert 'rel="canonical"' not in text, html
        assert "xpuref.example.org" not in text, html


def test_the_served_site_keeps_its_canonical_link(built_site: BuiltSite) -> None:
    """With a public address set, pages do name their canonical address."""
    text = (built_site.root / "glossary" / "index.html").read_text(encoding="utf-8")
    assert f'<link rel="canonical" href="{built_site.url}glossary/">' in text
