"""Numbers the glossary, map and guides quote agree with the device data that holds them."""

from __future__ import annotations

import re

import pytest
from tests.conftest import ROOT, load_yaml, real_dataset

from xpuref.data.dataset import Dataset
from xpuref.views.targets import target_rows

#: A number with a unit, as the glossary, the ecosystem map and architecture bullets quote them.
_QUOTE = re.compile(
    r"\d+(?:[.,]\d+)*\s*(?:GB/s|TB/s|GiB|MiB|KiB|GB|MB|KB|TB|PFLOPS|TFLOPS|TOPS|W\b|mm2|mm²|SMs?\b)"
)

G, A = "glossary", "architectures"
NVL, CAP, BW = "interconnect.scale_up_bandwidth_gbs", "memory.capacity", "memory.bandwidth_gbs"

# Every quoted number the device data also holds: (file, entry, quote) -> (device, field, value as
# stored). A capacity is compared as the device stores it (HBM "GB" is the GiB figure).
HELD: dict[tuple[str, str, str], tuple[str, str, float]] = {
    (G, "nvlink", "900 GB/s"): ("nvidia-h100-sxm5-80gb", NVL, 900),
    (G, "nvlink", "1.8 TB/s"): ("nvidia-b200-sxm-180gb", NVL, 1800),
    (G, "hbm", "80 GB"): ("nvidia-h100-sxm5-80gb", CAP, 80),
    (G, "hbm", "80 GiB"): ("nvidia-h100-sxm5-80gb", CAP, 80),
    (A, "nvidia-volta", "300 GB/s"): ("nvidia-tesla-v100-sxm2-32gb", NVL, 300),
    (A, "nvidia-ampere", "600 GB/s"): ("nvidia-a100-sxm4-80gb", NVL, 600),
    (A, "nvidia-hopper", "900 GB/s"): ("nvidia-h100-sxm5-80gb", NVL, 900),
    (A, "enflame-gcu-gen2", "819 GB/s"): ("enflame-cloudblazer-i20", BW, 819),
    (A, "nvidia-blackwell", "1.8 TB/s"): ("nvidia-gb200-186gb", NVL, 1800),
    (A, "nvidia-blackwell-ultra", "15 PFLOPS"): (
        "nvidia-gb300-288gb",
        "peak_dense.fp4_matrix",
        15000,
    ),
    (A, "nvidia-blackwell-ultra", "288 GB"): ("nvidia-gb300-288gb", CAP, 288),
    (A, "nvidia-rubin", "288 GB"): ("nvidia-rubin-288gb", CAP, 288),
    (A, "nvidia-rubin", "22 TB/s"): ("nvidia-rubin-288gb", BW, 22000),
    (A, "nvidia-blackwell-ultra", "8 TB/s"): ("nvidia-gb300-288gb", BW, 8000),
    (A, "intel-gaudi2", "96 GB"): ("intel-gaudi2-oam-96gb", CAP, 96),
    (A, "intel-gaudi3", "128 GB"): ("intel-gaudi3-oam-128gb", CAP, 128),
    (A, "aws-trainium2", "96 GiB"): ("aws-trainium2-96gb", CAP, 96),
    (A, "aws-trainium3", "144 GiB"): ("aws-trainium3", CAP, 144),
    (A, "google-tpu-v7", "192 GiB"): ("google-tpu7x-ironwood", CAP, 192),
    (A, "groq-tsp", "220 MiB"): ("groq-lpu-groqchip", CAP, 230),  # 220 MiB is 230.7 MB
    (A, "groq-tsp", "230 MB"): ("groq-lpu-groqchip", CAP, 230),
    (A, "cerebras-wse2", "46,225 mm2"): ("cerebras-wse-2", "die_area_mm2", 46225),
    (A, "cerebras-wse2", "40 GB"): ("cerebras-wse-2", CAP, 40),
    (A, "cerebras-wse3", "44 GB"): ("cerebras-wse-3", CAP, 44),
    (A, "graphcore-colossus-mk2", "900 MB"): ("graphcore-colossus-mk2-gc200", CAP, 900),
    (A, "amd-cdna5", "432 GB"): ("amd-instinct-mi455x", CAP, 432),
    (A, "cambricon-mluv02", "1.23 TB/s"): ("cambricon-mlu290-m5-oam-32gb", BW, 1228),
    (A, "kunlunxin-xpu-k", "512 GB/s"): ("kunlunxin-k200-16gb", BW, 512),
    (A, "kunlunxin-xpu-k", "150 W"): ("kunlunxin-k200-16gb", "power.tdp_w", 150),
    (A, "moorethreads-musa-gen3", "48 GB"): ("moorethreads-mtt-s4000-48gb", CAP, 48),
    (A, "metax-xiyun-c", "64 GB"): ("metax-xiyun-c500-oam-64gb", CAP, 64),
    (A, "thead-hanguang", "192 MB"): ("thead-hanguang-800", CAP, 192),
    (A, "horizon-bpu-nash", "560 TOPS"): ("horizon-journey-6p", "peak_dense.int8_matrix", 560),
    (A, "tenstorrent-blackhole", "32 GB"): ("tenstorrent-blackhole-p150a", CAP, 32),
    (A, "qualcomm-cloud-ai-100", "150 W"): ("qualcomm-cloud-ai-100-ultra", "power.tdp_w", 150),
    (A, "apple-m4", "546 GB/s"): ("apple-m4-max", BW, 546),
    (A, "apple-m3", "512 GB"): ("apple-m3-ultra", CAP, 512),
}

# Quoted numbers no device field holds, and why (an SM count, a cache size, a rule threshold ...).
NOT_HELD: dict[tuple[str, str, str], str] = {
    (G, "sm", "100 SM"): "part of the phrase 'the SM of a V100', not a count",
    (G, "sm", "132 SMs"): "SM counts are not a device field",
    (G, "sram", "48 MiB"): "on-chip SRAM size is not a device field (Gaudi 2 keeps HBM there)",
    (G, "l1-l2-cache", "50 MiB"): "cache sizes are not a device field",
    (G, "nvlink", "450 GB/s"): "the one-way half of the 900 GB/s checked above",
    (G, "tpp", "600 GB/s"): "a threshold of the October 2022 rule, kept in export_controls.yaml",
    (
        G,
        "memory-bandwidth-density",
        "2 GB/s",
    ): "a threshold of a proposed rule, not a device figure",
    ("ecosystem_map", "smem-ub", "64 KiB"): "LDS size per compute unit is not a device field",
    (A, "nvidia-fermi", "64 KB"): "L1/shared size per SM is not a device field",
    (A, "nvidia-fermi", "768 KB"): "L2 size is not a device field",
    (A, "nvidia-maxwell", "2 MiB"): "L2 size is not a device field",
    (A, "nvidia-maxwell", "256 KiB"): "L2 size is not a device field",
    (A, "nvidia-blackwell", "10 TB/s"): "the die-to-die link inside one package",
    (
        A,
        "nvidia-blackwell",
        "20 PFLOPS",
    ): "NVIDIA's sparse FP4 headline; only dense rates are stored",
    (A, "nvidia-blackwell-ultra", "10 TB/s"): "the die-to-die link inside one package",
    (A, "nvidia-blackwell-ultra", "160 SMs"): "SM counts are not a device field",
    (A, "amd-cdna3", "256 MB"): "Infinity Cache size is not a device field",
    (A, "amd-zen5", "32 MB"): "L3 size per CCD is not a device field",
    (A, "intel-gaudi2", "32 GB"): "first-generation Gaudi, which the catalog does not list",
    (A, "intel-granite-rapids", "504 MB"): "L3 size is not a device field",
    (A, "cerebras-wse2", "18 GB"): "WSE-1, which the catalog does not list",
    (A, "biren-br100", "896 GB/s"): "the die-to-die link inside one package",
    (A, "biren-br100", "300 MB"): "on-chip SRAM size is not a device field (BR100 keeps HBM there)",
    (
        A,
        "enflame-gcu-dtu1",
        "200 GB/s",
    ): "chip-to-chip links of the DTU; the T10 record stores none",
    (A, "google-tpu-v1", "28 MiB"): "on-chip buffer size; the device's memory is its DDR3",
    (A, "qualcomm-cloud-ai-100", "75 W"): "the single-SoC card, which the catalog does not list",
}


def _texts() -> dict[tuple[str, str], str]:
    """The prose of every glossary term, map row and architecture, by (file, entry id)."""
    found: dict[tuple[str, str], str] = {}
    glossary = load_yaml((ROOT / "data" / "glossary.yaml").read_text(encoding="utf-8"))
    for term in glossary["terms"]:
        found["glossary", term["id"]] = str(term["definition"])
    eco = load_yaml((ROOT / "data" / "ecosystem_map.yaml").read_text(encoding="utf-8"))
    for row in eco["rows"]:
        text = " ".join(str(v) for k, v in row.items() if isinstance(v, str) and k != "id")
        found["ecosystem_map", row["id"]] = text
    archs = load_yaml((ROOT / "data" / "architectures.yaml").read_text(encoding="utf-8"))
    for arch in archs:
        found["architectures", arch["id"]] = " ".join(arch.get("introduced", []))
    return found


def _quotes() -> set[tuple[str, str, str]]:
    """Every (file, entry, quoted number with unit) in the prose."""
    return {
        (file, entry, " ".join(m.group(0).split()))
        for (file, entry), text in _texts().items()
        for m in _QUOTE.finditer(text)
    }


@pytest.fixture(scope="module")
def catalog() -> Dataset:
    """The real data."""
    return real_dataset()


def _entry(file: str, entry_id: str) -> str:
    """The definition (or notes) text of one glossary term or map row."""
    data = load_yaml((ROOT / "data" / file).read_text(encoding="utf-8"))
    items = data.get("terms") or data.get("rows") or []
    for item in items:
        if item["id"] == entry_id:
            return str(item.get("definition") or item.get("notes"))
    raise AssertionError(f"{file}: no entry {entry_id}")


def _field(catalog: Dataset, device_id: str, path: str) -> object:
    """A dotted field of a device."""
    value: object = catalog.devices[device_id].model_dump()
    for part in path.split("."):
        assert isinstance(value, dict), path
        value = value.get(part)
    return value


def test_every_quoted_number_is_accounted_for() -> None:
    """A new quoted number needs a device check or a reason; a stale entry above fails too."""
    quotes = _quotes()
    held_or_not = set(NOT_HELD) | set(HELD)
    assert {q for q in quotes if q not in held_or_not} == set()
    assert {q for q in held_or_not if q not in quotes} == set()


@pytest.mark.parametrize(("quote", "held"), sorted(HELD.items()))
def test_quoted_number_matches_the_device(
    catalog: Dataset, quote: tuple[str, str, str], held: tuple[str, str, float]
) -> None:
    """The device record still holds the number the prose quotes."""
    device, path, value = held
    assert _field(catalog, device, path) == pytest.approx(value, rel=0.005)


def test_compute_capabilities_in_the_glossary_come_from_the_targets_table(
    catalog: Dataset,
) -> None:
    """Each 'X.Y for the <part>' the glossary states matches the generated target table."""
    text = _entry("glossary.yaml", "compute-capability")
    targets = {row.device_id: row.target for row in target_rows(catalog)}
    for cc, device in (
        ("8.0", "nvidia-a100-sxm4-80gb"),
        ("8.9", "nvidia-l4-24gb"),
        ("8.9", "nvidia-geforce-rtx-4090-24gb"),
        ("9.0", "nvidia-h100-sxm5-80gb"),
        ("10.0", "nvidia-b200-sxm-180gb"),
        ("12.0", "nvidia-geforce-rtx-5090-32gb"),
    ):
        assert cc in text
        assert targets[device] == cc, device


def test_target_table_covers_many_skus(catalog: Dataset) -> None:
    """The generated table reaches most catalogued NVIDIA and AMD data-center parts."""
    rows = target_rows(catalog)
    assert len(rows) >= 40
    assert {r.target for r in rows} >= {"8.0", "9.0", "gfx942", "dav-c220"}
