"""Export answers a reader acts on: one decision for pages and calculator, said in plain words."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest

from xpuref import calc
from xpuref.data.dataset import Dataset, load_dataset
from xpuref.data.paths import data_dir
from xpuref.render.calculators import compact_device
from xpuref.views.derive import published_bounds
from xpuref.views.export_view import export_record, export_rows
from xpuref.views.host_link import pcie_rates

#: What a field path or an internal id looks like in text.
FIELD_PATH = re.compile(r"peak_dense|interconnect\.|die_area|_gbs\b|_mm2\b|note-\d|\bmemory\.")


@pytest.fixture(scope="module")
def catalog() -> Dataset:
    """The real catalog."""
    return load_dataset(data_dir())


def answers(catalog: Dataset) -> Iterator[tuple[str, str, calc.ExportAnswer, dict[str, Any]]]:
    """Each device and rule: the export calculator's answer and the page's published record."""
    pcie = pcie_rates(catalog)
    for device in catalog.sorted_devices():
        record = compact_device(
            device, catalog.architectures.get(device.architecture), pcie,
            published_bounds(device, catalog),
        )["calc"]  # fmt: skip
        page = export_record(device, catalog)
        for rule in catalog.rule_dicts():
            yield device.id, rule["id"], calc.export_answer(record, rule), page[rule["id"]]


def test_calculator_and_page_agree_on_every_device_and_rule(catalog: Dataset) -> None:
    """The export calculator's record of each device gives the page's class and reason."""
    compared = 0
    for device_id, rule_id, found, page in answers(catalog):
        assert found["answer"] == page["class"], (device_id, rule_id)
        assert found["reason"] in page["reason"], (device_id, rule_id)
        compared += 1
    assert compared == len(catalog.devices) * len(catalog.rules)


def test_every_possible_class_controlled_reads_as_both(catalog: Dataset) -> None:
    """H800 PCIe under the 2023 rule: '3A090.a or 3A090.b', never 'unknown'."""
    h800 = next(d for d in catalog.devices.values() if "h800-pcie" in d.id)
    assert export_record(h800, catalog)["us-2023-10"]["class"] == "3A090.a or 3A090.b"
    for device in catalog.devices.values():
        for rule, record in export_record(device, catalog).items():
            possible = record["possible_classes"]
            if "not-controlled" not in possible and "unknown" not in possible:
                assert record["class"] != "unknown", (device.id, rule)


def test_no_export_reason_names_a_field_path(catalog: Dataset) -> None:
    """Reasons, open inputs and notes on device pages say quantities, not field paths or ids."""
    for device in catalog.devices.values():
        for row in export_rows(device, catalog):
            for text in (row.reason, *row.missing, row.interpretation):
                assert not FIELD_PATH.search(text), (device.id, row.rule, text)


def test_missing_words() -> None:
    """The reason names the quantity: 'the INT4 matrix rate is not published; die area ...'."""
    assert calc.missing_words(["peak_dense.int4_matrix", "die_area_mm2"]) == (
        "the INT4 matrix rate is not published; die area is not published"
    )
    assert calc.missing_words(["peak_dense.fp64", "peak_dense.fp8_matrix"]) == (
        "the FP64 vector and FP8 matrix rates are not published"
    )


def test_licence_events_sit_beside_the_class(catalog: Dataset) -> None:
    """H20 and MI308X pages list the April 2025 licence requirement and July 2025 change, dated."""
    from xpuref.data.version import DataVersion
    from xpuref.render.pages import device_page

    version = DataVersion("test", "2026-11-28", 0)
    for device_id, first in (("nvidia-h20-96gb", "2025-04-09"), ("amd-instinct-mi308x", "2025-04")):
        page = device_page(catalog.devices[device_id], catalog, version)
        section = page.split("## Export control", 1)[1]
        assert "Licence requirements placed on this part" in section
        assert f"<strong>{first}</strong>" in section and "<strong>2025-07</strong>" in section
        assert section.index("export-us-2023-10") < section.index("export-licences")
        assert all(e.source.url.startswith("https://") for e in catalog.licences)
