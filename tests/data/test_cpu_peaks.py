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


#: The formulas that build a vector peak from FMA units and the vector width: one core type, or
#: two (a hybrid CPU) summed.
FMA_FORMULAS = {
    "peak_dense.fp64": (
        "cores_x_clock_x_fma_units_x_fp64_lanes_x2",
        "two_core_types_x_clock_x_fma_units_x_fp64_lanes_x2",
    ),
    "peak_dense.fp32": (
        "cores_x_clock_x_fma_units_x_fp32_lanes_x2",
        "two_core_types_x_clock_x_fma_units_x_fp32_lanes_x2",
    ),
}
#: The inputs of one core type; a second type repeats them with a _2 suffix.
ONE_TYPE = {"cores", "clock_ghz", "fma_units", "vector_bits"}


def test_derived_cpu_vector_peaks_quote_every_input(catalog: Dataset) -> None:
    """A derived CPU vector peak uses FMA units x lanes, each input quoted from its source."""
    checked = 0
    for device_id in _cpus(catalog):
        device = catalog.devices[device_id]
        for path, formulas in FMA_FORMULAS.items():
            derivation = device.derive.get(path)
            if derivation is None:
                continue
            checked += 1
            assert derivation.formula in formulas, f"{device_id}: {path}"
            hybrid = derivation.formula.startswith("two_core_types")
            expected = ONE_TYPE | ({f"{name}_2" for name in ONE_TYPE} if hybrid else set())
            assert set(derivation.inputs) == expected, f"{device_id}: {path}"
            for name, given in derivation.inputs.items():
                assert given.quote, f"{device_id}: {path}: {name} has no quote"
            assert derivation.note and "bound" in derivation.note, f"{device_id}: {path}"
            assert "base clock" in derivation.note, f"{device_id}: {path}: say which clock"
    assert checked >= 8  # the 8480+, 6980P, EPYC 9654 and i7-13700K FP64 and FP32 peaks at least


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


def _inputs(catalog: Dataset, device_id: str, path: str) -> dict[str, float]:
    """The values of a derived figure's inputs, by name."""
    derivation = catalog.devices[device_id].derive[path]
    return {name: given.value for name, given in derivation.inputs.items()}


def test_every_cpu_has_its_vector_peaks_derived(catalog: Dataset) -> None:
    """Every CPU's FP64 and FP32 peaks are derived with a formula, none left as a gap."""
    for device_id in _cpus(catalog):
        device = catalog.devices[device_id]
        for path in CPU_PEAKS:
            assert device.basis_of(path) == "derived", f"{device_id}: {path}"
            assert path not in device.gaps, f"{device_id}: {path} is derived and still a gap"


def test_epyc_9654_is_96_zen4_cores_at_base_with_two_256_bit_fma_pipes(catalog: Dataset) -> None:
    """96 cores x 2.4 GHz x 2 FMA x (256/64) x 2 = 3.6864 TFLOPS FP64; FP32 twice that."""
    device = catalog.devices["amd-epyc-9654"]
    assert device.peak_dense["fp64"] == pytest.approx(96 * 2.4 * 2 * 4 * 2 / 1000)
    assert device.peak_dense["fp64"] == pytest.approx(3.6864)
    assert device.peak_dense["fp32"] == pytest.approx(7.3728)
    inputs = _inputs(catalog, "amd-epyc-9654", "peak_dense.fp64")
    # Zen 4 runs AVX-512 on 256-bit pipes: the width is the datapath, not the 512-bit instruction.
    assert inputs == {"cores": 96, "clock_ghz": 2.4, "fma_units": 2, "vector_bits": 256}
    fma = device.derive["peak_dense.fp64"].inputs["fma_units"]
    assert fma.source == "cc-zen4-execution"
    assert fma.quote is not None and "two 256-bit FMA units" in fma.quote
    clock = device.derive["peak_dense.fp64"].inputs["clock_ghz"]
    assert clock.quote is not None and "2.4GHz" in clock.quote
    assert "2.4 GHz base clock" in (device.derive["peak_dense.fp64"].note or "")


def test_i7_13700k_sums_p_cores_and_e_cores_each_at_its_base_clock(catalog: Dataset) -> None:
    """8 P x 3.4 GHz x 2 x (256/64) x 2 + 8 E x 2.5 GHz x 2 x (128/64) x 2 = 0.5952 TFLOPS FP64."""
    device = catalog.devices["intel-core-i7-13700k"]
    p_cores = 8 * 3.4 * 2 * 4 * 2
    e_cores = 8 * 2.5 * 2 * 2 * 2
    assert device.peak_dense["fp64"] == pytest.approx((p_cores + e_cores) / 1000)
    assert device.peak_dense["fp64"] == pytest.approx(0.5952)
    assert device.peak_dense["fp32"] == pytest.approx(1.1904)
    inputs = _inputs(catalog, "intel-core-i7-13700k", "peak_dense.fp32")
    assert (inputs["cores"], inputs["clock_ghz"], inputs["vector_bits"]) == (8, 3.4, 256)
    assert (inputs["cores_2"], inputs["clock_ghz_2"], inputs["vector_bits_2"]) == (8, 2.5, 128)
    given = device.derive["peak_dense.fp64"].inputs
    assert given["clock_ghz"].quote is not None and "3.40 GHz" in given["clock_ghz"].quote
    assert given["clock_ghz_2"].quote is not None and "2.50 GHz" in given["clock_ghz_2"].quote
    assert given["vector_bits_2"].quote is not None and "128-bit" in given["vector_bits_2"].quote
    text = device_record(device, catalog)["derivations"]["peak_dense.fp64"]["text"]
    assert "(8 × 3.4 × 2 × (256 ÷ 64) × 2) + (8 × 2.5 × 2 × (128 ÷ 64) × 2)" in text


def test_xeon_6980p_is_128_cores_at_base_with_two_512_bit_fma_units(catalog: Dataset) -> None:
    """128 cores x 2.0 GHz x 2 FMA x (512/64) x 2 = 8.192 TFLOPS FP64; FP32 twice that."""
    device = catalog.devices["intel-xeon-6980p"]
    assert device.peak_dense["fp64"] == pytest.approx(128 * 2.0 * 2 * 8 * 2 / 1000)
    assert device.peak_dense["fp64"] == pytest.approx(8.192)
    assert device.peak_dense["fp32"] == pytest.approx(16.384)
    inputs = _inputs(catalog, "intel-xeon-6980p", "peak_dense.fp32")
    assert inputs == {"cores": 128, "clock_ghz": 2.0, "fma_units": 2, "vector_bits": 512}
    fma = device.derive["peak_dense.fp64"].inputs["fma_units"]
    assert fma.quote is not None and "2x 512-bit FMA units" in fma.quote
    # The AMX matrix rates stay gaps: Intel gives no AMX operations per cycle for a Xeon 6 core.
    assert "peak_dense.bf16_matrix" in device.gaps and "bf16_matrix" not in device.peak_dense
