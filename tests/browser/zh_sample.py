"""The Chinese pages the accessibility test opens: one of each kind.

Every page kind of the Chinese edition (home, catalog, device, system, architectures,
glossary, a guide, calculators, charts, compare with sources, export controls) and a few
devices from different makers, so a layout or contrast fault in a translated template shows
without crawling every page twice.
"""

from __future__ import annotations

__all__ = ["ZH_SAMPLE"]

ZH_SAMPLE = [
    "zh/",
    "zh/devices/",
    "zh/devices/nvidia-h100-sxm5-80gb/",
    "zh/devices/huawei-ascend-910b2/",
    "zh/devices/cambricon-mlu370-x8-pcie-48gb/",
    "zh/systems/nvidia-dgx-h100/",
    "zh/architectures/",
    "zh/glossary/",
    "zh/guides/gpu-memory/",
    "zh/calculators/llm/",
    "zh/calculators/export/",
    "zh/charts/trends/",
    "zh/charts/roofline/",
    "zh/compare/?ids=nvidia-h100-sxm5-80gb,huawei-ascend-910b2&sources=1",
    "zh/export-controls/",
]
