"""How far the calculators' answers are from published measurements, computed in the build.

Each case of data/measurements.yaml is run through xpuref.calc with its own inputs and, for
device figures, the catalog's dense peak and bandwidth per visible device. The matrix-multiply
cases are the cited GEMM records of data/measured/ that state one shape: the same figures the
device pages show beside the peak. The error is the
answer relative to the published figure, answer / published - 1; for a bound (the roofline
of a matrix multiply) the answer is an upper limit, so its error must not be negative.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from xpuref import calc
from xpuref.data.dataset import Dataset
from xpuref.data.measured import MeasuredFile, MeasuredRecord
from xpuref.data.measurements import KINDS, Bound
from xpuref.views.figures._common import precision_label
from xpuref.views.lookup import per_device_peaks
from xpuref.views.measured import conditions_text
from xpuref.views.units import memory_bytes

__all__ = [
    "KIND_TITLES",
    "AccuracyRow",
    "accuracy_case_count",
    "accuracy_rows",
    "accuracy_summary",
    "matmul_records",
    "within_bound",
]

GIB = 2**30
MIB = 2**20

#: Section titles of the kinds, as the accuracy page shows them.
KIND_TITLES: dict[str, str] = {
    "kv_tokens": "KV-cache tokens from the engine's KV memory",
    "kv_tokens_from_memory": "KV-cache tokens from device memory",
    "usable_memory": "Device memory the calculators start from, against what an engine saw",
    "mfu": "Model and hardware FLOPs utilization",
    "logits": "Logits in the training memory, against a measured loss",
    "matmul": "Matrix multiply against the roofline bound",
    "moe_decode": "Mixture-of-experts decode against the roofline bound of its step",
}


@dataclass(frozen=True)
class AccuracyRow:
    """One compared figure of one case."""

    case: str
    kind: str
    title: str
    figure: str
    unit: str
    answer: float
    published: float
    error: float
    source_url: str
    source_title: str
    note: str | None

    @property
    def share(self) -> float:
        """The published figure as a share of the answer (for bounds: how close it comes)."""
        return self.published / self.answer


def _config(ds: Dataset, name: str) -> dict[str, Any]:
    """The TransformerConfig fields of a decoder preset."""
    arch = ds.presets[name].architecture.plain()
    return {k: v for k, v in arch.items() if k not in ("kind", "seq")}


def _row(case: Any, figure: str, unit: str, answer: float, published: float) -> AccuracyRow:
    """A compared figure with its error and the case's source."""
    return AccuracyRow(
        case=case.id,
        kind=case.kind,
        title=case.title,
        figure=figure,
        unit=unit,
        answer=answer,
        published=published,
        error=answer / published - 1,
        source_url=case.source.url,
        source_title=case.source.title,
        note=case.note,
    )


def _kv_tokens(ds: Dataset, case: Any) -> list[AccuracyRow]:
    """Tokens that fit in the KV memory an engine reported."""
    tokens = calc.kv_tokens_in(
        _config(ds, case.model), case.kv_memory_gib * GIB, case.kv_dtype, tp=case.tp,
        block_size=case.block_size,
    )  # fmt: skip
    return [_row(case, "KV-cache tokens", "tokens", tokens, case.published_tokens)]


def _kv_from_memory(ds: Dataset, case: Any) -> list[AccuracyRow]:
    """Tokens that fit after the weights and the engine's printed overhead."""
    found = calc.kv_capacity(
        _config(ds, case.model), memory_bytes=case.memory_gib * GIB,
        memory_fraction=case.memory_fraction, weights_dtype=case.weights_dtype,
        overhead_bytes=case.overhead_gib * GIB, tp=case.tp, block_size=case.block_size,
        kv_dtype=case.kv_dtype, context=1,
    )  # fmt: skip
    return [_row(case, "KV-cache tokens", "tokens", found["tokens"], case.published_tokens)]


def _usable_memory(ds: Dataset, case: Any) -> list[AccuracyRow]:
    """The memory the calculators fill in for a device, against the total an engine printed."""
    device = ds.devices[case.device]
    found, _ = memory_bytes(device.memory)
    if found is None:  # the data check names devices; one without a capacity cannot be a case
        raise ValueError(f"{case.id}: {device.id} states no memory capacity")
    answer = found / device.visible_devices / GIB
    return [_row(case, "device memory", "GiB", answer, case.published_gib)]


def _logits(ds: Dataset, case: Any) -> list[AccuracyRow]:
    """The logits term (and the loss's fp32 copy where kept) of the training memory, in MiB."""
    # hidden and heads enter only the recompute term, which this figure does not read.
    terms = calc.training_extra_bytes(
        case.tokens, 1, 1, 1, case.vocab, tp=case.tp, compute_dtype=case.compute_dtype,
        fp32_loss=case.fp32_loss,
    )  # fmt: skip
    answer = (terms["logits"] + terms["loss_copy"]) / MIB
    return [_row(case, "logits memory", "MiB", answer, case.published_mib)]


def _mfu(ds: Dataset, case: Any) -> list[AccuracyRow]:
    """MFU (and HFU) from the run's throughput and the catalog's per-device peak."""
    peak = per_device_peaks(ds.devices[case.device])[case.precision] * 1e12
    per_token = calc.training_flops_per_token(
        case.params, layers=case.layers, attention_width=case.attention_width, seq=case.seq
    )
    found = calc.mfu(
        per_token, peak_flops=peak, tokens_per_s=case.tokens_per_s, devices=case.devices,
        recompute=case.recompute,
    )  # fmt: skip
    rows = [_row(case, "MFU", "%", found["mfu"] * 100, case.published_mfu_percent)]
    if case.published_hfu_percent is not None:
        rows.append(_row(case, "HFU", "%", found["hfu"] * 100, case.published_hfu_percent))
    return rows


def _bound(
    ds: Dataset, device_id: str, precision: str, mnk: tuple[int, int, int], dtype: str
) -> float:
    """The roofline bound of an M×N×K multiply on one visible device, in TFLOPS."""
    device = ds.devices[device_id]
    peak = per_device_peaks(device)[precision] * 1e12
    bandwidth = float(device.memory.bandwidth_gbs or 0) * 1e9 / device.visible_devices
    intensity = calc.gemm_intensity(*mnk, dtype=dtype)
    return calc.attainable_flops(intensity, peak, bandwidth) / 1e12


def _matmul(ds: Dataset, case: Any) -> list[AccuracyRow]:
    """The roofline bound of the multiply on the device, against the measured rate."""
    bound = _bound(ds, case.device, case.precision, (case.m, case.n, case.k), case.dtype)
    return [_row(case, "matmul rate", "TFLOPS", bound, case.measured_tflops)]


#: The element type of a GEMM at a matrix precision (what crosses memory per element).
_DTYPES = {"bf16_matrix": "bf16", "fp16_matrix": "fp16", "fp8_matrix": "fp8", "int8_matrix": "int8"}


def matmul_records(ds: Dataset) -> list[tuple[MeasuredRecord, MeasuredFile]]:
    """Cited GEMM records of data/measured/ with one stated shape: the accuracy page's cases."""
    return [
        (record, file)
        for record, file in ds.measured
        if record.metric == "gemm"
        and record.conditions.shape is not None
        and record.precision in _DTYPES
        and file.page(record) is not None
    ]


def _measured_matmul(ds: Dataset, record: MeasuredRecord, file: MeasuredFile) -> AccuracyRow:
    """A measured GEMM record against the roofline bound of its shape on its device."""
    shape = record.conditions.shape
    page = file.page(record)
    assert shape is not None and page is not None and record.precision is not None
    bound = _bound(
        ds, record.device, record.precision, (shape.m, shape.n, shape.k), _DTYPES[record.precision]
    )
    device = ds.devices[record.device]
    return AccuracyRow(
        case=record.id,
        kind="matmul",
        title=f"{device.name}, {precision_label(record.precision)}: {shape.m}x{shape.n}x{shape.k}",
        figure="matmul rate",
        unit="TFLOPS",
        answer=bound,
        published=record.value,
        error=bound / record.value - 1,
        source_url=page.url,
        source_title=page.title,
        note=conditions_text(record),
    )


def _moe_decode(ds: Dataset, case: Any) -> list[AccuracyRow]:
    """The decode bound per sequence (only the experts a batch touches), against the measured."""
    device = ds.devices[case.device]
    peak = per_device_peaks(device)[case.precision] * 1e12 * case.devices
    bandwidth = float(device.memory.bandwidth_gbs or 0) * 1e9 / device.visible_devices
    found = calc.llm_inference(
        _config(ds, case.model), batch=case.batch, context=case.context,
        weights_dtype=case.weights_dtype, kv_dtype=case.kv_dtype, peak_flops=peak,
        bandwidth=bandwidth * case.devices,
    )  # fmt: skip
    bound = found["decode_tokens_per_s_seq"]
    if bound is None:  # the model does not fit: the case names the wrong devices
        raise ValueError(f"{case.id}: {case.model} does not fit on {case.devices} x {device.id}")
    return [_row(case, "decode tokens/s per sequence", "tokens/s", bound,
                 case.measured_tokens_per_s_seq)]  # fmt: skip


_RUNNERS = {
    "kv_tokens": _kv_tokens,
    "kv_tokens_from_memory": _kv_from_memory,
    "usable_memory": _usable_memory,
    "mfu": _mfu,
    "logits": _logits,
    "matmul": _matmul,
    "moe_decode": _moe_decode,
}


def accuracy_rows(ds: Dataset) -> list[AccuracyRow]:
    """Every compared figure of every case, kinds in page order, cases in file order."""

    def build() -> list[AccuracyRow]:
        rows = [row for case in ds.measurements for row in _RUNNERS[case.kind](ds, case)]
        rows += [_measured_matmul(ds, record, file) for record, file in matmul_records(ds)]
        return sorted(rows, key=lambda r: KINDS.index(r.kind))

    found: list[AccuracyRow] = ds.remember("accuracy", "", build)
    return list(found)


def accuracy_case_count(ds: Dataset) -> int:
    """Cases the page runs: those of measurements.yaml and the measured GEMM records."""
    return len(ds.measurements) + len(matmul_records(ds))


def within_bound(row: AccuracyRow, bound: Bound) -> bool:
    """Whether a row keeps the bound stated for its kind."""
    if bound.one_sided:
        return row.error >= -bound.relative
    return abs(row.error) <= bound.relative


def accuracy_summary(ds: Dataset) -> list[dict[str, Any]]:
    """Per kind: title, bound, cases, figures and the worst error (closest to the limit)."""
    rows = accuracy_rows(ds)
    summary = []
    for kind in KINDS:
        mine = [r for r in rows if r.kind == kind]
        if not mine:
            continue
        bound = ds.measurement_bounds[kind]
        summary.append(
            {
                "kind": kind,
                "title": KIND_TITLES[kind],
                "bound": bound,
                "cases": len({r.case for r in mine}),
                "figures": len(mine),
                # For a bound the telling error is the smallest (closest to the limit).
                "worst_error": (
                    min(r.error for r in mine)
                    if bound.one_sided
                    else max((r.error for r in mine), key=abs)
                ),
                "smallest_share": min(r.share for r in mine),
                "kept": all(within_bound(r, bound) for r in mine),
            }
        )
    return summary
