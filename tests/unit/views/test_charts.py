"""Figure builders: every device with the inputs is placed, at its catalog or derived values."""

from __future__ import annotations

import dataclasses
import json
import math
import re
import tempfile
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from tests.conftest import ROOT, make_data_dir, real_dataset, real_rules

from xpuref import calc
from xpuref.data.dataset import Dataset, load_dataset
from xpuref.data.version import DataVersion
from xpuref.render.charts import device_section, macros, render_chart
from xpuref.render.inline_json import dumps_for_html, script_json
from xpuref.render.pagecontext import PageContext
from xpuref.render.pages import derived_rows
from xpuref.views import figures
from xpuref.views.compare import compare_payload, compare_rows
from xpuref.views.derive import derived_for, export_for
from xpuref.views.figures._common import HALF, esc, rate_of
from xpuref.views.figures._efficiency import efficiency_point
from xpuref.views.figures._export_map import Rect, condition_rects
from xpuref.views.figures._trends import launch_position
from xpuref.views.publish import device_record
from xpuref.views.words import class_words


@cache
def real() -> Dataset:
    """The real catalog, loaded once."""
    return real_dataset()


@cache
def hostile() -> Dataset:
    """The fixture whose text fields carry script payloads, given a die area so it is mapped."""
    root = make_data_dir(Path(tempfile.mkdtemp()) / "data", ROOT / "tests" / "fixtures" / "hostile")
    catalog = load_dataset(root)
    devices = {k: d.model_copy(update={"die_area_mm2": 800.0}) for k, d in catalog.devices.items()}
    return dataclasses.replace(catalog, devices=devices, memo={})


def _points(figure: dict[str, Any]) -> dict[str, tuple[float, float]]:
    """Device id -> (x, y) over the traces of a figure that carry device ids."""
    found: dict[str, tuple[float, float]] = {}
    for trace in figure["data"]:
        for i, ident in enumerate(trace.get("ids", [])):
            assert ident not in found, ident
            found[ident] = (trace["x"][i], trace["y"][i])
    return found


def test_roofline_explorer_places_every_device_at_catalog_values() -> None:
    """Per precision, every device with that rate and a bandwidth is a point at those values."""
    catalog = real()
    chart = figures.roofline_explorer(catalog)
    assert next(iter(chart.variants)) == HALF
    for key, figure in chart.variants.items():
        points = _points(figure)
        expected = {
            d.id: (d.memory.bandwidth_gbs, found[1])
            for d in catalog.devices.values()
            if (found := rate_of(d, key)) is not None and d.memory.bandwidth_gbs is not None
        }
        assert points == expected, key
    h100 = _points(chart.variants["bf16_matrix"])["nvidia-h100-sxm5-80gb"]
    assert h100 == (3350, 989.5)


def test_roofline_ridge_lines_follow_the_definition() -> None:
    """A ridge guide line at R FLOP/B has peak = R x bandwidth / 1000 (TFLOPS over GB/s)."""
    figure = figures.roofline_explorer(real()).variants[HALF]
    guides = [t for t in figure["data"] if t["name"].startswith("ridge ")]
    assert len(guides) == 4
    for trace in guides:
        ridge = float(trace["name"].split()[1].replace(",", ""))
        for x, y in zip(trace["x"], trace["y"], strict=True):
            assert y == pytest.approx(ridge * x / 1e3)


def test_half_rate_is_the_larger_of_bf16_and_fp16() -> None:
    """MI100 lists FP16 matrix at twice its BF16 matrix rate: the larger one is used."""
    mi100 = real().devices["amd-instinct-mi100-pcie-32gb"]
    assert rate_of(mi100, HALF) == ("fp16_matrix", 184.6)


def test_trends_panels_hold_catalog_values() -> None:
    """Each trends panel has one point per device with the value, at its launch month."""
    catalog = real()
    figure = figures.trends(catalog).variants["all"]
    by_axis: dict[str, dict[str, tuple[float, float]]] = {}
    for trace in figure["data"]:
        panel = by_axis.setdefault(trace["yaxis"], {})
        panel.update(
            {i: (x, y) for i, x, y in zip(trace["ids"], trace["x"], trace["y"], strict=True)}
        )
    # Capacity in GiB (on-chip SRAM too); bandwidth of off-chip memory only.
    capacity = {
        d.id: (launch_position(d), d.memory.capacity_bytes / 2**30)
        for d in catalog.devices.values()
        if d.memory.capacity_bytes is not None
    }
    assert by_axis["y3"] == capacity
    assert by_axis["y3"]["nvidia-h100-sxm5-80gb"][1] == 80
    bandwidth = {
        d.id: d.memory.bandwidth_gbs
        for d in catalog.devices.values()
        if d.memory.bandwidth_gbs is not None and not d.memory.on_chip
    }
    assert "cerebras-wse-3" not in by_axis["y2"]
    assert {k: v[1] for k, v in by_axis["y2"].items()} == bandwidth
    half = {d.id: r[1] for d in catalog.devices.values() if (r := rate_of(d, HALF))}
    assert {k: v[1] for k, v in by_axis["y"].items()} == half
    assert by_axis["y"]["nvidia-h100-sxm5-80gb"][0] == pytest.approx(2022 + 8 / 12)


def test_trends_legend_names_every_vendor_drawn() -> None:
    """Each vendor with a point on any panel has one legend entry (Cerebras has no BF16 rate)."""
    catalog = real()
    data = figures.trends(catalog).variants["all"]["data"]
    drawn = {t["legendgroup"] for t in data if t["ids"]}
    shown = [t["legendgroup"] for t in data if t.get("showlegend")]
    assert sorted(shown) == sorted(drawn) and len(shown) == len(set(shown))
    assert {"cerebras", "apple", "hygon", "thead"} <= drawn
    layout = figures.trends(catalog).variants["all"]["layout"]
    assert layout["yaxis3"]["title"]["text"].endswith("(GiB)")


def test_efficiency_uses_derived_figures() -> None:
    """Per watt is derived tflops_per_watt; per GB/s is rate / bandwidth (ridge / 1000)."""
    catalog = real()
    chart = figures.efficiency(catalog)
    for key, figure in chart.variants.items():
        points = _points(figure)
        for device in catalog.devices.values():
            found = efficiency_point(device, key, catalog)
            if found is None:
                assert device.id not in points
                continue
            used, rate, _, _ = found
            derived = derived_for(device, catalog)
            assert points[device.id][0] == derived["tflops_per_watt"][used]
            assert points[device.id][1] == pytest.approx(rate / device.memory.bandwidth_gbs)  # type: ignore[operator]


def test_export_map_places_devices_with_tpp_and_density() -> None:
    """Every device with TPP and die area is placed at (density, TPP); the rest are listed."""
    catalog = real()
    chart = figures.export_map(catalog)
    newest_first = sorted(real_rules(), key=lambda r: str(r["published"]), reverse=True)
    assert list(chart.variants) == [r["id"] for r in newest_first]  # opens on the newest rule
    assert chart.default == "us-2023-10"
    for figure in chart.variants.values():  # classes differ by marker shape as well as colour
        symbols = {
            t["name"]: t["marker"]["symbol"] for t in figure["data"] if "(device)" in t["name"]
        }
        assert len(set(symbols.values())) == len(symbols), symbols
    missing = {d.id: why for d, why in figures.not_placed(catalog)}
    for figure in chart.variants.values():
        points = _points(figure)
        # Devices with the same figures share one marker, named in its hover as "Same point".
        shared = {
            (name, spot)
            for trace in figure["data"]
            for ident, x, y, text in zip(
                trace.get("ids", []), trace["x"], trace["y"], trace.get("text", []), strict=False
            )
            for spot in [(x, y)]
            for name in text.split("<br>Same point: ")[1:]
        }
        merged = set()
        for device in catalog.devices.values():
            derived = derived_for(device, catalog)
            spot = (derived["performance_density"], derived["tpp"])
            if device.id in points:
                assert points[device.id] == spot
            elif (esc(device.name), spot) in shared:
                merged.add(device.id)
            else:
                assert missing[device.id] in {"no die area", "no peak rate"}
        assert set(points) | merged | set(missing) == set(catalog.devices)
        assert not (set(points) | merged) & set(missing)


def test_export_map_colours_points_by_calc_class() -> None:
    """A device's point sits in the trace of the class xpuref.calc gives it under that rule."""
    catalog = real()
    chart = figures.export_map(catalog)
    for rule, figure in chart.variants.items():
        for trace in figure["data"]:
            for ident in trace.get("ids", []):
                verdict = export_for(catalog.devices[ident], catalog)[rule]
                assert trace["name"] == f"{class_words(verdict)} (device)"


def test_export_regions_come_from_the_rules_data(monkeypatch: pytest.MonkeyPatch) -> None:
    """Thresholds drawn are the ones in the loaded rules, not constants in the code."""
    rule = {
        "id": "test-rule",
        "classes": [
            {
                "class": "3A090.a",
                "condition": {
                    "all_of": [
                        {"metric": "tpp", "min": 1234},
                        {"metric": "performance_density", "min": 2.5},
                    ]
                },
            }
        ],
    }
    monkeypatch.setattr(figures._export_map, "export_for", lambda d, ds: {"test-rule": "unknown"})
    chart = figures.export_map(dataclasses.replace(real(), rules=(), memo={}), [rule])
    assert list(chart.variants) == ["test-rule"]
    region = chart.variants["test-rule"]["data"][0]
    assert region["fill"] == "toself"
    assert min(v for v in region["y"] if v is not None) == 1234
    assert min(v for v in region["x"] if v is not None) == 2.5


def test_real_rule_regions() -> None:
    """The October 2023 rule's regions, read from the data file, have the published bounds."""
    rule = next(r for r in real_rules() if r["id"] == "us-2023-10")
    regions = {r.klass: r for r in figures.class_regions(rule)}
    assert Rect(4800, math.inf, -math.inf, math.inf) in regions["3A090.a"].rects
    assert Rect(1600, 4800, 5.92, math.inf) in regions["3A090.a"].rects
    assert Rect(2400, 4800, 1.6, 5.92) in regions["3A090.b"].rects
    old = next(r for r in real_rules() if r["id"] == "us-2022-10")
    assert figures.class_regions(old)[0].also == ("io_bandwidth_gbs ≥ 600",)


def _thresholds() -> set[float]:
    """Every bound that appears in the rule file."""
    found: set[float] = set()
    for rule in real_rules():
        for region in figures.class_regions(rule):
            for box in region.rects:
                found |= {box.tpp_lo, box.tpp_hi, box.dens_lo, box.dens_hi}
    return found


@settings(deadline=None)  # the first example reads the rule file; a shared machine can stall it
@given(
    st.floats(min_value=100, max_value=100_000),
    st.floats(min_value=0.05, max_value=100),
)
def test_regions_agree_with_classify(tpp: float, density: float) -> None:
    """A point's shaded region is the class calc.classify gives a datacenter part there."""
    if any(abs(tpp - t) < 1e-6 * t or abs(density - t) < 1e-6 * t for t in _thresholds() if t):
        return
    device = {
        "peak_dense": {"int8_matrix": tpp / 8},
        "die_area_mm2": tpp / density,
        "interconnect": {"scale_up_bandwidth_gbs": 900},
    }
    for rule in real_rules():
        inside = [
            r.klass
            for r in figures.class_regions(rule)
            if any(b.tpp_lo <= tpp < b.tpp_hi and b.dens_lo <= density < b.dens_hi for b in r.rects)
        ]
        assert len(inside) <= 1
        assert calc.classify(device, rule) == (inside[0] if inside else "not-controlled")


def test_condition_rects_notes_off_axis_metrics() -> None:
    """A condition on a metric off the axes covers the plane and is named for the legend."""
    extra: list[str] = []
    boxes = condition_rects({"metric": "io_bandwidth_gbs", "min": 600}, extra)
    assert boxes == [Rect(-math.inf, math.inf, -math.inf, math.inf)]
    assert extra == ["io_bandwidth_gbs ≥ 600"]


def test_timeline_has_every_architecture() -> None:
    """Each architecture is one marker at its year, in its vendor's trace."""
    catalog = real()
    figure = figures.architecture_timeline(catalog).variants["all"]
    years = sorted(x for trace in figure["data"] for x in trace["x"])
    assert years == sorted(a.year for a in catalog.architectures.values())
    assert sum(len(t["x"]) for t in figure["data"]) == len(catalog.architectures)


def test_device_roofline_lines() -> None:
    """Each precision's line rises at the bandwidth, bends at the ridge point, then is flat."""
    catalog = real()
    device = catalog.devices["nvidia-h100-sxm5-80gb"]
    chart = figures.device_roofline(device, catalog)
    assert chart is not None
    rates = dict(device.peak_dense)
    assert chart.trace_count() == len(rates)
    ridges = derived_for(device, catalog)["ridge_points"]
    for trace, (key, rate) in zip(chart.variants["all"]["data"], rates.items(), strict=True):
        low, corner, _ = trace["x"]
        assert corner == ridges[key]
        assert trace["y"][1] == rate == trace["y"][2]
        assert trace["y"][0] == pytest.approx(low * 3350 / 1e3)


def test_device_section_empty_without_bandwidth() -> None:
    """No bandwidth, no roofline section (and so no plotly on that page)."""
    catalog = real()
    without = [d for d in catalog.devices.values() if d.memory.bandwidth_gbs is None]
    assert without
    assert str(device_section(without[0], catalog)) == ""
    html = str(device_section(catalog.devices["nvidia-h100-sxm5-80gb"], catalog))
    assert html.startswith("## Roofline")
    assert 'data-xpuref-chart="xpuref-device-roofline-figure"' in html
    assert "Dense rates; sparse not counted." in html


_TAG = re.compile(r"<(?!/?b>|br>|/?extra>)")


def _figure_strings(obj: Any) -> list[str]:
    """Every string inside a figure."""
    if isinstance(obj, str):
        return [obj]
    if isinstance(obj, dict):
        return [s for v in obj.values() for s in _figure_strings(v)]
    if isinstance(obj, list):
        return [s for v in obj for s in _figure_strings(v)]
    return []


def test_hover_text_is_escaped() -> None:
    """Names with markup reach plotly as entities; only our own <b> and <br> tags remain."""
    catalog = hostile()
    device = next(iter(catalog.devices.values()))
    charts = [
        figures.roofline_explorer(catalog),
        figures.trends(catalog),
        figures.efficiency(catalog),
        figures.export_map(catalog),
        figures.architecture_timeline(catalog),
    ]
    roofline = figures.device_roofline(device, catalog)
    assert roofline is not None
    charts.append(roofline)
    for chart in charts:
        strings = _figure_strings(chart.payload())
        assert not [s for s in strings if _TAG.search(s)], chart.id
        joined = "".join(strings)
        if chart.id != "xpuref-timeline":
            assert "Evil &lt;script&gt;window.__pwned=" in joined, chart.id
        assert "<script" not in joined


def test_rendered_chart_escapes_table_and_json() -> None:
    """The HTML of a chart built from hostile data has no live markup from the data."""
    catalog = hostile()
    html = str(render_chart(figures.roofline_explorer(catalog), link=lambda i: f"d/{i}/"))
    assert "<script>window" not in html
    assert "&lt;script&gt;window.__pwned=&#39;name&#39;&lt;/script&gt;" in html
    payload = html.split('id="xpuref-roofline-explorer-figure-json">', 1)[1].split("</script>", 1)[
        0
    ]
    assert "<" not in payload
    parsed = json.loads(payload)
    assert parsed["default"] == HALF


def test_script_json_round_trips_and_escapes() -> None:
    """Inline JSON escapes <, > and & and still parses to the same object."""
    obj = {"a": "</script><!--&", "n": [1.5, None, True], "é": "\u2028"}
    text = dumps_for_html(obj)
    assert not set("<>&") & set(text)
    assert json.loads(text) == obj
    html = str(script_json(obj, 'x"y'))
    assert html.startswith('<script type="application/json" id="x&#34;y">')


def _ctx(catalog: Dataset, url: str = "charts/roofline/") -> PageContext:
    """A page context for macro tests."""
    return PageContext(catalog, DataVersion("test", "2026-01-01", 0), url, True)


def test_macros_render_every_chart() -> None:
    """Each chart macro gives a chart block with its data table, links and the CSV link."""
    found = macros(_ctx(real()))
    for name in ("roofline_chart", "trends_chart", "efficiency_chart", "timeline_chart"):
        html = str(found[name]())
        assert html.count('class="xpuref-chart"') == 1, name
        assert "Dense rates; sparse not counted." in html
        assert 'href="../../data/devices.csv"' in html
    html = str(found["export_map_chart"]())
    assert "Not placed (" in html
    assert 'href="../../devices/amd-instinct-mi100-pcie-32gb/"' in html


def test_compare_payload_matches_published_records() -> None:
    """Compare cells hold the device_record values; links point at device pages."""
    catalog = real()
    payload = compare_payload(catalog, lambda i: f"devices/{i}/")
    rows = [r["id"] for r in payload["rows"]]
    assert len(rows) == len(compare_rows(catalog))
    assert len(payload["devices"]) == len(catalog.devices)
    entry = next(d for d in payload["devices"] if d["id"] == "nvidia-h100-sxm5-80gb")
    record = device_record(catalog.devices["nvidia-h100-sxm5-80gb"], catalog)
    cell = dict(zip(rows, entry["values"], strict=True))
    assert cell["memory_bandwidth_gbs"] == [3350, "3,350"]
    assert cell["peak_bf16_matrix"][0] == record["peak_dense"]["bf16_matrix"]
    assert cell["tpp"][0] == record["derived"]["tpp"]
    assert cell["sparse_fp8_matrix"][0] == record["derived"]["sparse"]["fp8_matrix"]
    assert cell["export_us-2023-10"] == record["export_control"]["us-2023-10"]
    assert cell["vendor_name"] == "NVIDIA"
    assert entry["url"] == "devices/nvidia-h100-sxm5-80gb/"
    best = {r["id"]: r["best"] for r in payload["rows"]}
    assert best["memory_gb"] == "max"
    assert best["tdp_w"] is None


def test_tpp_from_a_partial_rate_set_is_shown_as_a_bound() -> None:
    """Device page and compare cells say '≥' exactly where TPP is a lower bound."""
    catalog = real()
    rows = compare_rows(catalog)
    tpp_at = next(i for i, row in enumerate(rows) if row.id == "tpp")
    cells = {d["id"]: d["values"][tpp_at] for d in compare_payload(catalog, lambda i: i)["devices"]}
    seen = set()
    for device in catalog.sorted_devices():
        derived = derived_for(device, catalog)
        if derived["tpp"] is None:
            continue
        seen.add(derived["tpp_exact"])
        shown = {r.anchor: r.value for r in derived_rows(device, catalog)}["tpp"]
        assert shown.startswith("≥ ") is (derived["tpp_exact"] is False), device.id
        assert cells[device.id][1].startswith("≥ ") is (derived["tpp_exact"] is False), device.id
    assert seen == {True, False}
    assert derived_for(catalog.devices["nvidia-h20-96gb"], catalog)["tpp_exact"] is False
    assert derived_for(catalog.devices["nvidia-h100-sxm5-80gb"], catalog)["tpp_exact"] is True


def test_two_chip_card_efficiency_counts_both_chips() -> None:
    """Atlas 300I Duo: per-chip FP16 8 x 1.06 GHz x 8192 = 69.47 TFLOPS, 150 W per two-chip card."""
    catalog = real()
    derived = derived_for(catalog.devices["huawei-atlas-300i-duo-96gb"], catalog)
    per_chip = 8 * 1.06 * 8192 / 1e3
    assert derived["tflops_per_watt"]["fp16_matrix"] == pytest.approx(2 * per_chip / 150)
