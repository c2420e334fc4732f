"""How device names are compared, the lookup errors, and MIG slice names."""

from __future__ import annotations

import re
import unicodedata

__all__ = [
    "MAKER_PREFIXES",
    "AmbiguousDeviceError",
    "AmbiguousPeakError",
    "DeviceLookupError",
    "MigName",
    "UnknownDeviceError",
    "drop_maker",
    "fold_name",
    "instance_chip",
    "normalize_name",
    "split_mig",
    "unrecognised_board",
]

#: Invisible characters that make two names look alike (zero-width and soft hyphen).
_INVISIBLE = dict.fromkeys(map(ord, "\u200b\u200c\u200d\u2060\ufeff\u00ad"))
#: Cyrillic and Greek letters that look like Latin ones, folded so look-alike names collide.
_CONFUSABLE = str.maketrans(
    "АВЕКМНОРСТХУаеорсухіјѕԁԛԝΑΒΕΖΗΙΚΜΝΟΡΤΥΧοναρτυχ",
    "ABEKMHOPCTXYaeopcyxijsdqwABEZHIKMNOPTYXovapTuX",
)
#: Makers' and brands' names dropped from the front of a name: drivers print some ("NVIDIA
#: ...", "AMD Instinct ..."), catalog names carry others, people type either ("MI300X").
#: Every vendor in data/vendors.yaml (its name, the part before a bracket, the part in it, its
#: Chinese name), the older names its parts went by (Habana, HiSilicon, Amazon, Baidu) and the
#: brands printed before a model number (Instinct, GeForce, Quadro). Written in the folded form
#: names are compared in; the browser gets this table through xpuref-tables.js.
MAKER_PREFIXES: tuple[str, ...] = (
    "nvidia", "amd", "intel", "habana", "google", "huawei", "hisilicon", "houmo ai", "houmo",
    "aws", "amazon", "cambricon", "groq", "cerebras", "graphcore", "apple", "kunlunxin",
    "baidu", "hygon", "moore threads", "metax", "biren technology", "biren", "enflame",
    "iluvatar corex", "iluvatar", "t-head (alibaba)", "t-head", "alibaba", "horizon robotics",
    "horizon", "microsoft", "meta", "tenstorrent", "sambanova systems", "sambanova",
    "qualcomm", "tesla", "hailo",
    "radeon instinct", "instinct", "radeon", "geforce", "quadro",
    "英伟达", "超威 (amd)", "超威", "英特尔", "谷歌", "华为", "后摩智能", "亚马逊云科技",
    "寒武纪", "苹果", "昆仑芯", "海光", "摩尔线程", "沐曦", "壁仞", "燧原", "天数智芯",
    "平头哥", "地平线", "微软", "高通", "特斯拉",
)  # fmt: skip
#: The same, as word lists, longest first ("houmo ai" before "houmo").
_PREFIX_WORDS = sorted((p.split() for p in MAKER_PREFIXES), key=len, reverse=True)
_MARKS = dict.fromkeys(map(ord, "™®©"))
#: "<GPU name> MIG 3g.40gb" as nvidia-smi -L and torch print a MIG instance (also "MIG-3g.40gb").
_MIG = re.compile(r"^(?P<base>.+?)[\s_-]+mig[\s_-]*(?P<g>[1-9])g\.(?P<gb>\d+(?:\.\d+)?)gb\Z")


def fold_name(text: str) -> str:
    """The form two names are compared in: NFKC, invisible and look-alike letters folded.

    Validation refuses two names that fold alike; lookup keys start from the same form.
    """
    folded = unicodedata.normalize("NFKC", text).translate(_INVISIBLE).translate(_CONFUSABLE)
    return " ".join(folded.casefold().split())


def normalize_name(name: str, *, compact: bool = False) -> str:
    """Return the key a device name is compared by.

    ``fold_name`` first (NFKC, so full-width letters and spaces become ASCII; invisible and
    look-alike letters folded; case folded), then trademark signs and the makers' names in
    front (MAKER_PREFIXES: "NVIDIA", "AMD", "Huawei", "寒武纪"...) dropped and runs of spaces
    collapsed; with compact, only letters and digits are kept.
    """
    text = fold_name(name.translate(_MARKS))
    text = text.replace("(tm)", "").replace("(r)", "")
    spaced = " ".join(drop_maker(text.split()))
    return "".join(ch for ch in spaced if ch.isalnum()) if compact else spaced


def drop_maker(words: list[str]) -> list[str]:
    """The words of a folded name without the makers' names in front; the last word stays.

    A Chinese maker's name may be written onto the next word ("华为昇腾910c"): it is cut from
    that word, as long as something is left of it.
    """
    while True:
        for phrase in _PREFIX_WORDS:
            if len(words) > len(phrase) and words[: len(phrase)] == phrase:
                words = words[len(phrase) :]
                break
            first, cut = (words[0] if words else ""), len(phrase[0])
            fused = len(phrase) == 1 and not phrase[0].isascii() and len(first) > cut
            if fused and first.startswith(phrase[0]):
                words = [first[cut:], *words[1:]]
                break
        else:
            return words


#: What a driver prints for a board it cannot name: Cambricon's prints the family and
#: "-UNKNOWN" ("MLU370-UNKNOWN", "MLU590-UNKNOWN"; mcu/cndrv_mcu_info.c of its driver).
_PLACEHOLDER = "unknown"


def unrecognised_board(compact_key: str) -> str:
    """The family stem of a driver's name for a board it does not recognise ('mlu370' for
    'mlu370unknown'), or '' for any other name (a stem needs three characters and a digit
    0-9, as resolve.js reads it)."""
    stem = compact_key.removesuffix(_PLACEHOLDER)
    if stem == compact_key or len(stem) < 3 or not any("0" <= ch <= "9" for ch in stem):
        return ""
    return stem


#: An EC2 instance type of a Neuron chip as `neuron-ls` prints it ("instance-type:
#: trn1.2xlarge"): its family and generation ("trn1") name the chip as the Neuron driver's sysfs
#: instance_type does ("Trn1"); letters after the generation (trn1n, trn2u) and a "-..." tag mark
#: network, UltraServer or other variants of the same chip.
_INSTANCE = re.compile(
    r"^(?:instance-type:\s*)?(?P<chip>(?:inf|trn)[0-9]+)[a-z]*(?:-[a-z0-9]+)?"
    r"\.(?:[0-9]*x?large|metal)\Z"
)


def instance_chip(name: str) -> str:
    """The chip family an EC2 instance type of a Neuron chip names ('trn1' for
    'trn1.32xlarge' or 'instance-type: trn1n.32xlarge'), or '' for any other name."""
    found = _INSTANCE.match(normalize_name(name))
    return found["chip"] if found else ""


class MigName:
    """A MIG instance name split into the GPU's name and its profile (e.g. '3g.40gb')."""

    __slots__ = ("base", "compute_slices", "memory_gb")

    def __init__(self, base: str, compute_slices: int, memory_gb: float) -> None:
        """Keep the GPU name, the compute slices and the memory the profile names."""
        self.base = base
        self.compute_slices = compute_slices
        self.memory_gb = memory_gb

    def __repr__(self) -> str:
        """The parts."""
        return f"MigName({self.base!r}, {self.compute_slices}, {self.memory_gb:g})"

    @property
    def profile(self) -> str:
        """The profile as NVIDIA writes it, e.g. '3g.40gb'."""
        return f"{self.compute_slices}g.{self.memory_gb:g}gb"


def split_mig(name: str) -> MigName | None:
    """Return the GPU name and MIG profile of a MIG instance name, or None for a whole GPU."""
    text = unicodedata.normalize("NFKC", name).strip().casefold()
    found = _MIG.match(text)
    if found is None:
        return None
    return MigName(found["base"], int(found["g"]), float(found["gb"]))


class DeviceLookupError(ValueError):
    """A name that resolves to no SKU or to several; ``candidates`` lists likely SKU ids."""

    def __init__(self, message: str, candidates: list[str]) -> None:
        """Keep the candidates beside the message."""
        super().__init__(message)
        self.candidates = candidates


class UnknownDeviceError(DeviceLookupError):
    """No catalog SKU carries this name."""


class AmbiguousDeviceError(DeviceLookupError):
    """More than one catalog SKU carries this name (or a family name covers several SKUs)."""


class AmbiguousPeakError(KeyError):
    """A peak asked for by precision alone where the unit (matrix or vector) must be said."""

    def __str__(self) -> str:
        """The message itself, not KeyError's quoted repr."""
        return str(self.args[0]) if self.args else ""
