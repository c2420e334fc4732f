"""xpuref measure: a tiny CPU run whose record validate accepts, and a fake accelerator backend."""

from __future__ import annotations

import importlib.util
import shutil
from datetime import UTC, datetime
from pathlib import Path

import pytest
import yaml
from tests.conftest import REAL_DATA, run_xpuref

from xpuref.cli import parser
from xpuref.data.dataset import Dataset
from xpuref.data.problems import DataError
from xpuref.devtools.measure import (
    CpuBackend,
    MeasureError,
    fixed,
    main_measure,
    measure,
    pick_backend,
    render_record,
)
from xpuref.views.checked import load_checked
from xpuref.views.lookup import lookup_name, per_device_peaks

#: Whole data folders through validation and the command line: the full tier, not check.sh.
pytestmark = pytest.mark.hardening

NOW = datetime(2026, 11, 28, 12, 0, tzinfo=UTC)


@pytest.fixture(scope="module")
def real() -> Dataset:
    """The project's data, validated."""
    return load_checked(REAL_DATA)


def _with_record(tmp_path: Path, text: str) -> Path:
    """A copy of the real data with one more data/measured/ file."""
    data = tmp_path / "data"
    shutil.copytree(REAL_DATA, data)
    (data / "measured" / "run.yaml").write_text(text, encoding="utf-8")
    return data


def test_cpu_run_prints_a_record_validate_accepts(tmp_path: Path) -> None:
    """A tiny CPU run prints a run record; added to a copy of the data, validate exits 0.

    A CPU names itself loosely ("AMD EPYC" in a virtual machine), so the operator states the
    SKU with --device-id and the record says so. The EPYC 9654's FP64 peak is derived (cores x
    clock x FMA units x lanes x 2), so the multiply is held against it and recorded beside the
    memory copy, each with the note that a pure-Python run is a share of the chip, not its rate.
    """
    done = run_xpuref(
        "measure", "--device", "cpu", "--sizes", "16", "--copy-bytes", "200000",
        "--warmup", "1", "--iters", "3", "--device-id", "amd-epyc-9654", "--ran-by", "test",
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    text = done.stdout
    parsed = yaml.safe_load(text)
    assert parsed["run"]["tool"] == "xpuref measure"
    assert "--device-id amd-epyc-9654" in parsed["run"]["command"]
    gemm, record = parsed["measurements"]
    assert gemm["metric"] == "gemm" and gemm["precision"] == "fp64" and gemm["note"]
    assert record["device"] == "amd-epyc-9654" and record["metric"] == "memory_bandwidth"
    conditions = record["conditions"]
    assert conditions["ran_by"] == "test" and conditions["devices"] == 1
    for key in ("software", "date", "method", "driver", "clocks", "system"):
        assert conditions[key], key
    assert "named by --device-id amd-epyc-9654" in text
    assert "# not recorded: gemm" not in text  # the derived FP64 peak is the GEMM's ceiling
    data = _with_record(tmp_path, text)
    checked = run_xpuref("validate", "--data", str(data))
    assert checked.returncode == 0, checked.stderr
    ds = load_checked(data)
    assert {gemm["id"], record["id"]} <= {r.id for r, _ in ds.measured}


def test_unresolved_cpu_name_asks_for_the_sku(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """A name that resolves to no SKU is never guessed: the command asks for --device-id."""
    monkeypatch.setattr(CpuBackend, "device_name", lambda self: "AMD EPYC")
    args = parser().parse_args(["measure", "--device", "cpu", "--sizes", "8"])
    args.argv = ["--device", "cpu", "--sizes", "8"]
    assert main_measure(args) == 1
    err = capsys.readouterr().err
    assert "'AMD EPYC'" in err and "--device-id" in err and "amd-epyc-9654" in err


class FakeAccelerator:
    """A two-device accelerator whose kernels take exactly the time their rates imply."""

    kind = "cuda"

    def __init__(self, name: str, tflops: dict[str, float], gbs: float = 3000.0) -> None:
        """Rates in TFLOPS per data type (at n >= 4096; half that below) and copy GB/s."""
        self.name, self.tflops, self.gbs = name, tflops, gbs

    def device_name(self) -> str:
        """As torch.cuda.get_device_name prints it."""
        return self.name

    def software(self) -> str:
        """A made-up stack."""
        return "torch 9.9.9 (fake)"

    def driver(self) -> str | None:
        """Fake driver."""
        return "fake 1.0"

    def clocks(self) -> str | None:
        """Not readable."""
        return None

    def system(self) -> str:
        """Two devices."""
        return "2 cuda device(s) visible (fake)"

    def dtypes(self) -> tuple[str, ...]:
        """What it multiplies."""
        return tuple(self.tflops)

    def device_count(self) -> int:
        """Two devices, so the all-reduce runs."""
        return 2

    def gemm_seconds(self, dtype: str, n: int, warmup: int, iters: int) -> float:
        """The time of 2n³ FLOPs at the rate (half the rate on small sizes)."""
        rate = self.tflops[dtype] * (1.0 if n >= 4096 else 0.5)
        return 2 * n**3 / (rate * 1e12)

    def copy_seconds(self, nbytes: int, warmup: int, iters: int) -> float:
        """Read plus write at the copy rate."""
        return 2 * nbytes / (self.gbs * 1e9)

    def allreduce_seconds(self, nbytes: int, warmup: int, iters: int) -> float | None:
        """An all-reduce at 400 GB/s algorithm bandwidth."""
        return nbytes / 400e9

    def host_copy_seconds(self, nbytes: int, warmup: int, iters: int) -> float | None:
        """25 GB/s host to device."""
        return nbytes / 25e9

    def method_note(self) -> str | None:
        """Nothing bounds it."""
        return None


def _fake_record(ds: Dataset, fake: FakeAccelerator) -> str:
    """Measure the fake device and render its record, resolving its name as the CLI does."""
    match = lookup_name(fake.device_name(), ds)
    found = measure(fake, [1024, 4096], ["bf16", "fp8"], copy_bytes=1 << 30, warmup=0, iters=1)
    return render_record(
        found, match.id, how_resolved="resolved by lookup", ran_by="test",
        peaks=per_device_peaks(ds.devices[match.id]), command="xpuref measure --device cuda",
        version="test", now=NOW,
    )  # fmt: skip


def test_fake_backend_sweep_resolves_and_validates(real: Dataset, tmp_path: Path) -> None:
    """A fake H100 at 700 TFLOPS BF16: best size kept, every metric recorded, validate accepts."""
    fake = FakeAccelerator("NVIDIA H100 80GB HBM3", {"bf16": 700.0, "fp8": 1400.0})
    text = _fake_record(real, fake)
    records = {
        r["metric"] + (r.get("precision") or ""): r for r in yaml.safe_load(text)["measurements"]
    }
    gemm = records["gemmbf16_matrix"]
    assert gemm["device"] == "nvidia-h100-sxm5-80gb"
    assert gemm["value"] == 700.0 and gemm["conditions"]["shape"] == {
        "m": 4096,
        "n": 4096,
        "k": 4096,
    }
    assert records["gemmfp8_matrix"]["value"] == 1400.0
    assert records["memory_bandwidth"]["value"] == 3000.0
    reduce = records["allreduce_busbw"]
    assert reduce["conditions"]["devices"] == 2 and reduce["value"] == 400.0  # 400 x 2(2-1)/2
    assert records["host_link"]["conditions"]["direction"] == "h2d"
    ds = load_checked(_with_record(tmp_path, text))
    assert len([r for r, f in ds.measured if f.run is not None]) == 5
    assert ds.warnings == ()


def test_fake_backend_above_peak_is_refused(real: Dataset, tmp_path: Path) -> None:
    """A tool reading 1070 TFLOPS BF16 on an H100 (peak 989.4) prints a record validate refuses."""
    fake = FakeAccelerator("NVIDIA H100 80GB HBM3", {"bf16": 1070.0})
    text = _fake_record(real, fake)
    with pytest.raises(DataError) as caught:
        load_checked(_with_record(tmp_path, text))
    assert "above the dense peak of nvidia-h100-sxm5-80gb" in caught.value.report()


def test_fake_backend_below_thirty_percent_is_flagged(real: Dataset, tmp_path: Path) -> None:
    """A GPU run gets no automatic note: 200 of 989.4 TFLOPS loads with a suspect warning."""
    fake = FakeAccelerator("NVIDIA H100 80GB HBM3", {"bf16": 200.0})
    ds = load_checked(_with_record(tmp_path, _fake_record(real, fake)))
    [warning] = ds.warnings
    assert (
        warning.file == "data/measured/run.yaml" and "suspect: 200 TFLOPS is 20%" in warning.message
    )


class FlakyHost(FakeAccelerator):
    """A device whose host copy fails (an unsupported pinned buffer, say)."""

    def host_copy_seconds(self, nbytes: int, warmup: int, iters: int) -> float | None:
        """Fail as a backend would."""
        raise RuntimeError("pinned memory is not supported")


def test_an_optional_kernel_failing_is_noted_not_fatal(real: Dataset) -> None:
    """A failing host copy leaves a comment; the other figures are still recorded."""
    fake = FlakyHost("NVIDIA H100 80GB HBM3", {"bf16": 700.0})
    text = _fake_record(real, fake)
    assert "# not measured: host link: RuntimeError: pinned memory is not supported" in text
    metrics = {r["metric"] for r in yaml.safe_load(text)["measurements"]}
    assert metrics == {"gemm", "memory_bandwidth", "allreduce_busbw"}


@pytest.mark.skipif(importlib.util.find_spec("torch") is not None, reason="torch is installed")
def test_accelerator_backends_need_torch() -> None:
    """Without torch, --device cuda and npu say what is missing; auto falls back to the CPU."""
    with pytest.raises(MeasureError, match="needs torch"):
        pick_backend("cuda")
    with pytest.raises(MeasureError, match="torch and torch_npu"):
        pick_backend("npu")
    assert isinstance(pick_backend("auto"), CpuBackend)


@pytest.mark.parametrize(
    ("value", "text"), [(794.5, "794.50"), (0.000025444, "0.000025444"), (32.64512, "32.645")]
)
def test_fixed_never_writes_an_exponent(value: float, text: str) -> None:
    """Figures keep five significant digits without an exponent, so the quote carries them."""
    assert fixed(value) == text
