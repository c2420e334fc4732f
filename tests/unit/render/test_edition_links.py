"""Tables that content pages expand keep the reader in their edition; zh headings name vendors."""

from __future__ import annotations

import re

from xpuref.data.dataset import Dataset
from xpuref.render.pages import architecture_table, device_table
from xpuref.render.systems import system_table

_HREF = re.compile(r'href="([^"#]+)"')


def _page_links(html: str) -> list[str]:
    """The relative links to pages (not data files or anchors) in a rendered table."""
    return [h for h in _HREF.findall(html) if "://" not in h and not h.endswith((".json", ".csv"))]


def test_the_chinese_catalog_links_stay_in_zh(dataset: Dataset) -> None:
    """From zh/devices/ each device link is a sibling folder, the compare link zh/compare/."""
    zh = _page_links(str(device_table(dataset, "zh/devices/", True, edition="zh/")))
    en = _page_links(str(device_table(dataset, "devices/", True)))
    assert zh and zh == en  # the same relative links: each edition's own pages
    assert "../compare/" in zh
    assert not [h for h in zh if h.startswith("../../")]


def test_the_chinese_systems_table_links_stay_in_zh(real_data: Dataset) -> None:
    """From zh/systems/ system and member links resolve below zh/."""
    zh = _page_links(str(system_table(real_data, "zh/systems/", True, edition="zh/")))
    assert zh and not [h for h in zh if h.startswith("../../")], zh


def test_architecture_headings_lead_with_the_chinese_vendor_name(real_data: Dataset) -> None:
    """In Chinese, Cambricon's heading reads 寒武纪 Cambricon; in English, Cambricon."""
    zh = str(architecture_table(real_data, "zh"))
    en = str(architecture_table(real_data))
    assert '<h2 id="cambricon">寒武纪 Cambricon</h2>' in zh
    assert '<h2 id="cambricon">Cambricon</h2>' in en
