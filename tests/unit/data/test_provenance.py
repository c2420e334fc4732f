"""Tests for xpuref.data.provenance: basis, quotes, derived figures and the checks on them."""

from __future__ import annotations

from pathlib import Path

import pytest

from xpuref.data.dataset import load_dataset
from xpuref.data.problems import DataError
from xpuref.data.provenance import carries, numbers_in

DEVICE = Path("devices/nvidia/nvidia-h100-sxm5-80gb.yaml")
NV_SOURCE = """  - id: nv-h100-datasheet
    url: https://resources.nvidia.com/en-us-tensor-core/nvidia-tensor-core-gpu-datasheet
    title: NVIDIA H100 Tensor Core GPU datasheet
    accessed: "2026-11-22"
    fields: [peak_dense]
"""


def _edit(root: Path, old: str, new: str, path: Path = DEVICE) -> None:
    """Replace text in one data file, insisting the old text is there."""
    file = root / path
    text = file.read_text()
    assert old in text, old
    file.write_text(text.replace(old, new, 1))


def _add(root: Path, block: str, path: Path = DEVICE) -> None:
    """Insert top-level YAML before the sources list."""
    _edit(root, "sources:\n", block + "sources:\n", path)


def _problems(root: Path) -> list[str]:
    """Load the data and return the problem lines it raises."""
    with pytest.raises(DataError) as caught:
        load_dataset(root)
    return [str(p) for p in caught.value.problems]


def _line_of(root: Path, needle: str, path: Path = DEVICE) -> int:
    """The 1-based line on which ``needle`` first appears."""
    for number, line in enumerate((root / path).read_text().splitlines(), start=1):
        if needle in line:
            return number
    raise AssertionError(needle)


@pytest.mark.parametrize(
    ("text", "value", "factors", "expected"),
    [
        ("FP64 Tensor Core 67 teraFLOPS", 66.9, (1.0,), True),
        ("BF16 Tensor Core 1,979 teraFLOPS*", 989.4, (2.0,), True),
        ("BF16 Tensor Core 1,979 teraFLOPS*", 989.4, (1.0,), False),
        ("GPU memory bandwidth 3.35TB/s", 3350, (1.0,), True),
        ("1.6TB/s", 1600, (1.0,), True),
        ("1.6TB/s", 1680, (1.0,), False),
        ("426T@BF16,FP16 757T@FP8,HIFP8,MXFP8,INT8 1514T@MXFP4", 757, (1.0,), True),
        ("820 GiB/sec", 880.47, (1 / 1.073741824,), True),
        ("Up to 700W (configurable)", 700, (1.0,), True),
        ("Up to 700W (configurable)", 750, (1.0,), False),
        ("1 PFLOPS FP8", 989.4, (1.0,), False),
        ("MXFP6/MXFP4 MATRIX 9.2 PF 10 PF", 10066.3, (1.0,), True),
        ("2 TB/s", 2000, (1.0,), True),
        ("0.5 TB/s", 512, (1.0,), False),
        ("757T@FP8,HIFP8,MXFP8,INT8 1514T@MXFP4", 1514, (1.0,), True),
        ("FP64 34 teraFLOPS", 33.5, (1.0,), True),
        ("Tensor-FP16/BF16 performance (FLOP/s),24000000000000.0", 24, (1.0,), True),
        ("Tensor-FP16/BF16 performance (FLOP/s),24000000000000.0", 25, (1.0,), False),
        ("Tensor-BF16 performance (FLOP/s),4.5e+13", 45, (1.0,), True),
        ("Tensor-BF16 performance (FLOP/s),4.5e13", 46, (1.0,), False),
        ("FP32 (FLOP/s),1.23e13", 12.3, (1.0,), True),
        ("torch.float32: 37.4e12,", 37.42, (1.0,), True),
        ("torch.float32: 37.4e12,", 37.6, (1.0,), False),
        (",37420000000000.0,", 37.42, (1.0,), True),
        ("3.12e14", 312, (1.0,), True),
    ],
)
def test_carries(text: str, value: float, factors: tuple[float, ...], expected: bool) -> None:
    """A quote carries a value as the maker rounds it, at any SI prefix, times its factor."""
    assert carries(text, value, factors) is expected


def test_numbers_in_reads_thousands_separators() -> None:
    """'1,979' is read as 1979 (and its parts), decimals counted."""
    found = numbers_in("1,979 and 3.35")
    assert (1979.0, 0, 4) in found
    assert (3.35, 2, 3) in found


def test_stated_quote_must_print_its_value(data_copy: Path) -> None:
    """A quote that does not carry the stored value is refused at the quote's line."""
    _add(
        data_copy,
        "quotes:\n  memory.bandwidth_gbs: {source: klockwood-h100, text: 'HBM3 at 3.2 TB/s'}\n",
    )
    problems = _problems(data_copy)
    line = _line_of(data_copy, "memory.bandwidth_gbs: {source")
    assert problems == [
        f"data/{DEVICE}:{line}: quotes.memory.bandwidth_gbs: no quote prints 3350 (stated): "
        "copy the words that carry it"
    ]


def test_quote_that_prints_it_is_accepted(data_copy: Path) -> None:
    """A quote carrying the value loads, and the device reports the basis and the quote."""
    _add(
        data_copy,
        "quotes:\n  memory.bandwidth_gbs: {source: klockwood-h100, text: 'HBM3 at 3.35 TB/s'}\n",
    )
    device = load_dataset(data_copy).devices["nvidia-h100-sxm5-80gb"]
    assert device.basis_of("memory.bandwidth_gbs") == "stated"
    assert device.quotes_for("memory.bandwidth_gbs")[0].text == "HBM3 at 3.35 TB/s"


def test_sparse_quote_under_stated_basis_asks_for_halved(data_copy: Path) -> None:
    """A quote printing the sparse figure needs basis halved; with it the file loads."""
    _add(
        data_copy,
        "quotes:\n  peak_dense.bf16_matrix: {source: klockwood-h100, text: 'BF16 1,979 TFLOPS*'}\n",
    )
    (problem,) = _problems(data_copy)
    assert problem.endswith("the quote prints the sparse figure: set basis halved")
    _add(data_copy, "basis:\n  peak_dense.bf16_matrix: halved\n")
    device = load_dataset(data_copy).devices["nvidia-h100-sxm5-80gb"]
    assert device.basis_of("peak_dense.bf16_matrix") == "halved"


def test_converted_basis_accepts_a_gib_figure(data_copy: Path) -> None:
    """A figure converted from GiB/s is carried by the GiB/s quote."""
    _edit(data_copy, "bandwidth_gbs: 3350", "bandwidth_gbs: 3597.03")
    _add(
        data_copy,
        "basis:\n  memory.bandwidth_gbs: converted\n"
        "quotes:\n  memory.bandwidth_gbs: {source: klockwood-h100, text: '3350 GiB/s'}\n",
    )
    assert load_dataset(data_copy).devices["nvidia-h100-sxm5-80gb"].memory.bandwidth_gbs == 3597.03


DERIVE = """derive:
  peak_dense.fp32:
    formula: cores_x_clock_x_flops_per_cycle
    inputs:
      cores: {value: 132, source: klockwood-h100}
      clock_ghz: {value: 1.98, source: klockwood-h100}
      flops_per_cycle: {value: 256, source: klockwood-h100, quote: "128 FP32 cores per SM"}
"""


def test_derived_figure_typed_into_yaml_is_refused(data_copy: Path) -> None:
    """A figure named under derive that the file also types in is refused at the typed value."""
    _add(data_copy, DERIVE.replace('quote: "128 FP32 cores per SM"', 'quote: "256"'))
    problems = _problems(data_copy)
    line = _line_of(data_copy, "  fp32: 66.9")
    assert (
        f"data/{DEVICE}:{line}: peak_dense.fp32: a derived figure is computed by xpuref.calc at "
        "build time: remove the typed value (derive.peak_dense.fp32 gives its formula)"
    ) in problems


def test_derived_figure_is_computed_and_marked(data_copy: Path) -> None:
    """With the typed value removed, calc computes the figure and its basis is derived."""
    _edit(data_copy, "  fp32: 66.9\n", "")
    _add(data_copy, DERIVE.replace('quote: "128 FP32 cores per SM"', 'quote: "256 FLOPs"'))
    device = load_dataset(data_copy).devices["nvidia-h100-sxm5-80gb"]
    assert device.peak_dense["fp32"] == pytest.approx(132 * 1.98 * 256 / 1000)
    assert device.basis_of("peak_dense.fp32") == "derived"


def test_derived_input_quote_must_carry_it(data_copy: Path) -> None:
    """An input's quote that lacks the input's value is refused."""
    _edit(data_copy, "  fp32: 66.9\n", "")
    _add(data_copy, DERIVE)
    (problem,) = _problems(data_copy)
    assert problem.endswith(
        "derive.peak_dense.fp32.inputs.flops_per_cycle.quote: the quote does not print 256"
    )


def test_unknown_formula_is_refused(data_copy: Path) -> None:
    """A formula calc does not know is refused with the known ones."""
    _edit(data_copy, "  fp32: 66.9\n", "")
    fixed = DERIVE.replace('quote: "128 FP32 cores per SM"', 'quote: "256 FLOPs"')
    _add(data_copy, fixed.replace("cores_x_clock_x_flops_per_cycle", "guesswork"))
    (problem,) = _problems(data_copy)
    assert "derive.peak_dense.fp32.formula: unknown formula 'guesswork'" in problem


def test_higher_tier_quote_contradicting_canonical_needs_a_reason(data_copy: Path) -> None:
    """A vendor quote giving another value than the reference-backed canonical one fails."""
    _edit(data_copy, "sources:\n", "sources:\n" + NV_SOURCE)
    _add(
        data_copy,
        "quotes:\n  peak_dense.fp64:\n"
        "    - {source: klockwood-h100, text: 'FP64 33.5 TFLOPS'}\n"
        "    - {source: nv-h100-datasheet, text: 'FP64 30 teraFLOPS'}\n",
    )
    (problem,) = _problems(data_copy)
    assert "quotes.peak_dense.fp64: source 'nv-h100-datasheet' (a higher tier" in problem
    _add(
        data_copy,
        "alternatives:\n  - {field: peak_dense.fp64, value: 30, source: nv-h100-datasheet, "
        "reason: NVIDIA rounds the vector FP64 rate}\n",
    )
    assert load_dataset(data_copy).devices["nvidia-h100-sxm5-80gb"].peak_dense["fp64"] == 33.5


def test_bandwidth_must_match_bus_width_and_data_rate(data_copy: Path) -> None:
    """Bus width x data rate more than 3 % away from the bandwidth is refused."""
    _edit(
        data_copy, "  type: HBM3\n", "  type: HBM3\n  bus_width_bits: 5120\n  data_rate_gbps: 4.8\n"
    )
    (problem,) = _problems(data_copy)
    assert "memory.bandwidth_gbs: 3350 GB/s disagrees with bus width x data rate" in problem
    assert "5120 bits / 8 x 4.8 Gb/s = 3072 GB/s" in problem
    _edit(data_copy, "data_rate_gbps: 4.8", "data_rate_gbps: 5.23")
    assert load_dataset(data_copy).devices["nvidia-h100-sxm5-80gb"].memory.data_rate_gbps == 5.23


def test_type_data_rate_is_read(data_copy: Path) -> None:
    """A memory type written 'DDR5-4800' gives the data rate the check uses."""
    _edit(data_copy, "  type: HBM3\n", "  type: DDR5-4800\n  bus_width_bits: 5120\n")
    (problem,) = _problems(data_copy)
    assert "4.8 Gb/s = 3072 GB/s" in problem


def test_siblings_on_one_die_and_link_agree(data_copy: Path) -> None:
    """A sibling on the same die and link with another scale-up figure needs a reason."""
    _edit(data_copy, "form_factor: SXM5\n", "die: gh100\nform_factor: SXM5\n")
    twin = data_copy / "devices/nvidia/nvidia-h800-sxm5-80gb.yaml"
    text = (data_copy / DEVICE).read_text()
    twin.write_text(
        text.replace("nvidia-h100-sxm5-80gb", "nvidia-h800-sxm5-80gb")
        .replace("NVIDIA H100 SXM5 80GB", "NVIDIA H800 SXM5 80GB")
        .replace('aliases: ["NVIDIA H100 80GB HBM3"]', "aliases: []")
        .replace("scale_up_bandwidth_gbs: 900", "scale_up_bandwidth_gbs: 400")
    )
    problems = _problems(data_copy)
    line = _line_of(data_copy, "scale_up_bandwidth_gbs", twin.relative_to(data_copy))
    assert problems == [
        f"data/devices/nvidia/nvidia-h800-sxm5-80gb.yaml:{line}: "
        "interconnect.scale_up_bandwidth_gbs: 400 GB/s, but nvidia-h100-sxm5-80gb (same die "
        "'gh100' and link 'NVLink 4') gives 900 GB/s: reconcile them, or add a sourced "
        "ratio_exceptions entry with check 'sibling_link'"
    ]
    _add(
        data_copy,
        "ratio_exceptions:\n  - {check: sibling_link, source: klockwood-h100, "
        "reason: NVLink cut for export}\n",
        twin.relative_to(data_copy),
    )
    twin_device = load_dataset(data_copy).devices["nvidia-h800-sxm5-80gb"]
    assert twin_device.interconnect.scale_up_bandwidth_gbs == 400
