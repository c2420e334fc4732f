"""The most a host link can carry when only its PCIe generation and width are named."""

from __future__ import annotations

import re
from collections.abc import Mapping

from xpuref import calc
from xpuref.data.dataset import Dataset

__all__ = ["host_link_max_gbs", "pcie_rates"]

#: "PCIe Gen4 x16", "PCIe 5.0 x16", "PCIe Gen4": a generation and perhaps a lane count, no more.
_PCIE = re.compile(r"PCIe\s*(?:Gen\s*)?([1-7])(?:\.0)?(?:\s+x(1|2|4|8|16|32))?", re.IGNORECASE)
#: The widest link the PCIe specification defines, for a link named without its width.
_WIDEST = 32


def pcie_rates(ds: Dataset) -> dict[str, float]:
    """Transfer rate per lane (GT/s) by PCIe version ("4.0"), from the PCIe generations table."""
    table = ds.tables.get("pcie_generations")
    if table is None:
        return {}
    return {str(row["version"]): float(row["transfer_rate"]) for row in table.rows}


def host_link_max_gbs(host: str | None, rates: Mapping[str, float]) -> float | None:
    """Both directions' raw rate (calc.link_raw_gbs) of a host link named exactly as a PCIe
    generation (and width): an upper bound on what it carries. A link named without its width
    is taken at the widest the specification allows (x32). Anything else ("per GCD",
    NVLink-C2C, no host named) gives None: no bound.
    """
    if host is None:
        return None
    found = _PCIE.fullmatch(host.strip())
    if found is None:
        return None
    rate = rates.get(f"{found.group(1)}.0")
    if rate is None:
        return None
    lanes = int(found.group(2)) if found.group(2) else _WIDEST
    return calc.link_raw_gbs(rate, lanes)
