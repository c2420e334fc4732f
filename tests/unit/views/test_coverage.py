"""Which sources count as tracing a figure to a vendor document."""

from __future__ import annotations

import pytest

from xpuref.data.base import CitedDocument
from xpuref.data.dataset import Dataset
from xpuref.views.coverage import traces_to_vendor


@pytest.mark.parametrize(
    ("url", "cites", "traced"),
    [
        ("https://www.nvidia.com/en-us/data-center/h100/", None, True),
        ("https://glennklockwood.com/garden/processors/h100", None, False),
        (
            "https://glennklockwood.com/garden/processors/h100",
            CitedDocument(title="NVIDIA H100 datasheet"),
            True,
        ),
        (
            "https://glennklockwood.com/garden/processors/h100",
            CitedDocument(title="NVIDIA H100 datasheet", url="https://resources.nvidia.com/h100"),
            True,
        ),
        (
            "https://github.com/syedalijabir/gpu-performance/blob/main/data/ml_hardware.csv",
            CitedDocument(
                title="TechPowerUp H100 page",
                url="https://www.techpowerup.com/gpu-specs/h100-sxm5-80-gb.c3900",
            ),
            False,
        ),
        (
            "https://glennklockwood.com/garden/processors/h100",
            CitedDocument(title="a page", url="https://unregistered.example/h100"),
            False,
        ),
        # Meta's repository is Meta's word on Meta's chips, not on an NVIDIA card: it traces
        # only through the NVIDIA datasheet it names.
        ("https://github.com/facebookresearch/xformers/blob/x/device_limits.py", None, False),
        (
            "https://github.com/facebookresearch/xformers/blob/x/device_limits.py",
            CitedDocument(title="NVIDIA H100 datasheet", url="https://resources.nvidia.com/h100"),
            True,
        ),
        ("https://github.com/pytorch/ao/blob/x/torchao/profiler/device_spec.py", None, False),
        # NVIDIA's own repository is NVIDIA's word.
        ("https://github.com/NVIDIA/TensorRT-LLM/blob/x/cluster_info.py", None, True),
    ],
)
def test_a_reference_traces_only_through_a_vendor_document(
    dataset: Dataset, url: str, cites: CitedDocument | None, traced: bool
) -> None:
    device = dataset.devices["nvidia-h100-sxm5-80gb"]
    source = device.sources[0].model_copy(update={"url": url, "cites": cites})
    changed = device.model_copy(update={"sources": [source]})
    assert traces_to_vendor(changed, 0, dataset) is traced
