"""Time ``import xpuref`` plus a first lookup in fresh processes, as a training script pays it."""

from __future__ import annotations

import json
import statistics
import subprocess
import sys
import time
from typing import Any

__all__ = ["core_lookup_timings"]

#: Runs in a fresh interpreter: the clock starts before ``import xpuref``.
#: CPU time is reported beside wall time: on a shared machine the wall clock also counts the
#: time the process waited for a core.
PROBE = """
import time
start, cpu = time.perf_counter(), time.process_time()
import xpuref
xpuref.lookup("NVIDIA H100 80GB HBM3").peak("bf16", unit="matrix")
wall, cpu = time.perf_counter() - start, time.process_time() - cpu
import json, sys
heavy = [m for m in ("pydantic", "yaml", "jinja2", "mkdocs") if m in sys.modules]
print(json.dumps({"ms": wall * 1000, "cpu_ms": cpu * 1000, "heavy": heavy}))
"""


def core_lookup_timings(runs: int = 7) -> dict[str, Any]:
    """Median and best of import + first lookup (wall and CPU time) and of the whole process."""
    inside: list[float] = []
    cpu: list[float] = []
    whole: list[float] = []
    heavy: set[str] = set()
    for _ in range(runs):
        start = time.perf_counter()
        done = subprocess.run(
            [sys.executable, "-c", PROBE], capture_output=True, text=True, check=True
        )
        whole.append((time.perf_counter() - start) * 1000)
        found = json.loads(done.stdout)
        inside.append(found["ms"])
        cpu.append(found["cpu_ms"])
        heavy.update(found["heavy"])
    return {
        "runs": runs,
        "import_and_lookup_ms_median": statistics.median(inside),
        "import_and_lookup_ms_best": min(inside),
        "import_and_lookup_cpu_ms_median": statistics.median(cpu),
        "process_ms_median": statistics.median(whole),
        "third_party_imported": sorted(heavy),
    }
