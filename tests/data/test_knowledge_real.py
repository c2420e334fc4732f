"""Tests on the real knowledge files: the xPU family, ecosystem layers, Chinese terms."""

from __future__ import annotations

from functools import lru_cache

import pytest
from tests.conftest import REAL_DATA
from tests.conftest import strict_knowledge as load_knowledge

from xpuref.data.knowledge import Knowledge
from xpuref.data.knowledge_models import LAYERS

XPUS = [
    "apu",
    "bpu",
    "cpu",
    "dpu",
    "fpu",
    "gpu",
    "hpu",
    "ipu",
    "mcu",
    "npu",
    "rpu",
    "tpu",
    "vpu",
    "wpu",
    "xpu",
    "zpu",
    "lpu",
]
VOCABULARY = [
    "sm",
    "cuda-core",
    "tensor-core",
    "cube-unit",
    "mxu",
    "systolic-array",
    "hbm",
    "gddr",
    "sram",
    "l1-l2-cache",
    "memory-bandwidth",
    "nvlink",
    "nvswitch",
    "pcie",
    "infiniband",
    "rdma",
    "hccs",
    "roofline",
    "ridge-point",
    "arithmetic-intensity",
    "flops",
    "mac",
    "tops",
    "tpp",
    "performance-density",
    "mfu",
    "hfu",
    "structured-sparsity",
    "tf32",
    "bf16",
    "fp16",
    "fp8",
    "int8",
    "mixed-precision",
    "tdp",
    "sxm",
    "oam",
    "mig",
    "cuda",
    "cann",
    "rocm",
    "kernel",
    "warp",
    "occupancy",
    "zero",
    "tensor-parallelism",
    "pipeline-parallelism",
    "data-parallelism",
    "kv-cache",
]


@lru_cache(maxsize=1)
def _knowledge() -> Knowledge:
    """The real knowledge files, loaded once."""
    return load_knowledge(REAL_DATA)


def test_real_knowledge_loads() -> None:
    """The real glossary, ecosystem map and export notes pass every check."""
    knowledge = _knowledge()
    assert len(knowledge.glossary) >= 60
    assert len(knowledge.ecosystem) >= 25
    assert knowledge.export_notes


@pytest.mark.parametrize("term", XPUS + VOCABULARY)
def test_required_term_present(term: str) -> None:
    """Every xPU and every working term the site relies on has an entry."""
    assert term in _knowledge().glossary


def test_dpu_and_ipu_give_both_meanings() -> None:
    """Overloaded letters say what each meaning is."""
    glossary = _knowledge().glossary
    assert "data processing unit" in glossary["dpu"].definition
    assert "deep-learning processing unit" in glossary["dpu"].definition
    assert "infrastructure processing unit" in glossary["ipu"].definition


def test_every_term_has_chinese() -> None:
    """Every term carries a Chinese name containing CJK characters or the term itself."""
    for entry in _knowledge().glossary.values():
        assert entry.zh.strip(), entry.id
        assert any("\u4e00" <= ch <= "\u9fff" for ch in entry.zh), entry.id


def test_memory_terms_use_common_chinese_words() -> None:
    """Searching the usual Chinese words finds the right entries."""
    glossary = _knowledge().glossary
    assert "显存" in glossary["hbm"].aliases
    assert "带宽" in glossary["memory-bandwidth"].zh
    assert "算力" in glossary["flops"].zh


def test_ecosystem_covers_every_layer() -> None:
    """Each layer of the map has at least one row, and the key pairs are there."""
    rows = _knowledge().ecosystem
    assert {row.layer for row in rows} == set(LAYERS)
    pairs = {(row.nvidia.split(" ")[0], row.ascend.split(" ")[0]) for row in rows}
    assert ("NVLink", "HCCS") in pairs
    assert ("nvidia-smi", "npu-smi") in pairs
    assert ("NCCL", "HCCL") in pairs
    assert ("CUDA_VISIBLE_DEVICES", "ASCEND_RT_VISIBLE_DEVICES") in pairs


def test_export_notes_describe_december_2024_hbm_rule() -> None:
    """The December 2024 rule is recorded with its 3A090.c threshold and effective date."""
    notes = {note.id: note for note in _knowledge().export_notes}
    december = notes["us-2024-12"]
    assert december.effective == "2024-12-02"
    assert december.controls[0].eccn == "3A090.c"
    assert "2 GB/s per mm²" in (december.controls[0].threshold or "")
    assert notes["us-2025-01-ai-diffusion"].status == "rescinded"
