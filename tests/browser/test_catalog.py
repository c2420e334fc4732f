"""The catalog: numeric ranges, facets, a chosen precision, descending-first sorting, on-chip
SRAM kept apart, and every choice restored from the address after a reload."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any
from urllib.parse import parse_qs, urlparse

import pytest
from tests.conftest import BuiltSite

if TYPE_CHECKING:
    from playwright.sync_api import Page

pytestmark = pytest.mark.browser

VISIBLE = "#xpuref-catalog tbody tr:not([hidden])"
# Column index (1-based) of each sortable numeric column, and the record field it shows.
NUMERIC = {"year": 5, "mem": 6, "bw": 7, "rate": 8, "tdp": 9}


def _devices(site: BuiltSite) -> list[dict[str, Any]]:
    """The published device records."""
    return list(json.loads((site.root / "data/devices.json").read_text())["devices"])


def _marketed_gb(d: dict[str, Any]) -> float | None:
    """Capacity on the catalog's GB scale (MB and MiB as thousandths of that)."""
    if d["memory_gb_total"] is None:
        return None
    scale = {"GiB": 1.0, "GB": 1.0, "MiB": 1 / 1024, "MB": 1 / 1000}[d["memory_unit"]]
    return float(d["memory_gb_total"]) * scale  # a card of several chips: its whole memory


def _visible_ids(page: Page) -> set[str]:
    """Ids of the rows the filters leave."""
    return set(page.locator(VISIBLE).evaluate_all("rows => rows.map(r => r.dataset.id)"))


def _column(page: Page, key: str) -> list[tuple[str, str, bool]]:
    """(id, sort key, on-chip) of the visible rows, in table order, for one numeric column."""
    rows: list[list[Any]] = page.locator(VISIBLE).evaluate_all(
        f"""rows => rows.map(r => [r.dataset.id, r.cells[{NUMERIC[key] - 1}].dataset.sort || '',
                                   r.hasAttribute('data-onchip')])"""
    )
    return [(str(a), str(b), bool(c)) for a, b, c in rows]


def _open_facet(page: Page, name: str) -> None:
    """Open a facet's box so its checkboxes can be clicked."""
    details = page.locator(f"details[data-facet='{name}']")
    if details.get_attribute("open") is None:
        details.locator("summary").click()


def test_ranges_facets_and_reload(built_site: BuiltSite, page: Page) -> None:
    """Ranges and facets narrow to exactly the matching devices; a reload restores everything."""
    devices = _devices(built_site)
    page.goto(built_site.url + "devices/")
    _open_facet(page, "market")
    page.check("input[name='market'][value='datacenter']")
    _open_facet(page, "vendor")
    page.check("input[name='vendor'][value='nvidia']")
    page.check("input[name='vendor'][value='amd']")
    page.fill("input[name='mem_min']", "64")
    page.fill("input[name='bw_min']", "2000")
    page.fill("input[name='bw_max']", "8000")
    page.fill("input[name='tdp_max']", "1000")
    page.fill("input[name='year_min']", "2022")
    page.select_option(".xpuref-rate-choice", "fp8_matrix")
    page.fill("input[name='rate_min']", "1000")

    def wanted(d: dict[str, Any]) -> bool:
        mem, bw, tdp = _marketed_gb(d), d["memory_bandwidth_gbs"], d["tdp_w"]
        fp8 = d["peak_dense"].get("fp8_matrix")
        return (
            d["market"] == "datacenter"
            and d["vendor"] in {"nvidia", "amd"}
            and mem is not None and mem >= 64
            and bw is not None and 2000 <= bw <= 8000
            and tdp is not None and tdp <= 1000
            and d["launch_year"] >= 2022
            and fp8 is not None and fp8 >= 1000
        )  # fmt: skip

    expected = {d["id"] for d in devices if wanted(d)}
    assert expected, "the test's filters should leave some devices"
    assert _visible_ids(page) == expected
    assert page.locator(".xpuref-count").inner_text() == f"{len(expected)} devices"
    head = page.locator("th.xpuref-rate-head").inner_text()
    assert head.startswith("FP8 matrix")
    # Sort by bandwidth: the first click puts the largest first.
    page.locator("th[data-key='bw'] button").click()
    order = [row[0] for row in _column(page, "bw")]
    by_bw = {d["id"]: d["memory_bandwidth_gbs"] for d in devices}
    assert [by_bw[i] for i in order] == sorted((by_bw[i] for i in order), reverse=True)
    query = parse_qs(urlparse(page.url).query)
    assert query["market"] == ["datacenter"]
    assert sorted(query["vendor"][0].split(",")) == ["amd", "nvidia"]
    assert query["bw_min"] == ["2000"] and query["bw_max"] == ["8000"]
    assert query["rate"] == ["fp8_matrix"] and query["rate_min"] == ["1000"]
    assert query["sort"] == ["bw"] and query["order"] == ["desc"]
    # Reload: the same rows, in the same order, with the same controls set.
    page.reload()
    page.locator("form.xpuref-catalog-filters[data-ready]").wait_for(state="attached")
    assert _visible_ids(page) == expected
    assert [row[0] for row in _column(page, "bw")] == order
    assert page.locator(".xpuref-rate-choice").input_value() == "fp8_matrix"
    assert page.locator("input[name='bw_max']").input_value() == "8000"
    assert page.locator("input[name='vendor'][value='amd']").is_checked()
    assert page.locator("input[name='market'][value='datacenter']").is_checked()
    assert page.locator("input[name='market'][value='edge']").is_checked() is False
    assert page.locator("th[data-key='bw']").get_attribute("aria-sort") == "descending"
    # Clearing the filters shows every device again and empties the address.
    page.locator(".xpuref-filter-reset").first.click()
    assert len(_visible_ids(page)) == len(devices)
    assert "vendor=" not in page.url


def test_empty_result_says_so(built_site: BuiltSite, page: Page) -> None:
    """Filters that leave nothing show a message instead of an empty table."""
    page.goto(built_site.url + "devices/?year_min=2100")
    assert page.locator(VISIBLE).count() == 0
    assert page.locator(".xpuref-catalog-empty").is_visible()
    assert "No device matches" in page.locator(".xpuref-catalog-empty").inner_text()


def test_numeric_columns_sort_descending_first(built_site: BuiltSite, page: Page) -> None:
    """The first click on a numeric heading sorts largest first, the second smallest first;
    each heading in turn on one catalog, so a click on a new heading starts over whatever
    order the last one left."""
    page.goto(built_site.url + "devices/")
    for key in NUMERIC:
        button = page.locator(f"th[data-key='{key}'] button")
        for descending in (True, False):
            button.click()
            cells = _column(page, key)
            groups = [
                [float(s) for _, s, on_chip in cells if s and on_chip == flag]
                for flag in (False, True)
            ]
            for numbers in groups:
                assert numbers == sorted(numbers, reverse=descending), key
            present = [s for _, s, _ in cells if s]
            assert all(s for _, s, _ in cells[: len(present)]), f"{key}: missing values come last"
            state = "descending" if descending else "ascending"
            assert page.locator(f"th[data-key='{key}']").get_attribute("aria-sort") == state, key
            query = parse_qs(urlparse(page.url).query)
            assert query["order"] == ["desc" if descending else "asc"], key
            assert query["sort"] == [key], key


def test_on_chip_sram_labelled_and_kept_apart(built_site: BuiltSite, page: Page) -> None:
    """Devices whose memory is on-chip SRAM carry a label and sort after HBM/GDDR bandwidths."""
    on_chip = {d["id"] for d in _devices(built_site) if d["memory_on_chip"]}
    assert on_chip
    page.goto(built_site.url + "devices/?sort=bw&order=desc")
    cells = _column(page, "bw")
    flags = [c for _, s, c in cells if s]
    first_sram = flags.index(True)
    assert not any(flags[:first_sram]) and all(flags[first_sram:]), "SRAM rows form one group"
    assert {i for i, s, c in cells if c} == on_chip
    for ident in on_chip:
        row = page.locator(f"tr[data-id='{ident}']")
        mem = row.locator("td").nth(NUMERIC["mem"] - 1)
        if mem.get_attribute("data-sort"):
            assert "SRAM" in mem.inner_text()
            assert "on-chip SRAM" in str(mem.get_attribute("title"))
    # The largest bandwidth of all (wafer-scale SRAM) is not first: HBM parts lead.
    assert cells[0][0] not in on_chip
