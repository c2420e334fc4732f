"""A device page's source list says what kind of page each source is and what it cites."""

from __future__ import annotations

import re
from pathlib import Path

from xpuref.data.base import CitedDocument
from xpuref.data.dataset import Dataset, load_dataset
from xpuref.data.version import DataVersion
from xpuref.render.pages import device_page

VERSION = DataVersion("test", "2026-01-01", 0)


def _source_items(markdown: str) -> list[str]:
    """The list items of the Sources section."""
    section = markdown.split("## Sources", 1)[1]
    return re.findall(r"<li id=\"source-[^\"]+\">.*?</li>", section)


def test_each_source_shows_its_tier_and_what_it_cites(data_copy: Path) -> None:
    # A dataset of its own: pages memoise per device id, and this device's sources are replaced.
    dataset = load_dataset(data_copy)
    device = dataset.devices["nvidia-h100-sxm5-80gb"]
    base = device.sources[0]
    sources = [
        base.model_copy(update={"id": "ref-plain", "cites": None}),
        base.model_copy(
            update={
                "id": "ref-citing",
                "cites": CitedDocument(
                    title="NVIDIA H100 <datasheet>", url="https://resources.nvidia.com/h100"
                ),
            }
        ),
        base.model_copy(
            update={
                "id": "meta-table",
                "url": "https://github.com/facebookresearch/xformers/blob/x/limits.py",
                "cites": None,
            }
        ),
        base.model_copy(
            update={
                "id": "nv-repo",
                "url": "https://github.com/NVIDIA/x/blob/y/z.py",
                "cites": None,
            }
        ),
    ]
    page = device_page(device.model_copy(update={"sources": sources}), dataset, VERSION)
    items = _source_items(page)
    assert len(items) == 4
    assert '<span class="xpuref-tier">reference</span>' in items[0]
    assert "Cites:" not in items[0]
    assert "reference citing the vendor&#39;s document" in items[1]
    # The cited title is data: it is escaped, and its address is linked.
    assert 'Cites: <a href="https://resources.nvidia.com/h100"' in items[1]
    assert "NVIDIA H100 &lt;datasheet&gt;" in items[1]
    # Meta's repository is a reference on an NVIDIA card, never "vendor document".
    assert '<span class="xpuref-tier">reference</span>' in items[2]
    assert '<span class="xpuref-tier">vendor document</span>' in items[3]
    # The key to the tiers links to the data-quality page from where the device page is served.
    assert '<a href="../../data-quality/">Data quality</a>' in page


def test_the_lede_says_announced_for_a_part_not_yet_shipping(dataset: Dataset) -> None:
    device = dataset.devices["nvidia-h100-sxm5-80gb"]
    shipping = device_page(device, dataset, VERSION)
    announced = device_page(device.model_copy(update={"status": "announced"}), dataset, VERSION)
    assert f"launched {device.launch_date}</p>" in shipping
    assert f"announced {device.launch_date}, not yet shipping</p>" in announced
    assert "launched" not in announced.split('class="xpuref-lede"', 1)[1].split("</p>", 1)[0]
