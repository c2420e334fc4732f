"""The offline 404 page: site-absolute addresses become relative to the top of the bundle."""

from __future__ import annotations

from xpuref.site.notfound import relative_404


def test_relative_404_rewrites_assets_links_and_config() -> None:
    """Assets, page links, the home link and the theme's base and worker paths lose the slash."""
    html = (
        '<link href="/assets/css/x.css"><script src="/assets/js/y.js"></script>'
        '<a href="/.">home</a><a href="/devices/index.html">d</a><a href="//cdn.example/x">cdn</a>'
        '<script id="__config">{"base": "/", "search": "/assets/javascripts/workers/s.js"}</script>'
    )
    out = relative_404(html)
    assert 'href="assets/css/x.css"' in out and 'src="assets/js/y.js"' in out
    assert 'href="index.html"' in out and 'href="devices/index.html"' in out
    assert 'href="//cdn.example/x"' in out
    assert '"base": "."' in out and '"search": "assets/javascripts/workers/s.js"' in out
