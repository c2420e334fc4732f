"""The one table of numeric formats: key, label, bit length, storage bytes, units that run it.

Everything that knows a precision reads this table: the field catalogue and schema (which
``peak_dense`` keys exist and their labels), export control (bit lengths), the memory
calculators (bytes per element), derived sparse rates, and the browser port, which receives
the table in the page scripts (``assets/js/xpuref.js``) made at build time. Adding a precision
is one ``Precision`` entry here (with its units), plus the data that uses it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

__all__ = [
    "BIT_LENGTHS",
    "DTYPE_BYTES",
    "PRECISIONS",
    "RATE_ORDER",
    "SPARSE_KEYS",
    "Precision",
    "precision_table",
]

Unit = Literal["matrix", "vector"]


@dataclass(frozen=True)
class Precision:
    """A numeric format: display label, bit length, bytes per stored element, units that run it.

    ``bytes`` is None for a format no calculator stores tensors in; ``sparse`` says whether
    vendors quote structured-sparsity matrix rates for it (never for fp64 or fp32).
    """

    key: str
    label: str
    bits: int
    bytes: float | None
    integer: bool
    sparse: bool

    @property
    def unit(self) -> str:
        """TOPS for integer formats, TFLOPS for floating point."""
        return "TOPS" if self.integer else "TFLOPS"


PRECISIONS: dict[str, Precision] = {
    p.key: p
    for p in (
        Precision("fp64", "FP64", 64, 8.0, False, False),
        Precision("fp32", "FP32", 32, 4.0, False, False),
        # TF32 operands occupy a 32-bit word: stored in 4 bytes, counted as 32 bits by the rules.
        Precision("tf32", "TF32", 32, 4.0, False, True),
        # Biren's TF32+ (a wider-mantissa TF32 of its own); its operands occupy a 32-bit word.
        Precision("tf32plus", "TF32+", 32, None, False, False),
        Precision("bf16", "BF16", 16, 2.0, False, True),
        Precision("fp16", "FP16", 16, 2.0, False, True),
        Precision("fp8", "FP8", 8, 1.0, False, True),
        # FP6 and FP4 pack below a byte (block scales of the MX formats come on top).
        Precision("fp6", "FP6", 6, 0.75, False, True),
        Precision("fp4", "FP4", 4, 0.5, False, True),
        Precision("int8", "INT8", 8, 1.0, True, True),
        # INT4 packs two elements per byte.
        Precision("int4", "INT4", 4, 0.5, True, True),
    )
}

#: Every peak-rate figure, as (precision, unit), in the order pages and downloads show them.
RATE_ORDER: tuple[tuple[str, Unit], ...] = (
    ("fp64", "vector"),
    ("fp64", "matrix"),
    ("fp32", "vector"),
    ("fp32", "matrix"),
    ("fp16", "vector"),
    ("bf16", "vector"),
    ("tf32", "matrix"),
    ("tf32plus", "matrix"),
    ("bf16", "matrix"),
    ("fp16", "matrix"),
    ("fp8", "matrix"),
    ("fp6", "matrix"),
    ("fp4", "matrix"),
    ("int8", "matrix"),
    ("int4", "matrix"),
    ("int8", "vector"),
)

#: Bit length of each format, as the export rules count it.
BIT_LENGTHS: dict[str, int] = {key: p.bits for key, p in PRECISIONS.items()}

#: Bytes per element of each format the calculators store tensors in.
DTYPE_BYTES: dict[str, float] = {
    key: p.bytes for key, p in PRECISIONS.items() if p.bytes is not None
}

#: Matrix-rate keys that structured sparsity applies to.
SPARSE_KEYS: frozenset[str] = frozenset(
    f"{p}_matrix" for p, unit in RATE_ORDER if unit == "matrix" and PRECISIONS[p].sparse
)


def precision_table() -> dict[str, Any]:
    """The table as JSON-ready data, for the browser port and the published downloads."""
    return {
        "precisions": [
            {
                "key": p.key,
                "label": p.label,
                "bits": p.bits,
                "bytes": p.bytes,
                "integer": p.integer,
                "sparse": p.sparse,
            }
            for p in PRECISIONS.values()
        ],
        "rate_order": [[p, unit] for p, unit in RATE_ORDER],
    }
