"""The publisher registry: most specific site wins, and a vendor site speaks only for its makers."""

from __future__ import annotations

from pathlib import Path

import pytest

from xpuref.data.dataset import load_dataset
from xpuref.data.problems import DataError
from xpuref.data.publishers import Publisher, Registry

REGISTRY = Registry(
    (
        Publisher(site="github.com", name="GitHub", tier="other", reason="anyone's code"),
        Publisher(
            site="github.com/nvidia", name="NVIDIA", tier="vendor", reason="r", makers=["nvidia"]
        ),
        Publisher(
            site="github.com/pytorch", name="PyTorch", tier="reference", reason="not a maker"
        ),
        Publisher(site="sec.gov", name="SEC", tier="vendor", reason="filings"),
    )
)


@pytest.mark.parametrize(
    ("url", "maker", "tier"),
    [
        ("https://github.com/NVIDIA/TensorRT-LLM/blob/x/a.py", "nvidia", "vendor"),
        # The same repository cited for another maker's part is a reference, not that maker's word.
        ("https://github.com/NVIDIA/TensorRT-LLM/blob/x/a.py", "amd", "reference"),
        ("https://github.com/pytorch/ao/blob/x/device_spec.py", "nvidia", "reference"),
        ("https://github.com/someone/notes", "nvidia", "other"),
        # A vendor site that names no makers (a regulator's filings) keeps its tier for anyone.
        ("https://www.sec.gov/Archives/edgar/data/1045810/x.htm", "nvidia", "vendor"),
        ("https://www.sec.gov/Archives/edgar/data/2488/x.htm", "amd", "vendor"),
        ("https://unregistered.example/x", "nvidia", None),
    ],
)
def test_tier_depends_on_whose_part_it_is(url: str, maker: str, tier: str | None) -> None:
    assert REGISTRY.tier_for(url, maker) == tier


def _problems(root: Path) -> list[str]:
    """Load the data and return the problem lines it raises."""
    with pytest.raises(DataError) as caught:
        load_dataset(root)
    return [str(p) for p in caught.value.problems]


def _insert_after(root: Path, anchor: str, extra: str) -> int:
    """Insert a line after the first line equal to ``anchor``; return the new line's number."""
    path = root / "publishers.yaml"
    lines = path.read_text().splitlines(keepends=True)
    at = next(i for i, line in enumerate(lines) if line.rstrip("\n") == anchor) + 1
    lines.insert(at, extra)
    path.write_text("".join(lines))
    return at + 1


def test_makers_must_be_known_vendors(data_copy: Path) -> None:
    path = data_copy / "publishers.yaml"
    entry = "- site: github.com/tenstorrent\n  name: Tenstorrent on GitHub\n  tier: vendor\n"
    text = path.read_text()
    assert entry + "  makers: [tenstorrent]\n" in text
    path.write_text(
        text.replace(entry + "  makers: [tenstorrent]\n", entry + "  makers: [tenstorent]\n")
    )
    line = text[: text.index(entry)].count("\n") + 4
    found = _problems(data_copy)
    assert any(
        p.startswith(f"data/publishers.yaml:{line}: publishers[")
        and "unknown vendor id 'tenstorent'" in p
        for p in found
    ), found


def test_only_a_vendor_site_names_makers(data_copy: Path) -> None:
    line = _insert_after(data_copy, "- site: techpowerup.com", "  makers: [nvidia]\n")
    found = _problems(data_copy)
    assert any(
        p.startswith(f"data/publishers.yaml:{line}:") and "only a vendor site" in p for p in found
    ), found
