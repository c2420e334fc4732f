"""Links that last: redirects from former ids, canonical links, data version on every page."""

from __future__ import annotations

import itertools
import json
from pathlib import Path

import pytest
from tests.conftest import BuiltSite, real_dataset

from xpuref.data.dataset import load_dataset

pytestmark = pytest.mark.site


def test_redirect_map_from_former_ids(data_copy: Path) -> None:
    """A former id maps to the device that carries it."""
    file = data_copy / "devices/nvidia/nvidia-h100-sxm5-80gb.yaml"
    file.write_text(
        file.read_text().replace("status: shipping", "status: shipping\nformer_ids: [h100-sxm]")
    )
    assert load_dataset(data_copy).redirects() == {"h100-sxm": "nvidia-h100-sxm5-80gb"}


def test_former_id_may_not_shadow_a_device(data_copy: Path) -> None:
    """A former id equal to a live id is refused (the old URL would be ambiguous)."""
    file = data_copy / "devices/nvidia/nvidia-h100-sxm5-80gb.yaml"
    text = file.read_text()
    other = data_copy / "devices/nvidia/nvidia-h100-other.yaml"
    other.write_text(
        text.replace("id: nvidia-h100-sxm5-80gb", "id: nvidia-h100-other")
        .replace("name: NVIDIA H100 SXM5 80GB", "name: Other")
        .replace('aliases: ["NVIDIA H100 80GB HBM3"]', "aliases: []")
        .replace("status: shipping", "status: shipping\nformer_ids: [nvidia-h100-sxm5-80gb]")
    )
    from xpuref.data.problems import DataError

    with pytest.raises(DataError) as caught:
        load_dataset(data_copy)
    assert any("former_ids" in str(p) and "already used" in str(p) for p in caught.value.problems)


def test_old_url_redirects_in_built_site(built_site: BuiltSite) -> None:
    """The built site keeps a page at each former id's address, in each edition's language,
    that forwards to the device's page (read from the run's shared build of the real catalog)."""
    moved = real_dataset().redirects()
    assert moved, "the real catalog keeps at least one former id"
    words = {"": "This device page has moved to", "zh/": "此设备页面已迁移到"}
    for (old, new), (edition, said) in itertools.product(sorted(moved.items()), words.items()):
        page = (built_site.root / edition / "devices" / old / "index.html").read_text()
        assert f'<html lang="{edition.rstrip("/") or "en"}">' in page, (edition, old)
        assert f'content="0; url=../{new}/"' in page and f'href="../{new}/"' in page
        assert said in page, (edition, old)
        assert (built_site.root / edition / "devices" / new / "index.html").is_file()


def test_every_page_shows_data_version(built_site: BuiltSite) -> None:
    """Every HTML page names the data version it was built from, as the JSON does."""
    version = json.loads((built_site.root / "data/devices.json").read_text())["data_version"]
    pages = sorted(built_site.root.rglob("*.html"))
    assert len(pages) > 20
    for html in pages:
        text = html.read_text()
        if 'http-equiv="refresh"' in text:
            continue
        assert f"xpuref data version <code>{version}</code>" in text, html


def test_device_rows_carry_citation_data(built_site: BuiltSite) -> None:
    """Spec tables carry the canonical address and version the cite button uses."""
    html = (built_site.root / "devices/nvidia-h100-sxm5-80gb/index.html").read_text()
    assert f'data-canonical="{built_site.url}devices/nvidia-h100-sxm5-80gb/"' in html
    assert 'data-label="BF16 matrix, dense" data-value="989.5" data-unit="TFLOPS"' in html
