"""Every figure kind is valid plotly: property names and values are checked by plotly itself.

The build serialises plain dictionaries (validating every device page's figure with
plotly.graph_objects at build time would cost more than the whole render); each kind of
figure is validated here instead, on the real data, with the plotly version that matches the
vendored plotly.js bundle.
"""

from __future__ import annotations

import re
from functools import cache
from typing import Any

import plotly.graph_objects as go
import pytest
from plotly.offline import get_plotlyjs_version
from tests.conftest import ROOT, real_dataset

from xpuref.data.dataset import Dataset
from xpuref.views import figures

BUNDLE = ROOT / "site_overrides" / "assets" / "vendor" / "plotly" / "plotly-basic.min.js"


@cache
def real() -> Dataset:
    """The real catalog, loaded once."""
    return real_dataset()


def _validate(figure: dict[str, Any]) -> go.Figure:
    """Build a plotly Figure from a serialised figure; plotly raises on any invalid property."""
    return go.Figure(data=figure["data"], layout=figure["layout"])


def test_vendored_bundle_matches_the_plotly_package() -> None:
    """The plotly.js partial bundle served by the site is the version plotly.py targets."""
    head = BUNDLE.read_text(encoding="utf-8")[:400]
    found = re.search(r"plotly\.js[^\n]*? v(\d+\.\d+\.\d+)", head)
    assert found is not None
    assert found.group(1) == get_plotlyjs_version()


@pytest.mark.parametrize(
    "build",
    [
        figures.roofline_explorer,
        figures.trends,
        figures.efficiency,
        figures.export_map,
        figures.architecture_timeline,
    ],
    ids=["roofline", "trends", "efficiency", "export-map", "timeline"],
)
def test_catalog_charts_are_valid_plotly(build: Any) -> None:
    """Each variant of each catalog chart passes plotly's own validation."""
    chart = build(real())
    assert chart.variants
    for figure in chart.variants.values():
        built = _validate(figure)
        assert len(built.data) == len(figure["data"])


def test_device_rooflines_are_valid_plotly() -> None:
    """A device roofline for a sample of devices passes plotly's validation."""
    checked = 0
    for device in real().sorted_devices()[::10]:
        chart = figures.device_roofline(device, real())
        if chart is None:
            continue
        for figure in chart.variants.values():
            _validate(figure)
        checked += 1
    assert checked >= 5


def test_a_misspelled_property_is_refused() -> None:
    """The check has teeth: plotly refuses an unknown trace property."""
    with pytest.raises(ValueError):
        _validate({"data": [{"type": "scatter", "markr": {}}], "layout": {}})
