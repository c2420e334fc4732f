"""Every CPU vector peak is derived with a formula, stated with a quote, or a named gap."""

from __future__ import annotations

import re

import pytest
from tests.conftest import real_dataset

from xpuref.calc import derive_figure
from xpuref.data.dataset import Dataset
from xpuref.views.publish import device_record

#: The CPU vector peaks every CPU record answers for.
CPU_PEAKS = ("peak_dense.fp64", "peak_dense.fp32")

#: A gap reason that names the missing input of the CPU formula (cores x clock x FLOPs per cycle).
NAMES_INPUT = re.compile(r"missing inputs? (?:is|are) the .*(?:FLOPs|operations) per cycle", re.S)


@pytest.fixture(scope="module")
def catalog() -> Dataset:
    """The project's real catalog."""
    return real_dataset()


def _cpus(catalog: Dataset) -> list[str]:
    """The ids of every CPU record."""
    return sorted(d.id for d in catalog.devices.values() if d.kind == "cpu")


def test_the_catalog_has_cpus(catalog: Dataset) -> None:
    """The check below runs over real CPU records (at least the four it was written for)."""
    assert {
        "amd-epyc-9654",
        "intel-core-i7-13700k",
        "intel-xeon-6980p",
        "intel-xeon-platinum-8480plus",
    } <= set(_cpus(catalog))


def test_every_cpu_peak_is_derived_stated_or_a_named_gap(catalog: Dataset) -> None:
    """Each CPU vector peak: derived with its formula, quoted, or a gap naming its input."""
    problems = []
    for device_id in _cpus(catalog):
        device = catalog.devices[device_id]
        record = device_record(device, catalog)
        for path in CPU_PEAKS:
            key = path.partition(".")[2]
            value = device.peak_dense.get(key)
            if value is None:
                reason = device.gaps.get(path, "")
                if not NAMES_INPUT.search(reason):
                    problems.append(f"{device_id}: {path}: no peak and no gap naming the input")
                continue
            if device.basis_of(path) == "derived":
                derivation = record["derivations"][path]
                inputs = {name: given["value"] for name, given in derivation["inputs"].items()}
                if derive_figure(derivation["formula"], inputs) != value:
                    problems.append(f"{device_id}: {path}: stored value is not the formula's")
                if "→" not in derivation["text"] or f"{value:g}" not in derivation["text"]:
                    problems.append(f"{device_id}: {path}: the formula text lacks its result")
                if record["provenance"][path] != "derived":
                    problems.append(f"{device_id}: {path}: devices.json does not say derived")
                sources = {source.id for source in device.sources}
                if any(given["source"] not in sources for given in derivation["inputs"].values()):
                    problems.append(f"{device_id}: {path}: an input names an unknown source")
            elif not record["quotes"].get(path):
                problems.append(f"{device_id}: {path}: a stated peak without the maker's words")
    assert problems == []


def test_derived_cpu_peaks_have_the_expected_arithmetic(catalog: Dataset) -> None:
    """The Xeon Platinum 8480+ peaks are 56 cores x 2.0 GHz x FLOPs per cycle, in TFLOPS."""
    device = catalog.devices["intel-xeon-platinum-8480plus"]
    assert device.peak_dense["fp64"] == pytest.approx(56 * 2.0 * 32 / 1000)
    assert device.peak_dense["fp32"] == pytest.approx(56 * 2.0 * 64 / 1000)
    assert device.peak_dense["bf16_matrix"] == pytest.approx(56 * 2.0 * 1024 / 1000)
    assert device.peak_dense["int8_matrix"] == pytest.approx(56 * 2.0 * 2048 / 1000)
    amx = device.derive["peak_dense.bf16_matrix"].inputs["flops_per_cycle"]
    assert amx.quote is not None and "1,024" in amx.quote


#: The formulas that build a vector peak from FMA units and the vector width.
FMA_FORMULAS = {
    "peak_dense.fp64": "cores_x_clock_x_fma_units_x_fp64_lanes_x2",
    "peak_dense.fp32": "cores_x_clock_x_fma_units_x_fp32_lanes_x2",
}


def test_derived_cpu_vector_peaks_quote_every_input(catalog: Dataset) -> None:
    """A derived CPU vector peak uses FMA units x lanes, each input quoted from its source."""
    checked = 0
    for device_id in _cpus(catalog):
        device = catalog.devices[device_id]
        for path, formula in FMA_FORMULAS.items():
            derivation = device.derive.get(path)
            if derivation is None:
                continue
            checked += 1
            assert derivation.formula == formula, f"{device_id}: {path}"
            assert set(derivation.inputs) == {"cores", "clock_ghz", "fma_units", "vector_bits"}
            for name, given in derivation.inputs.items():
                assert given.quote, f"{device_id}: {path}: {name} has no quote"
            assert derivation.note and "bound" in derivation.note, f"{device_id}: {path}"
    assert checked >= 2  # the Xeon Platinum 8480+ FP64 and FP32 peaks at least


def test_the_8480plus_inputs_are_arks_fma_units_and_the_512_bit_width(catalog: Dataset) -> None:
    """ARK's two AVX-512 FMA units and a 512-bit vector give 32 FP64 FLOPs per cycle per core."""
    inputs = catalog.devices["intel-xeon-platinum-8480plus"].derive["peak_dense.fp64"].inputs
    assert inputs["fma_units"].value == 2 and inputs["vector_bits"].value == 512
    assert inputs["fma_units"].quote is not None and ",2," in inputs["fma_units"].quote
    assert inputs["vector_bits"].quote is not None and "512-bit" in inputs["vector_bits"].quote


def test_the_gap_pattern_needs_the_input_named() -> None:
    """A gap that only says no peak is published does not pass; one naming the input does."""
    assert not NAMES_INPUT.search("AMD publishes no FP64 peak for this SKU.")
    assert NAMES_INPUT.search("the missing input is the FP64 FLOPs per cycle of a Zen 4 core")
