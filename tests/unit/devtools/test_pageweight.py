"""Page weight: gzipped HTML plus the local scripts and styles it loads, plotly for chart pages."""

from __future__ import annotations

import gzip
from pathlib import Path

from xpuref.devtools.pageweight import PLOTLY_PATH, heaviest_page, heaviest_pages, page_weight


def _gz(data: bytes) -> int:
    """Gzipped size at the level page_weight uses."""
    return len(gzip.compress(data, compresslevel=6, mtime=0))


def _site(tmp_path: Path) -> Path:
    """A tiny built site: a plain page, a chart page, shared assets and a remote script."""
    site = tmp_path / "site"
    (site / "assets/js").mkdir(parents=True)
    (site / "assets/vendor/plotly").mkdir(parents=True)
    (site / "charts").mkdir()
    (site / "assets/js/app.js").write_bytes(b"console.log('app');" * 50)
    (site / "assets/style.css").write_bytes(b"body { color: red; }" * 20)
    (site / PLOTLY_PATH).write_bytes(bytes(range(256)) * 40)
    head = (
        '<link rel="stylesheet" href="{up}assets/style.css">'
        '<script src="{up}assets/js/app.js?v=1"></script>'
        '<script src="https://cdn.example.org/x.js"></script>'
        '<link rel="icon" href="{up}assets/style.css">'
    )
    (site / "index.html").write_text(f"<html><head>{head.format(up='')}</head><body>hi</body>")
    (site / "charts/index.html").write_text(
        f"<html><head>{head.format(up='../')}</head>"
        '<body><div class="xpuref-chart" data-xpuref-chart="c-figure"></div></body></html>'
    )
    return site


def test_plain_page_counts_html_and_local_assets(tmp_path: Path) -> None:
    """HTML + stylesheet + local script, each gzipped; remote scripts and icons are ignored."""
    site = _site(tmp_path)
    weight = page_weight(site, "index.html")
    assert set(weight.parts) == {"index.html", "assets/style.css", "assets/js/app.js"}
    expected = sum(
        _gz((site / p).read_bytes()) for p in ("index.html", "assets/style.css", "assets/js/app.js")
    )
    assert weight.total == expected


def test_chart_page_adds_plotly(tmp_path: Path) -> None:
    """A page with a chart container also carries the plotly bundle charts.js loads."""
    site = _site(tmp_path)
    weight = page_weight(site, site / "charts/index.html")
    assert weight.page == "charts/index.html"
    assert weight.parts[PLOTLY_PATH] == _gz((site / PLOTLY_PATH).read_bytes())
    assert "assets/js/app.js" in weight.parts
    assert heaviest_pages(site, 1)[0].page == "charts/index.html"
    assert [w.page for w in heaviest_pages(site)] == ["charts/index.html", "index.html"]
    assert heaviest_page(site) == ("charts/index.html", weight.total)
