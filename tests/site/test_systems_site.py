"""Tests that the site generates system pages with totals and member links, without a full build."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from mkdocs.config import load_config
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.structure.files import Files, get_files
from tests.conftest import ROOT

from xpuref.site import adapter

pytestmark = pytest.mark.site


def _generated(use_directory_urls: bool) -> tuple[MkDocsConfig, Files]:
    """Run the plugins' (and so the hooks') on_config and on_files over the real data."""
    config = load_config(str(ROOT / "mkdocs.yml"), use_directory_urls=use_directory_urls)
    config = config.plugins.on_config(config)
    return config, config.plugins.on_files(get_files(config), config=config)


@pytest.fixture(scope="module")
def generated() -> tuple[MkDocsConfig, Files]:
    """Generated files with directory URLs, as the online site has them."""
    return _generated(True)


def _content(files: Files, src_uri: str) -> str:
    """The content of a generated file."""
    file = files.get_file_from_path(src_uri)
    assert file is not None, src_uri
    return file.content_string


def test_system_page_has_totals_and_member_links(generated: tuple[MkDocsConfig, Files]) -> None:
    """systems/<id>.md exists, shows derived totals and links every member's device page."""
    _, files = generated
    page = _content(files, "systems/nvidia-dgx-h100.md")
    assert '<h1 id="system-title">NVIDIA DGX H100</h1>' in page
    assert 'id="total-memory"' in page and 'data-value="640" data-unit="GiB"' in page
    assert 'id="total-bf16-matrix"' in page and 'data-value="7.916"' in page
    assert 'id="bisection-bandwidth"' in page
    assert '<a href="../../devices/nvidia-h100-sxm5-80gb/">NVIDIA H100 SXM5 80GB</a>' in page
    assert 'id="source-stas00-network"' in page


def test_every_system_has_a_page_outside_the_nav(generated: tuple[MkDocsConfig, Files]) -> None:
    """One page per system file; none is in the nav (they are linked from systems.md)."""
    config, files = generated
    ds = adapter._build_of(config).dataset
    assert len(ds.systems) >= 6
    for system_id in ds.systems:
        assert files.get_file_from_path(f"systems/{system_id}.md") is not None
    nav = json.dumps(config.nav)
    assert "systems.md" in nav and "systems/" not in nav.replace("systems.md", "")


def test_member_device_pages_link_their_systems(generated: tuple[MkDocsConfig, Files]) -> None:
    """A device page lists the systems it is a member of, with the count."""
    _, files = generated
    page = _content(files, "devices/huawei-ascend-910c.md")
    assert "## Systems" in page
    assert '<a href="../../systems/huawei-cloudmatrix-384/">Huawei CloudMatrix 384</a>: 384' in page
    lone = _content(files, "devices/nvidia-geforce-rtx-4090-24gb.md")
    assert "## Systems" not in lone


def test_devices_json_lists_systems(generated: tuple[MkDocsConfig, Files]) -> None:
    """devices.json has a systems list with derived totals, and devices name their systems."""
    _, files = generated
    body = json.loads(_content(files, "data/devices.json"))
    systems = {s["id"]: s for s in body["systems"]}
    nvl72 = systems["nvidia-gb200-nvl72"]
    assert nvl72["url"] == "systems/nvidia-gb200-nvl72/"
    assert nvl72["members"][0]["device"] == "nvidia-gb200-186gb"
    assert nvl72["derived"]["peak_dense"]["bf16_matrix"] == pytest.approx(180_000)
    gb200 = next(d for d in body["devices"] if d["id"] == "nvidia-gb200-186gb")
    assert gb200["systems"] == ["nvidia-gb200-nvl72"]


def test_links_follow_the_url_style() -> None:
    """Without directory URLs (the offline bundle) member links point at .html files."""
    _, files = _generated(False)
    page = _content(files, "systems/nvidia-dgx-b200.md")
    assert '<a href="../devices/nvidia-b200-sxm-180gb.html">' in page


def test_systems_index_page_renders_its_table(tmp_path: Path) -> None:
    """content/systems.md expands system_table() into a row per system."""
    from xpuref.data.dataset import load_dataset
    from xpuref.data.paths import DATA_DIR
    from xpuref.data.version import data_version
    from xpuref.render.macros import page_macros, page_values
    from xpuref.render.pagecontext import PageContext
    from xpuref.render.pages import render_page_macros

    ds = load_dataset(DATA_DIR)
    ctx = PageContext(ds, data_version(DATA_DIR), "systems/", True)
    text = (ROOT / "content" / "systems.md").read_text(encoding="utf-8")
    html = render_page_macros(text, page_macros(ctx), page_values(ctx))
    assert html.count('<tr><td><a href="') == len(ds.systems)
    assert '<a href="nvidia-dgx-h100/" translate="no">NVIDIA DGX H100</a>' in html
    assert '8 × <a href="../devices/nvidia-h100-sxm5-80gb/" translate="no">' in html
