"""Export reasons in plain words wherever shown: devices.json, calculator, map, statements."""

from __future__ import annotations

import pytest
from tests.data.test_export_answers import FIELD_PATH, answers

from xpuref.data.dataset import Dataset, load_dataset
from xpuref.data.paths import data_dir
from xpuref.views.figures import not_placed
from xpuref.views.published import published_checks


@pytest.fixture(scope="module")
def catalog() -> Dataset:
    """The real catalog."""
    return load_dataset(data_dir())


def test_the_pattern_catches_field_paths() -> None:
    """The check would fail on the texts the issue quoted."""
    assert FIELD_PATH.search("cannot be decided without peak_dense.int4_matrix, die_area_mm2")
    assert FIELD_PATH.search("note-2-to-3A090")
    assert not FIELD_PATH.search("the INT4 matrix rate is not published; die area is not published")


def test_reasons_of_devices_json_and_the_calculator_name_quantities(catalog: Dataset) -> None:
    """devices.json's reason and the export calculator's reason, for every device and rule."""
    seen = 0
    for device_id, rule_id, found, published in answers(catalog):
        for text in (published["reason"], found["reason"]):
            assert not FIELD_PATH.search(text), (device_id, rule_id, text)
            seen += 1
    assert seen == 2 * len(catalog.devices) * len(catalog.rules)


def test_map_and_statement_reasons_name_quantities(catalog: Dataset) -> None:
    """The export map's not-placed list and the published statements' checks say quantities."""
    unplaced = not_placed(catalog)
    assert unplaced
    for device, reason in unplaced:
        assert not FIELD_PATH.search(reason), (device.id, reason)
    checks = published_checks(catalog)
    assert checks
    for check in checks:
        assert not FIELD_PATH.search(check.reason), (check.device_id, check.reason)
