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
PROBE = """
import time
start = time.perf_counter()
import xpuref
xpuref.lookup("NVIDIA H100 80GB HBM3").peak("bf16", unit="matrix")
import json, sys
heavy = [m for m in ("pydantic", "yaml", "jinja2", "mkdocs") if m in sys.modules]
print(json.dumps({"ms": (time.perf_counter() - start) * 1000, "heavy": heavy}))
"""


def core_lookup_timings(runs: int = 7) -> dict[str, Any]:
    """Median and best of import + first lookup (in the process) and of the whole process."""
    inside: list[float] = []
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
        heavy.update(found["heavy"])
    return {
        "runs": runs,
        "import_and_lookup_ms_median": statistics.median(inside),
        "import_and_lookup_ms_best": min(inside),
        "process_ms_median": statistics.median(whole),
        "third_party_imported": sorted(heavy),
    }
