"""``xpuref bench``: validation, build, hook time, sizes, and how cost grows with the catalog."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from xpuref.data.dataset import load_dataset
from xpuref.data.paths import ROOT, data_dir
from xpuref.data.yamlfile import forget_parsed
from xpuref.devtools.calcbench import calculator_timings
from xpuref.devtools.corebench import core_lookup_timings
from xpuref.devtools.synthetic import make_synthetic_data
from xpuref.site.timing import ENV_VAR

__all__ = ["GOALS", "run_bench"]

GOALS = {
    "own_share_max": 0.10,
    "growth_ratio_max": 11.0,
    "build_1000_seconds_max": 180.0,
    "heaviest_page_bytes_max": 700_000,
    "recompute_ms_max": 5.0,
    "core_lookup_ms_max": 50.0,
}


def _tree_bytes(tree: Path) -> int:
    """Total size of every file under a folder."""
    return sum(p.stat().st_size for p in tree.rglob("*") if p.is_file())


def _best_of(runs: int, func: Callable[[], object]) -> float:
    """The fastest of several timed calls, in seconds."""
    best = float("inf")
    for _ in range(runs):
        start = time.perf_counter()
        func()
        best = min(best, time.perf_counter() - start)
    return best


@contextmanager
def _workdir() -> Iterator[Path]:
    """A temporary folder removed afterwards."""
    path = Path(tempfile.mkdtemp(prefix="xpuref-bench-"))
    try:
        yield path
    finally:
        shutil.rmtree(path, ignore_errors=True)


def _cold_load(data: Path) -> object:
    """Load a data folder with no file parsed before (as a fresh process reads it)."""
    forget_parsed()
    return load_dataset(data)


def _build(config: Path, out: Path, data: Path | None, timings: Path | None) -> float:
    """Run one ``xpuref build`` in a fresh process; return its wall time in seconds."""
    env = dict(os.environ)
    env.pop("XPUREF_SITE_URL", None)
    if data is not None:
        env["XPUREF_DATA"] = str(data)
    if timings is not None:
        env[ENV_VAR] = str(timings)
    start = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-m", "xpuref.cli", "build", "--config", str(config), "--out", str(out)],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    elapsed = time.perf_counter() - start
    if done.returncode != 0:
        raise RuntimeError(f"build failed:\n{done.stderr}")
    return elapsed


def _heaviest_page(site: Path) -> dict[str, Any]:
    """The page whose HTML plus local JS/CSS weighs most, gzipped."""
    from xpuref.devtools.pageweight import heaviest_page

    path, weight = heaviest_page(site)
    return {"page": path, "gzip_bytes": weight}


def run_bench(sizes: tuple[int, ...] = (100, 1000), *, core_only: bool = False) -> dict[str, Any]:
    """Measure the core lookup, the real catalog and synthetic catalogs of the given sizes."""
    from xpuref.site.bundle import build_bundle

    config = ROOT / "mkdocs.yml"
    real = data_dir()
    result: dict[str, Any] = {"machine": {"cpus": os.cpu_count()}, "goals": GOALS}
    result["core"] = core_lookup_timings()
    if core_only:
        result["verdicts"] = _verdicts(result)
        return result
    result["validation_seconds"] = _best_of(3, lambda: _cold_load(real))
    with _workdir() as work:
        timings = work / "hooks.json"
        build_seconds = _build(config, work / "site", None, timings)
        hooks = json.loads(timings.read_text())
        own = sum(hooks.values())
        pages = list((work / "site").rglob("*.html"))
        result["real"] = {
            "devices": len(load_dataset(real).devices),
            "build_seconds": build_seconds,
            "hook_seconds": hooks,
            "own_seconds": own,
            "own_share": own / build_seconds,
            "pages": len(pages),
            "site_bytes": _tree_bytes(work / "site"),
            "heaviest_page": _heaviest_page(work / "site"),
            "calculator_recompute": calculator_timings(work / "site"),
        }
        bundle = build_bundle(ROOT / "mkdocs-offline.yml", work / "bundle.zip")
        result["real"]["bundle_bytes"] = bundle.stat().st_size
    scale: dict[str, Any] = {}
    for size in sizes:
        with _workdir() as work:
            data = make_synthetic_data(real, work / "data", size)
            seconds = _build(config, work / "site", data, None)
            scale[str(size)] = {"build_seconds": seconds, "site_bytes": _tree_bytes(work / "site")}
    result["synthetic"] = scale
    if len(sizes) >= 2:
        small, large = scale[str(sizes[0])], scale[str(sizes[-1])]
        result["growth"] = {
            "devices_ratio": sizes[-1] / sizes[0],
            "time_ratio": large["build_seconds"] / small["build_seconds"],
            "bytes_ratio": large["site_bytes"] / small["site_bytes"],
        }
    result["verdicts"] = _verdicts(result)
    return result


def _verdicts(result: dict[str, Any]) -> dict[str, bool]:
    """Which goals the measurements meet."""
    core = result["core"]["import_and_lookup_ms_median"]
    verdicts = {"core_lookup": core < GOALS["core_lookup_ms_max"]}
    if "real" not in result:
        return verdicts
    verdicts["own_share"] = result["real"]["own_share"] < GOALS["own_share_max"]
    verdicts["heaviest_page"] = (
        result["real"]["heaviest_page"]["gzip_bytes"] < GOALS["heaviest_page_bytes_max"]
    )
    recompute = result["real"]["calculator_recompute"]["worst_median_ms"]
    if recompute is not None:
        verdicts["recompute"] = recompute < GOALS["recompute_ms_max"]
    growth = result.get("growth")
    if growth:
        verdicts["time_growth"] = growth["time_ratio"] <= GOALS["growth_ratio_max"]
        verdicts["bytes_growth"] = growth["bytes_ratio"] <= GOALS["growth_ratio_max"]
    big = result["synthetic"].get("1000")
    if big:
        verdicts["build_1000"] = big["build_seconds"] < GOALS["build_1000_seconds_max"]
    return verdicts


def report(result: dict[str, Any]) -> str:
    """Human-readable lines for the bench result."""
    core = result["core"]
    lines = [
        f"core: import xpuref + first lookup {core['import_and_lookup_ms_median']:.1f} ms median "
        f"(best {core['import_and_lookup_ms_best']:.1f} ms, CPU time "
        f"{core['import_and_lookup_cpu_ms_median']:.1f} ms, whole process "
        f"{core['process_ms_median']:.0f} ms, {core['runs']} fresh processes); third-party "
        f"modules imported: {', '.join(core['third_party_imported']) or 'none'}",
    ]
    if "real" not in result:
        lines.append(_goals(result))
        return "\n".join(lines)
    real = result["real"]
    lines += [
        f"validation (data load + checks): {result['validation_seconds'] * 1000:.0f} ms",
        f"real catalog: {real['devices']} devices, {real['pages']} pages, build "
        f"{real['build_seconds']:.1f} s",
        f"  project hooks: {real['own_seconds']:.2f} s = {real['own_share']:.1%} of the build "
        f"({', '.join(f'{k} {v:.2f} s' for k, v in sorted(real['hook_seconds'].items()))})",
        f"  site {real['site_bytes'] / 1e6:.1f} MB, bundle {real['bundle_bytes'] / 1e6:.1f} MB",
        f"  heaviest page {real['heaviest_page']['page']}: "
        f"{real['heaviest_page']['gzip_bytes'] / 1000:.0f} kB gzipped (HTML + local JS/CSS)",
    ]
    calc = real["calculator_recompute"]
    if calc["worst_median_ms"] is not None:
        lines.append(
            f"  calculators: {len(calc['calculators'])} recompute in a median of at most "
            f"{calc['worst_median_ms']:.2f} ms per input change "
            f"(worst single {calc['worst_ms']:.2f} ms)"
        )
    for size, row in result["synthetic"].items():
        lines.append(
            f"synthetic {size} devices: build {row['build_seconds']:.1f} s, "
            f"site {row['site_bytes'] / 1e6:.1f} MB"
        )
    growth = result.get("growth")
    if growth:
        lines.append(
            f"growth x{growth['devices_ratio']:.0f} devices: time x{growth['time_ratio']:.2f}, "
            f"bytes x{growth['bytes_ratio']:.2f}"
        )
    lines.append(_goals(result))
    return "\n".join(lines)


def _goals(result: dict[str, Any]) -> str:
    """One line: each goal met or missed."""
    return "goals: " + ", ".join(
        f"{name} {'met' if ok else 'MISSED'}" for name, ok in result["verdicts"].items()
    )
