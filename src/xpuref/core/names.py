"""How device names are compared, the lookup errors, and MIG slice names."""

from __future__ import annotations

import re
import unicodedata

__all__ = [
    "AmbiguousDeviceError",
    "AmbiguousPeakError",
    "DeviceLookupError",
    "MigName",
    "UnknownDeviceError",
    "fold_name",
    "normalize_name",
    "split_mig",
]

#: Invisible characters that make two names look alike (zero-width and soft hyphen).
_INVISIBLE = dict.fromkeys(map(ord, "\u200b\u200c\u200d\u2060\ufeff\u00ad"))
#: Cyrillic and Greek letters that look like Latin ones, folded so look-alike names collide.
_CONFUSABLE = str.maketrans(
    "АВЕКМНОРСТХУаеорсухіјѕԁԛԝΑΒΕΖΗΙΚΜΝΟΡΤΥΧοναρτυχ",
    "ABEKMHOPCTXYaeopcyxijsdqwABEZHIKMNOPTYXovapTuX",
)
#: Vendor words dropped from the front of a name (drivers print them, catalog names may not).
_PREFIXES = ("nvidia", "amd")
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
    look-alike letters folded; case folded), then trademark signs and a leading "NVIDIA" or
    "AMD" dropped and runs of spaces collapsed; with compact, only letters and digits are kept.
    """
    text = fold_name(name.translate(_MARKS))
    text = text.replace("(tm)", "").replace("(r)", "")
    words = text.split()
    while len(words) > 1 and words[0] in _PREFIXES:
        words = words[1:]
    spaced = " ".join(words)
    return "".join(ch for ch in spaced if ch.isalnum()) if compact else spaced


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
