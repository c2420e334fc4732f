"""Typed model of measurements.yaml: published measurements the calculators are checked against.

Each case gives the inputs a calculator needs, the figure the source measured or printed, and
the page it was read on. ``bounds`` states, per kind, how far a calculator answer may be from
the measurement; the accuracy page prints them and a test holds every case to them.
"""

from __future__ import annotations

from typing import Annotated, Literal, get_args

from pydantic import Field, model_validator

from xpuref.data.base import LongText, Page, Slug, Strict, Text

__all__ = [
    "KINDS",
    "KvFromMemory",
    "KvTokens",
    "Logits",
    "Matmul",
    "Measurement",
    "MeasurementsFile",
    "Mfu",
    "UsableMemory",
]

Positive = Annotated[float, Field(gt=0, le=1e30)]
Count = Annotated[int, Field(ge=1, le=2**53)]
Share = Annotated[float, Field(gt=0, le=1)]
PresetName = Annotated[str, Field(pattern=r"^[a-z0-9_]+(?:[-.][a-z0-9_]+)*$", max_length=60)]
KvDtype = Literal["fp32", "bf16", "fp16", "fp8", "int8"]
#: A peak-rate key of the device (checked against the device file when the data loads).
RateKey = Annotated[str, Field(pattern=r"^[a-z0-9]+(_matrix)?$", max_length=20)]
Engine = Literal["vLLM", "SGLang"]


class _Case(Strict):
    """Common to every case: an id, a one-line title, a note and the page read."""

    id: Slug
    title: Text
    note: LongText | None = None
    source: Page


class _KvCase(Strict):
    """What every KV-token case names: model, engine, layout and the tokens it printed."""

    model: PresetName
    engine: Engine
    kv_dtype: KvDtype = "bf16"
    tp: Count = 1
    block_size: Count = 16
    published_tokens: Count


class KvTokens(_KvCase):
    """Tokens an engine fit in the KV-cache memory it reported."""

    kind: Literal["kv_tokens"]
    kv_memory_gib: Positive


class KvFromMemory(_KvCase):
    """Tokens an engine fit, from device memory, its memory fraction and its printed overhead."""

    kind: Literal["kv_tokens_from_memory"]
    memory_gib: Positive
    memory_fraction: Share
    overhead_gib: Annotated[float, Field(ge=0, le=1e9)]
    weights_dtype: KvDtype = "bf16"

    @model_validator(mode="after")
    def _overhead_within_budget(self) -> KvFromMemory:
        """The engine's overhead is part of the memory it may use, so it is below that budget."""
        budget = self.memory_gib * self.memory_fraction
        if self.overhead_gib >= budget:
            raise ValueError(
                f"overhead_gib {self.overhead_gib:g} is not below the budget memory_gib x "
                f"memory_fraction = {budget:g} GiB"
            )
        return self


class Mfu(Strict):
    """A published MFU (and HFU) with the run's throughput, model size and devices."""

    kind: Literal["mfu"]
    params: Positive
    layers: Annotated[int, Field(ge=0, le=100_000)]
    attention_width: Annotated[int, Field(ge=0, le=10**7)]
    seq: Annotated[int, Field(ge=0, le=10**9)]
    tokens_per_s: Positive
    devices: Count
    device: Slug
    precision: RateKey
    recompute: Literal["none", "full"] = "none"
    published_mfu_percent: Annotated[float, Field(gt=0, le=100)]
    published_hfu_percent: Annotated[float, Field(gt=0, le=100)] | None = None


class Matmul(Strict):
    """A measured matrix-multiply rate, checked against the roofline bound of the device."""

    kind: Literal["matmul"]
    device: Slug
    precision: RateKey
    m: Count
    n: Count
    k: Count
    dtype: KvDtype
    measured_tflops: Positive


class MoeDecode(Strict):
    """A measured decode speed of a mixture of experts, against the roofline bound of its step."""

    kind: Literal["moe_decode"]
    model: PresetName
    engine: Engine
    device: Slug
    precision: RateKey
    devices: Count
    batch: Count
    context: Count
    weights_dtype: KvDtype = "fp8"
    kv_dtype: KvDtype = "bf16"
    measured_tokens_per_s_seq: Positive


class UsableMemory(Strict):
    """The total memory an engine saw on a device, against the memory the calculators start from."""

    kind: Literal["usable_memory"]
    device: Slug
    engine: Engine
    published_gib: Positive


class Logits(Strict):
    """Memory a framework measured for the logits of a loss, against the training-memory term."""

    kind: Literal["logits"]
    tokens: Count
    vocab: Count
    compute_dtype: KvDtype = "bf16"
    fp32_loss: bool = False
    tp: Count = 1
    published_mib: Positive


class KvTokensCase(KvTokens, _Case):
    """A kv_tokens case."""


class KvFromMemoryCase(KvFromMemory, _Case):
    """A kv_tokens_from_memory case."""


class MfuCase(Mfu, _Case):
    """An mfu case."""


class MatmulCase(Matmul, _Case):
    """A matmul case."""


class MoeDecodeCase(MoeDecode, _Case):
    """A moe_decode case."""


class UsableMemoryCase(UsableMemory, _Case):
    """A usable_memory case."""


class LogitsCase(Logits, _Case):
    """A logits case."""


Measurement = Annotated[
    KvTokensCase
    | KvFromMemoryCase
    | UsableMemoryCase
    | MfuCase
    | LogitsCase
    | MatmulCase
    | MoeDecodeCase,
    Field(discriminator="kind"),
]

#: The kinds of case, in the order the accuracy page lists them.
Kind = Literal[
    "kv_tokens",
    "kv_tokens_from_memory",
    "usable_memory",
    "mfu",
    "logits",
    "matmul",
    "moe_decode",
]
KINDS: tuple[str, ...] = get_args(Kind)


class Bound(Strict):
    """How far answers of one kind may be from the measurements, and which way."""

    relative: Annotated[float, Field(ge=0, le=1)]
    one_sided: bool = False
    statement: LongText


class MeasurementsFile(Strict):
    """The whole measurements.yaml."""

    bounds: dict[Kind, Bound]
    measurements: Annotated[list[Measurement], Field(min_length=1, max_length=10_000)]
