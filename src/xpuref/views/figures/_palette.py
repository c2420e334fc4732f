"""One colour and one marker shape per vendor, the same on every chart and in the catalog.

The colours are the Okabe-Ito set, chosen to stay apart under the common forms of colour
blindness (black and yellow swapped for grey and brown, which read on light and dark pages).
A vendor's style depends only on its slug, never on which other vendors are present, so adding
a vendor cannot repaint the others. Shapes separate vendors that share a colour.
"""

from __future__ import annotations

import zlib
from dataclasses import dataclass

__all__ = ["PALETTE", "SYMBOLS", "VendorStyle", "vendor_style"]

PALETTE = ("#009E73", "#D55E00", "#0072B2", "#E69F00", "#CC79A7", "#56B4E9", "#A6761D", "#999999")
SYMBOLS = ("circle", "square", "diamond", "triangle-up", "cross")

#: Vendors in the order they take styles: the first eight get the eight colours as circles.
_ORDER = (
    "nvidia", "amd", "intel", "google", "huawei", "aws", "cambricon", "apple",
    "cerebras", "groq", "graphcore", "tenstorrent", "kunlunxin", "moorethreads", "metax", "biren",
    "hygon", "iluvatar", "enflame", "thead", "horizon", "houmo", "qualcomm", "sambanova",
    "meta", "microsoft", "tesla", "hailo",
)  # fmt: skip


@dataclass(frozen=True)
class VendorStyle:
    """How a vendor's points are drawn."""

    color: str
    symbol: str


def vendor_style(slug: str) -> VendorStyle:
    """The vendor's colour and marker shape (unlisted vendors get a fixed one from their slug)."""
    slots = len(PALETTE) * len(SYMBOLS)
    index = _ORDER.index(slug) if slug in _ORDER else zlib.crc32(slug.encode()) % slots
    shape = SYMBOLS[(index // len(PALETTE)) % len(SYMBOLS)]
    return VendorStyle(PALETTE[index % len(PALETTE)], shape)
