"""Checks across devices that share a die: their rates must keep the same proportions."""

from __future__ import annotations

from xpuref.data.devices import Device
from xpuref.data.problems import Problem
from xpuref.data.yamlfile import SourceFile, problem_at

__all__ = ["SIBLING_TOLERANCE", "check_siblings"]

#: How far (as a fraction) one sibling's rate ratio may differ from another's.
SIBLING_TOLERANCE = 0.05
#: Matrix rates whose ratios to each other the silicon fixes (fp64 and vector rates may be cut
#: by firmware on export or consumer variants, so they are not compared).
_LOCKED = ("tf32_matrix", "bf16_matrix", "fp16_matrix", "fp8_matrix", "fp4_matrix", "int8_matrix")


def _ratios(device: Device) -> dict[str, float]:
    """Each locked matrix rate over the device's BF16 (else FP16) matrix rate."""
    rates = device.peak_dense
    base = rates.get("bf16_matrix") or rates.get("fp16_matrix")
    if not base:
        return {}
    return {key: rates[key] / base for key in _LOCKED if key in rates}


def _reverse(text: str) -> list[int]:
    """A key that sorts ids in reverse, so max() prefers the first id on ties."""
    return [-ord(c) for c in text]


def check_siblings(loaded: list[tuple[Device, SourceFile]]) -> list[Problem]:
    """Devices with the same ``die`` keep the same ratios between their matrix rates.

    A sparse figure typed into one sibling, or a rate copied from a sibling with another
    accumulate convention, breaks the proportions; a sourced ``ratio_exceptions`` entry with
    check ``sibling`` accepts a real difference.
    """
    problems: list[Problem] = []
    by_die: dict[str, list[tuple[Device, SourceFile]]] = {}
    for device, src in loaded:
        if device.die:
            by_die.setdefault(device.die, []).append((device, src))
    for die, group in sorted(by_die.items()):
        if len(group) < 2:
            continue
        # The reference is the sibling with the most locked rates (ties: first by id).
        reference, _ = max(
            group, key=lambda item: (len(_ratios(item[0])), [-ord(c) for c in item[0].id])
        )
        expected = _ratios(reference)
        for device, src in group:
            if device is reference or "sibling" in {e.check for e in device.ratio_exceptions}:
                continue
            for key, ratio in _ratios(device).items():
                want = expected.get(key)
                if want is None or abs(ratio - want) <= SIBLING_TOLERANCE * want:
                    continue
                problems.append(
                    problem_at(
                        src,
                        ("peak_dense", key),
                        f"{key} is {ratio:.3g} x the BF16/FP16 matrix rate, but {reference.id} "
                        f"(same die '{die}') has {want:.3g}: a sparse or copied figure? If the "
                        "difference is real, add a sourced ratio_exceptions entry "
                        "with check 'sibling'",
                    )
                )
    return problems
