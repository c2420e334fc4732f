"""``xpuref measure``: time dense GEMMs, a memory copy and an all-reduce; print a record to add.

The backends import what they need only when used: torch (CUDA or ROCm) for ``cuda``,
torch_npu for ``npu``, numpy (else pure Python on tiny sizes) for ``cpu``. Nothing here is a
build dependency. The printed YAML is a data/measured/ file whose origin is ``run`` (our own
measurement, not a cited page); ``xpuref validate`` holds it to the same rules as any record.
"""

from __future__ import annotations

import importlib
import json
import math
import os
import platform
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any, Protocol

__all__ = [
    "DTYPE_PRECISION",
    "Backend",
    "CpuBackend",
    "MeasureError",
    "Result",
    "TorchBackend",
    "measure",
    "pick_backend",
    "render_record",
]

#: The peak_dense key a GEMM in each element type is held against.
DTYPE_PRECISION: dict[str, str] = {
    "bf16": "bf16_matrix",
    "fp16": "fp16_matrix",
    "fp8": "fp8_matrix",
    "tf32": "tf32_matrix",
    "int8": "int8_matrix",
    "fp32": "fp32",
    "fp64": "fp64",
}
#: The default GEMM sweep on accelerators (1k to 16k) and on the CPU.
DEFAULT_SIZES: tuple[int, ...] = (1024, 2048, 4096, 8192, 16384)
CPU_SIZES: tuple[int, ...] = (256, 512, 1024)
#: Copies smaller than this may fit in a last-level cache.
SMALL_COPY = 1 << 26
#: Above this size a pure-Python GEMM would take minutes: sizes are capped there.
PURE_PYTHON_MAX = 128


class MeasureError(Exception):
    """A measurement that cannot run as asked (no such backend, device or data type)."""


class Backend(Protocol):
    """What a measuring backend offers: names, conditions and three timed kernels."""

    kind: str

    def device_name(self) -> str:
        """The device's name as its driver or the OS prints it."""
        ...

    def software(self) -> str:
        """Library and version doing the work."""
        ...

    def driver(self) -> str | None:
        """Driver (or kernel) version, where readable."""
        ...

    def clocks(self) -> str | None:
        """Clock or power state, where readable."""
        ...

    def system(self) -> str:
        """The machine in a few words."""
        ...

    def dtypes(self) -> tuple[str, ...]:
        """Element types this backend can multiply."""
        ...

    def device_count(self) -> int:
        """Devices of this kind the process sees."""
        ...

    def gemm_seconds(self, dtype: str, n: int, warmup: int, iters: int) -> float:
        """Median seconds of one n×n×n multiply."""
        ...

    def copy_seconds(self, nbytes: int, warmup: int, iters: int) -> float:
        """Median seconds to copy nbytes within device memory."""
        ...

    def allreduce_seconds(self, nbytes: int, warmup: int, iters: int) -> float | None:
        """Median seconds of an all-reduce of nbytes over every device (None: not offered)."""
        ...

    def host_copy_seconds(self, nbytes: int, warmup: int, iters: int) -> float | None:
        """Median seconds to copy nbytes from host to device memory (None: not offered)."""
        ...

    def method_note(self) -> str | None:
        """A fact of the method that bounds the figures (one thread, pure Python), if any."""
        ...


def _median(run: Callable[[], float], warmup: int, iters: int) -> float:
    """The median of ``iters`` timings after ``warmup`` untimed runs."""
    for _ in range(warmup):
        run()
    return statistics.median(run() for _ in range(max(1, iters)))


def _read(path: str, key: str) -> str | None:
    """The first ``key : value`` of a /proc-style file (None when absent)."""
    try:
        with open(path, encoding="utf-8") as handle:
            for line in handle:
                name, _, value = line.partition(":")
                if name.strip() == key:
                    return value.strip()
    except OSError:
        return None
    return None


class CpuBackend:
    """The CPU through numpy (its BLAS) when installed, else pure Python on tiny sizes."""

    kind = "cpu"

    def __init__(self) -> None:
        """Find numpy; remember whether the pure-Python fallback is in use."""
        try:
            self.np: Any = importlib.import_module("numpy")
        except ImportError:
            self.np = None

    def device_name(self) -> str:
        """The model name the OS reports (Linux /proc/cpuinfo, else platform)."""
        return _read("/proc/cpuinfo", "model name") or platform.processor() or "unknown CPU"

    def software(self) -> str:
        """numpy and its version, or Python itself."""
        py = f"Python {platform.python_version()}"
        if self.np is None:
            return f"{py} (pure Python loops and bytearray copies)"
        return f"numpy {self.np.__version__} on {py}"

    def driver(self) -> str | None:
        """The OS kernel."""
        return f"{platform.system()} {platform.release()}"

    def clocks(self) -> str | None:
        """The clock the OS reported at the start (Linux)."""
        mhz = _read("/proc/cpuinfo", "cpu MHz")
        return None if mhz is None else f"{float(mhz):.0f} MHz reported by /proc/cpuinfo at start"

    def system(self) -> str:
        """Logical CPUs this process may use."""
        cpus = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
        return f"{cpus} logical CPUs visible to the process, {platform.machine()}"

    def dtypes(self) -> tuple[str, ...]:
        """numpy multiplies FP32 and FP64; pure Python, FP64 (Python floats)."""
        return ("fp32", "fp64") if self.np is not None else ("fp64",)

    def device_count(self) -> int:
        """One CPU package as the process sees it."""
        return 1

    def gemm_seconds(self, dtype: str, n: int, warmup: int, iters: int) -> float:
        """Median seconds of an n×n×n multiply."""
        if self.np is not None:
            np = self.np
            kind = np.float32 if dtype == "fp32" else np.float64
            a = np.ones((n, n), dtype=kind)
            b = np.ones((n, n), dtype=kind)

            def timed() -> float:
                start = time.perf_counter()
                np.matmul(a, b)
                return time.perf_counter() - start

            return _median(timed, warmup, iters)
        a_rows = [[1.0] * n for _ in range(n)]
        b_cols = [[1.0] * n for _ in range(n)]

        def pure() -> float:
            start = time.perf_counter()
            for row in a_rows:
                [sum(x * y for x, y in zip(row, col, strict=True)) for col in b_cols]
            return time.perf_counter() - start

        return _median(pure, warmup, iters)

    def copy_seconds(self, nbytes: int, warmup: int, iters: int) -> float:
        """Median seconds of one copy of nbytes (memcpy through a bytearray slice)."""
        src = bytearray(os.urandom(min(nbytes, 1 << 16))) * max(1, nbytes >> 16)
        src = src[:nbytes] if len(src) >= nbytes else src + bytearray(nbytes - len(src))
        dst = bytearray(nbytes)

        def timed() -> float:
            start = time.perf_counter()
            dst[:] = src
            return time.perf_counter() - start

        return _median(timed, warmup, iters)

    def allreduce_seconds(self, nbytes: int, warmup: int, iters: int) -> float | None:
        """A CPU has no all-reduce between devices."""
        return None

    def host_copy_seconds(self, nbytes: int, warmup: int, iters: int) -> float | None:
        """A CPU's memory is the host's."""
        return None

    def method_note(self) -> str | None:
        """Why a CPU figure is far from the chip's: one thread copies, few cores multiply."""
        gemm = (
            "pure-Python loops, orders of magnitude below any hardware rate"
            if self.np is None
            else "numpy's BLAS on the CPUs visible to this process"
        )
        return (
            "Measured by one process: the copy runs on a single thread, which cannot keep every "
            f"memory channel of the chip busy, and the multiplies use {gemm}; a share of the "
            "chip's figures, not its capability."
        )


class TorchBackend:
    """A torch device: CUDA (NVIDIA, or AMD through ROCm) or an Ascend NPU (torch_npu)."""

    def __init__(self, kind: str) -> None:
        """Import torch (and torch_npu for an NPU) now, or raise MeasureError."""
        self.kind = kind
        try:
            self.torch: Any = importlib.import_module("torch")
            if kind == "npu":
                importlib.import_module("torch_npu")
        except ImportError as exc:
            raise MeasureError(
                f"--device {kind} needs torch{' and torch_npu' if kind == 'npu' else ''} "
                f"installed ({exc.name} is missing); --device cpu needs neither"
            ) from exc
        self.api: Any = getattr(self.torch, "npu" if kind == "npu" else "cuda")
        if not self.api.is_available():
            raise MeasureError(f"torch sees no {kind} device on this machine")
        self.device = self.torch.device(f"{kind}:0")

    def _sync(self) -> None:
        """Wait for queued work."""
        self.api.synchronize()

    def device_name(self) -> str:
        """What torch prints for device 0."""
        return str(self.api.get_device_name(0))

    def software(self) -> str:
        """torch and its CUDA, ROCm or CANN build."""
        t = self.torch
        extra = []
        if getattr(t.version, "hip", None):
            extra.append(f"ROCm/HIP {t.version.hip}")
        elif getattr(t.version, "cuda", None):
            extra.append(f"CUDA {t.version.cuda}")
        if self.kind == "npu":
            npu = importlib.import_module("torch_npu")
            extra.append(f"torch_npu {getattr(npu, '__version__', 'version not printed')}")
        return f"torch {t.__version__}" + (f" ({', '.join(extra)})" if extra else "")

    def driver(self) -> str | None:
        """The NVIDIA driver version, where the kernel module says it."""
        text = _read("/proc/driver/nvidia/version", "NVRM version")
        return text or None

    def clocks(self) -> str | None:
        """The SM clock torch reports through NVML, where available."""
        try:
            return f"{self.api.clock_rate(0)} MHz (NVML, at start)"
        except Exception:
            return None

    def system(self) -> str:
        """How many devices of this kind the process sees."""
        return f"{self.device_count()} {self.kind} device(s) visible, {platform.machine()} host"

    def dtypes(self) -> tuple[str, ...]:
        """BF16, FP16, FP32; FP8 where torch offers _scaled_mm on this device."""
        found = ["bf16", "fp16", "fp32"]
        if self.kind == "cuda" and hasattr(self.torch, "_scaled_mm"):
            major, minor = self.api.get_device_capability(0)
            if (major, minor) >= (8, 9) or getattr(self.torch.version, "hip", None):
                found.append("fp8")
        return tuple(found)

    def device_count(self) -> int:
        """Visible devices of this kind."""
        return int(self.api.device_count())

    def _timed(self, run: Callable[[], Any], warmup: int, iters: int) -> float:
        """Median seconds of ``run`` with the device synchronised around it."""

        def once() -> float:
            self._sync()
            start = time.perf_counter()
            run()
            self._sync()
            return time.perf_counter() - start

        return _median(once, warmup, iters)

    def gemm_seconds(self, dtype: str, n: int, warmup: int, iters: int) -> float:
        """Median seconds of an n×n×n multiply (FP8 through torch._scaled_mm)."""
        t = self.torch
        if dtype == "fp8":
            a = t.randn(n, n, device=self.device).to(t.float8_e4m3fn)
            b = t.randn(n, n, device=self.device).to(t.float8_e4m3fn).t()
            one = t.tensor(1.0, device=self.device)
            return self._timed(
                lambda: t._scaled_mm(a, b, scale_a=one, scale_b=one, out_dtype=t.bfloat16),
                warmup,
                iters,
            )
        kind = {"bf16": t.bfloat16, "fp16": t.float16, "fp32": t.float32}[dtype]
        if dtype == "fp32" and self.kind == "cuda":
            t.backends.cuda.matmul.allow_tf32 = False
        a = t.randn(n, n, device=self.device, dtype=kind)
        b = t.randn(n, n, device=self.device, dtype=kind)
        return self._timed(lambda: t.matmul(a, b), warmup, iters)

    def copy_seconds(self, nbytes: int, warmup: int, iters: int) -> float:
        """Median seconds of a device-to-device copy of nbytes."""
        t = self.torch
        src = t.empty(nbytes, dtype=t.uint8, device=self.device)
        dst = t.empty_like(src)
        return self._timed(lambda: dst.copy_(src), warmup, iters)

    def allreduce_seconds(self, nbytes: int, warmup: int, iters: int) -> float | None:
        """An NCCL/RCCL all-reduce over every visible device from one process (CUDA only)."""
        count = self.device_count()
        if count < 2 or self.kind != "cuda":
            return None
        t = self.torch
        nccl = importlib.import_module("torch.cuda.nccl")
        tensors = [t.ones(nbytes // 2, dtype=t.bfloat16, device=f"cuda:{i}") for i in range(count)]

        def once() -> float:
            for i in range(count):
                t.cuda.synchronize(i)
            start = time.perf_counter()
            nccl.all_reduce(tensors)
            for i in range(count):
                t.cuda.synchronize(i)
            return time.perf_counter() - start

        return _median(once, warmup, iters)

    def host_copy_seconds(self, nbytes: int, warmup: int, iters: int) -> float | None:
        """Median seconds of a pinned host-to-device copy of nbytes."""
        t = self.torch
        host = t.empty(nbytes, dtype=t.uint8, pin_memory=True)
        dev = t.empty(nbytes, dtype=t.uint8, device=self.device)
        return self._timed(lambda: dev.copy_(host, non_blocking=True), warmup, iters)

    def method_note(self) -> str | None:
        """Nothing bounds a torch device's figures beyond the stated conditions."""
        return None


def pick_backend(kind: str) -> Backend:
    """The backend for --device: cpu, cuda, npu, or auto (CUDA, then NPU, then the CPU)."""
    if kind == "cpu":
        return CpuBackend()
    if kind in ("cuda", "npu"):
        return TorchBackend(kind)
    if kind != "auto":
        raise MeasureError(f"--device must be cpu, cuda, npu or auto, got {kind!r}")
    for candidate in ("cuda", "npu"):
        try:
            return TorchBackend(candidate)
        except MeasureError:
            continue
    return CpuBackend()


@dataclass(frozen=True)
class Result:
    """One measured figure before it becomes a record."""

    metric: str
    value: float
    unit: str
    line: str
    precision: str | None = None
    n: int | None = None
    devices: int = 1
    nbytes: int | None = None
    direction: str | None = None
    method: str = ""


@dataclass
class Measured:
    """Everything one run found, with what it could not record and why."""

    backend: Backend
    name: str
    results: list[Result] = field(default_factory=list)
    skipped: list[str] = field(default_factory=list)


def fixed(value: float) -> str:
    """A figure with five significant digits, written without an exponent."""
    if value <= 0 or not math.isfinite(value):
        return "0"
    digits = max(0, 4 - math.floor(math.log10(value)))
    return f"{value:.{digits}f}"


def _optional(found: Measured, what: str, run: Callable[[], float | None]) -> float | None:
    """Run an optional kernel; a failure is noted in the record's comments, not fatal."""
    try:
        return run()
    except Exception as exc:  # unsupported on this device: say so and go on
        found.skipped.append(f"{what}: {type(exc).__name__}: {exc}")
        return None


def measure(
    backend: Backend,
    sizes: Sequence[int],
    dtypes: Sequence[str],
    *,
    copy_bytes: int = 1 << 28,
    warmup: int = 3,
    iters: int = 10,
) -> Measured:
    """Run the GEMM sweep (best size per type), the copy and, with several devices, all-reduce."""
    found = Measured(backend, backend.device_name())
    offered = backend.dtypes()
    pure = isinstance(backend, CpuBackend) and backend.np is None
    for dtype in dtypes:
        if dtype not in offered:
            found.skipped.append(f"gemm {dtype}: not offered by the {backend.kind} backend")
            continue
        best: tuple[float, int] | None = None
        for n in sizes:
            if pure and n > PURE_PYTHON_MAX:
                found.skipped.append(f"gemm {dtype} n={n}: pure Python stops at {PURE_PYTHON_MAX}")
                continue
            try:
                seconds = backend.gemm_seconds(dtype, n, warmup, iters)
            except Exception as exc:
                found.skipped.append(f"gemm {dtype} n={n}: {type(exc).__name__}: {exc}")
                continue
            rate = 2 * n**3 / seconds / 1e12
            if best is None or rate > best[0]:
                best = (rate, n)
        if best is not None:
            rate, n = float(fixed(best[0])), best[1]
            unit = "TOPS" if dtype == "int8" else "TFLOPS"
            found.results.append(
                Result(
                    "gemm",
                    rate,
                    unit,
                    f"gemm {dtype} {n}x{n}x{n}: {fixed(best[0])} {unit}",
                    precision=DTYPE_PRECISION[dtype],
                    n=n,
                    method=(
                        f"n×n×n multiplies, n in {', '.join(map(str, sizes))}, the best n kept; "
                        f"median of {iters} timed runs after {warmup} warm-up runs"
                    ),
                )
            )
    seconds = backend.copy_seconds(copy_bytes, warmup, iters)
    bandwidth = 2 * copy_bytes / seconds / 1e9
    found.results.append(
        Result(
            "memory_bandwidth",
            float(fixed(bandwidth)),
            "GB/s",
            f"memory_bandwidth copy {copy_bytes} bytes: {fixed(bandwidth)} GB/s",
            method=(
                f"copy of {copy_bytes:,} bytes in device memory, bytes read plus written per "
                f"second; median of {iters} timed runs after {warmup} warm-up runs"
                + (
                    " (a copy this small may stay in caches and measure them, not memory)"
                    if copy_bytes < SMALL_COPY
                    else ""
                )
            ),
        )
    )
    host = _optional(
        found, "host link", lambda: backend.host_copy_seconds(copy_bytes, warmup, iters)
    )
    if host is not None:
        rate = copy_bytes / host / 1e9
        found.results.append(
            Result(
                "host_link",
                float(fixed(rate)),
                "GB/s",
                f"host_link h2d {copy_bytes} bytes: {fixed(rate)} GB/s",
                nbytes=copy_bytes,
                direction="h2d",
                method=f"pinned host-to-device copy of {copy_bytes:,} bytes; median of {iters}",
            )
        )
    count = backend.device_count()
    reduce = (
        _optional(found, "all-reduce", lambda: backend.allreduce_seconds(copy_bytes, warmup, iters))
        if count > 1
        else None
    )
    if reduce is not None:
        busbw = copy_bytes / reduce * 2 * (count - 1) / count / 1e9
        found.results.append(
            Result(
                "allreduce_busbw",
                float(fixed(busbw)),
                "GB/s",
                f"allreduce_busbw {count} devices {copy_bytes} bytes: {fixed(busbw)} GB/s",
                devices=count,
                nbytes=copy_bytes,
                method=(
                    "one all-reduce over every visible device; bus bandwidth = bytes / time x "
                    "2(n-1)/n, one direction, as nccl-tests defines it"
                ),
            )
        )
    return found


def _q(text: str) -> str:
    """A YAML double-quoted string (JSON's escaping is valid YAML)."""
    return json.dumps(text, ensure_ascii=False)


def render_record(
    found: Measured,
    device_id: str,
    *,
    how_resolved: str,
    peaks: dict[str, float],
    ran_by: str,
    command: str,
    version: str,
    now: datetime | None = None,
) -> str:
    """The run as a data/measured/ file, with every condition the tool could read filled in.

    A GEMM at a precision the catalog gives no peak for cannot be held against one, so it is
    listed as a comment, not a record.
    """
    when = now or datetime.now(UTC)
    day = when.strftime("%Y-%m-%d")
    stamp = when.strftime("%Y%m%d%H%M")
    b = found.backend
    lines = [
        f"# Measured with xpuref measure on {day}: save as data/measured/<name>.yaml, then run",
        "# `xpuref validate`. The device was " + how_resolved + ".",
    ]
    for reason in found.skipped:
        lines.append(f"# not measured: {reason}")
    records = []
    for r in found.results:
        if r.metric == "gemm" and (r.precision or "") not in peaks:
            lines.append(
                f"# not recorded: {r.line} ({device_id} has no catalogued {r.precision} peak to "
                "hold it against)"
            )
            continue
        records.append(r)
    lines += [
        "run:",
        "  tool: xpuref measure",
        f"  version: {_q(version)}",
        f"  command: {_q(command)}",
        f'  date: "{day}"',
        f"  host: {_q(platform.platform())}",
        "measurements:",
    ]
    if not records:
        raise MeasureError(
            f"nothing to record for {device_id}: "
            + "; ".join(found.skipped or ["no figure has a catalogued ceiling"])
        )
    note = b.method_note()
    for r in records:
        what = r.metric.replace("_", "-") + (
            f"-{r.precision.replace('_', '-')}" if r.precision else ""
        )
        lines += [
            f"  - id: xm-{stamp}-{device_id}-{what}",
            f"    device: {device_id}",
            f"    metric: {r.metric}",
        ]
        if r.precision:
            lines.append(f"    precision: {r.precision}")
        lines += [
            f"    value: {fixed(r.value)}",
            f"    unit: {r.unit}",
            f"    quote: {_q(r.line)}",
            "    conditions:",
            f"      ran_by: {_q(ran_by)}",
            f"      software: {_q(b.software())}",
            f"      devices: {r.devices}",
            f'      date: "{day}"',
        ]
        if r.n is not None:
            lines.append(f"      shape: {{m: {r.n}, n: {r.n}, k: {r.n}}}")
        if r.nbytes is not None:
            lines.append(f"      message_bytes: {r.nbytes}")
        if r.direction:
            lines.append(f"      direction: {r.direction}")
        lines.append(f"      method: {_q(r.method)}")
        for key, value in (("driver", b.driver()), ("clocks", b.clocks())):
            lines.append(f"      {key}: {_q(value or 'not readable by the tool')}")
        lines.append(f"      system: {_q(b.system() + '; device name: ' + found.name)}")
        if note:
            lines.append(f"    note: {_q(note)}")
    return "\n".join(lines) + "\n"


def _version(read: Callable[[str], str], missing: type[Exception]) -> str:
    """The installed xpuref version (or a plain statement that it is not installed)."""
    try:
        return read("xpuref")
    except missing:
        return "not installed as a package"


def main_measure(args: Any) -> int:
    """The command: pick a backend, resolve the device to a SKU, measure, print the record."""
    from importlib.metadata import PackageNotFoundError, version
    from pathlib import Path

    from xpuref.data.paths import data_dir
    from xpuref.data.problems import DataError
    from xpuref.views.checked import load_checked
    from xpuref.views.lookup import DeviceLookupError, lookup_name, per_device_peaks

    try:
        sizes = [int(s) for s in (args.sizes or "").split(",") if s.strip()]
        dtypes = [d.strip() for d in args.dtypes.split(",") if d.strip()] if args.dtypes else []
    except ValueError:
        print(f"measure: --sizes takes whole numbers, got {args.sizes!r}", file=sys.stderr)
        return 2
    if any(n < 1 or n > 65536 for n in sizes):
        print("measure: each size must be from 1 to 65536", file=sys.stderr)
        return 2
    unknown = [d for d in dtypes if d not in DTYPE_PRECISION]
    if unknown:
        print(
            f"measure: unknown --dtypes {', '.join(unknown)} (known: {', '.join(DTYPE_PRECISION)})",
            file=sys.stderr,
        )
        return 2
    try:
        ds = load_checked(Path(args.data) if args.data else data_dir())
    except DataError as exc:
        print(exc.report(), file=sys.stderr)
        return 1
    try:
        backend = pick_backend(args.device)
    except MeasureError as exc:
        print(f"measure: {exc}", file=sys.stderr)
        return 1
    name = backend.device_name()
    if args.device_id:
        if args.device_id not in ds.devices:
            print(f"measure: unknown --device-id {args.device_id!r}", file=sys.stderr)
            return 1
        device_id = args.device_id
        how = f"named by --device-id {device_id} (the system reports it as {name!r})"
    else:
        try:
            match = lookup_name(name, ds)
        except DeviceLookupError as exc:
            print(
                f"measure: the {backend.kind} reports its name as {name!r}, which names no "
                f"single catalogued SKU ({exc}). Pass --device-id with the SKU you ran on; the "
                "record will say you chose it.",
                file=sys.stderr,
            )
            return 1
        device_id = match.id
        how = f"resolved from the name {name!r} by xpuref lookup"
    if not dtypes:
        dtypes = list(backend.dtypes()[:1]) if backend.kind == "cpu" else ["bf16", "fp16", "fp8"]
    if not sizes:
        sizes = list(CPU_SIZES if backend.kind == "cpu" else DEFAULT_SIZES)
    found = measure(
        backend, sizes, dtypes, copy_bytes=args.copy_bytes, warmup=args.warmup, iters=args.iters
    )
    for result in found.results:  # the lines the records quote, as the tool printed them
        print(result.line, file=sys.stderr)
    command = "xpuref measure " + " ".join(args.argv)
    try:
        text = render_record(
            found,
            device_id,
            how_resolved=how,
            peaks=per_device_peaks(ds.devices[device_id]),
            ran_by=args.ran_by or os.environ.get("USER") or "not stated",
            command=command.strip(),
            version=_version(version, PackageNotFoundError),
        )
    except MeasureError as exc:
        print(f"measure: {exc}", file=sys.stderr)
        return 1
    sys.stdout.write(text)
    return 0
