"""The result type every cost calculator returns: parameters, MACs and FLOPs."""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["Cost"]


@dataclass(frozen=True)
class Cost:
    """Parameter count and forward multiply-accumulates of a layer or model (1 MAC = 2 FLOPs)."""

    params: int
    macs: int

    @property
    def flops(self) -> int:
        """Return the forward floating-point operations, two per multiply-accumulate."""
        return 2 * self.macs

    def __add__(self, other: Cost) -> Cost:
        """Return the cost of running both pieces one after the other."""
        return Cost(self.params + other.params, self.macs + other.macs)

    def as_dict(self) -> dict[str, int]:
        """Return params, macs and flops as a plain dict (for JSON output)."""
        return {"params": self.params, "macs": self.macs, "flops": self.flops}
