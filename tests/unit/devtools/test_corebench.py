"""The core-lookup bench: fresh processes, the figures it reports, no third-party import."""

from __future__ import annotations

from xpuref.devtools.bench import GOALS, _verdicts, report
from xpuref.devtools.corebench import core_lookup_timings


def test_core_lookup_timings_come_from_fresh_processes() -> None:
    """Two runs: positive times, the process slower than its own import + lookup, nothing heavy."""
    found = core_lookup_timings(runs=2)
    assert found["runs"] == 2
    assert 0 < found["import_and_lookup_ms_best"] <= found["import_and_lookup_ms_median"]
    assert found["process_ms_median"] > found["import_and_lookup_ms_best"]
    assert found["third_party_imported"] == []


def test_core_only_report_names_the_goal() -> None:
    """A core-only result reports the lookup figure and its verdict against 50 ms."""
    result = {"core": core_lookup_timings(runs=1)}
    result["verdicts"] = _verdicts(result)
    assert set(result["verdicts"]) == {"core_lookup"}
    text = report(result)
    assert "import xpuref + first lookup" in text and "core_lookup" in text
    assert GOALS["core_lookup_ms_max"] == 50.0
