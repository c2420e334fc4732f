"""The compiled catalog: devices with per-visible-device figures, name resolution, presets.

Peaks are dense, in TFLOPS (floating point) or TOPS (integer), 2 FLOPs per multiply-accumulate,
per *visible device*: a SKU whose ``visible_devices`` is N (an MI250X shows two GPUs) gives
each device 1/N of its rates, memory and bandwidth. A MIG instance ("... MIG 3g.40gb") gets
the GPU's rates times the instance's compute slices over the GPU's (NVIDIA's "fraction of
SMs"), the memory its profile names, and bandwidth in proportion to that memory.

A name resolves only on an exact match after normalisation (see xpuref.core.names); anything
else raises: UnknownDeviceError with candidates, or AmbiguousDeviceError when a name (or a
family name such as "NVIDIA H100") covers several SKUs, listing the strings drivers print
for each. There is no fallback device.
"""

from __future__ import annotations

import functools
import json
import os

from xpuref.core.names import (
    AmbiguousDeviceError,
    AmbiguousPeakError,
    DeviceLookupError,
    UnknownDeviceError,
    instance_chip,
    normalize_name,
    split_mig,
    unrecognised_board,
)

#: typing, dataclasses and pathlib are left out on purpose: they would double the time of
#: ``import xpuref`` plus a first lookup. mypy reads the block below as if it ran.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Mapping
    from typing import Any, Literal

    from xpuref.calc._transformer import TransformerConfig

    Unit = Literal["matrix", "vector"]

__all__ = [
    "CATALOG_FILE",
    "CATALOG_SCHEMA",
    "Catalog",
    "Device",
    "DeviceLookupError",
    "DeviceMatch",
    "DriverName",
    "MigSlice",
    "ModelPreset",
    "load_catalog",
]

CATALOG_SCHEMA = 1
CATALOG_FILE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "catalog.json")
GIB = 1024**3


class _Record:
    """A small immutable record: fields in __slots__, compared and shown by their values."""

    __slots__: tuple[str, ...] = ()

    def _values(self) -> tuple[Any, ...]:
        """The field values in slot order."""
        return tuple(getattr(self, name) for name in self._fields())

    def _fields(self) -> tuple[str, ...]:
        """Every slot of the class and its bases, bases first."""
        names: list[str] = []
        for cls in reversed(type(self).__mro__):
            names += [n for n in getattr(cls, "__slots__", ()) if n not in names]
        return tuple(names)

    def _set(self, **values: Any) -> None:
        """Store the fields once (the record is read-only afterwards)."""
        for name, value in values.items():
            object.__setattr__(self, name, value)

    def __setattr__(self, name: str, value: Any) -> None:
        """Refuse changes: records are read-only."""
        raise AttributeError(f"{type(self).__name__} is read-only")

    def __eq__(self, other: object) -> bool:
        """Equal when of the same class with equal fields."""
        if type(other) is not type(self):
            return NotImplemented
        assert isinstance(other, _Record)
        return self._values() == other._values()

    def __hash__(self) -> int:
        """Hash of the class and the hashable fields."""
        return hash((type(self).__name__, *(repr(v) for v in self._values())))

    def __repr__(self) -> str:
        """Class name and fields."""
        shown = ", ".join(f"{n}={getattr(self, n)!r}" for n in self._fields())
        return f"{type(self).__name__}({shown})"


class DriverName(_Record):
    """A name a driver or runtime prints for a SKU, the tool, and the page it was read on."""

    __slots__ = ("name", "printed_by", "url", "title", "accessed")
    name: str
    printed_by: str
    url: str
    title: str
    accessed: str

    def __init__(self, name: str, printed_by: str, url: str, title: str, accessed: str) -> None:
        """Keep the fields."""
        self._set(name=name, printed_by=printed_by, url=url, title=title, accessed=accessed)


class MigSlice(_Record):
    """A MIG instance: its profile, compute slices out of the GPU's, and its memory."""

    __slots__ = ("profile", "compute_slices", "gpu_compute_slices", "memory_bytes")
    profile: str
    compute_slices: int
    gpu_compute_slices: int
    memory_bytes: int

    def __init__(
        self, profile: str, compute_slices: int, gpu_compute_slices: int, memory_bytes: int
    ) -> None:
        """Keep the fields."""
        self._set(
            profile=profile,
            compute_slices=compute_slices,
            gpu_compute_slices=gpu_compute_slices,
            memory_bytes=memory_bytes,
        )

    @property
    def share(self) -> float:
        """The instance's share of the GPU's SMs (compute slices over the GPU's)."""
        return self.compute_slices / self.gpu_compute_slices


def _peak_key(precision: str, unit: Unit | None, peaks: Mapping[str, float], who: str) -> str:
    """The peak_dense key a request means; raise instead of guessing matrix or vector."""
    if unit is None:
        if "_" in precision:
            return precision
        given = [k for k in (precision, f"{precision}_matrix") if k in peaks]
        listed = ", ".join(f"{k}={peaks[k]:g}" for k in given) or "neither"
        raise AmbiguousPeakError(
            f"{who}: say unit='matrix' (Tensor/Cube/MXU rate) or unit='vector' for "
            f"{precision!r}; this device gives {listed}"
        )
    if unit not in ("matrix", "vector"):
        raise ValueError(f"unit must be 'matrix' or 'vector', got {unit!r}")
    if "_" in precision:
        raise ValueError(f"give a precision such as 'bf16' with unit=, got {precision!r}")
    return f"{precision}_matrix" if unit == "matrix" else precision


class Device(_Record):
    """One catalogued SKU as software sees one of its devices (figures per visible device).

    peaks: dense TFLOPS or TOPS keyed like 'bf16_matrix' (Tensor/Cube/MXU) or 'bf16'
    (vector units); memory_bytes: advertised capacity in bytes; usable_memory_bytes: what a
    driver reports, where a capture was read; bandwidth: memory bandwidth in bytes/s.
    """

    __slots__ = (
        "id", "name", "vendor", "kind", "visible_devices", "peaks", "memory_bytes",
        "usable_memory_bytes", "bandwidth", "driver_names", "mig",
    )  # fmt: skip
    id: str
    name: str
    vendor: str
    kind: str
    visible_devices: int
    peaks: Mapping[str, float]
    memory_bytes: int | None
    usable_memory_bytes: int | None
    bandwidth: float | None
    driver_names: tuple[DriverName, ...]
    mig: MigSlice | None

    def __init__(
        self,
        *,
        id: str,
        name: str,
        vendor: str,
        kind: str,
        visible_devices: int,
        peaks: Mapping[str, float],
        memory_bytes: int | None,
        usable_memory_bytes: int | None,
        bandwidth: float | None,
        driver_names: tuple[DriverName, ...] = (),
        mig: MigSlice | None = None,
    ) -> None:
        """Keep the fields."""
        self._set(
            id=id, name=name, vendor=vendor, kind=kind, visible_devices=visible_devices,
            peaks=dict(peaks), memory_bytes=memory_bytes,
            usable_memory_bytes=usable_memory_bytes, bandwidth=bandwidth,
            driver_names=tuple(driver_names), mig=mig,
        )  # fmt: skip

    def peak(self, precision: str, unit: Unit | None = None) -> float:
        """Dense peak of one device in TFLOPS or TOPS, e.g. peak('bf16', unit='matrix')."""
        key = _peak_key(precision, unit, self.peaks, self.id)
        if key not in self.peaks:
            known = ", ".join(self.peaks) or "none"
            raise KeyError(f"{self.id} gives no {key} rate (given: {known})")
        return self.peaks[key]

    def peak_flops(self, precision: str, unit: Unit | None = None) -> float:
        """Dense peak of one device in FLOP/s (or op/s): peak() x 1e12."""
        return self.peak(precision, unit) * 1e12


class DeviceMatch(Device):
    """A resolved name: the device, the name asked for and the catalog string it matched."""

    __slots__ = ("query", "matched")
    query: str
    matched: str

    def __init__(self, *, query: str, matched: str, **fields: Any) -> None:
        """Keep the name asked for, the string matched, and the device's fields."""
        super().__init__(**fields)
        self._set(query=query, matched=matched)

    @property
    def peak_dense_per_device(self) -> Mapping[str, float]:
        """The dense peaks of one visible device (TFLOPS/TOPS), keyed like 'bf16_matrix'."""
        return self.peaks

    def as_dict(self) -> dict[str, Any]:
        """Return the match as plain JSON-ready data."""
        found: dict[str, Any] = {
            "query": self.query,
            "id": self.id,
            "name": self.name,
            "matched": self.matched,
            "visible_devices": self.visible_devices,
            "peak_dense_per_device": dict(self.peaks),
            "memory_bytes": self.memory_bytes,
            "usable_memory_bytes": self.usable_memory_bytes,
            "bandwidth_bytes_per_s": self.bandwidth,
        }
        if self.mig is not None:
            found["mig"] = {
                "profile": self.mig.profile,
                "compute_slices": self.mig.compute_slices,
                "gpu_compute_slices": self.mig.gpu_compute_slices,
                "share": self.mig.share,
            }
        return found


class ModelPreset(_Record):
    """A catalogued model: title, kind, published counts, and its shape where a decoder."""

    __slots__ = ("id", "title", "kind", "published", "seq", "config")
    id: str
    title: str
    kind: str
    published: Mapping[str, float]
    seq: int | None
    config: TransformerConfig | None

    def __init__(
        self,
        id: str,
        title: str,
        kind: str,
        published: Mapping[str, float],
        seq: int | None = None,
        config: TransformerConfig | None = None,
    ) -> None:
        """Keep the fields."""
        self._set(id=id, title=title, kind=kind, published=dict(published), seq=seq, config=config)


def _device(device_id: str, raw: Mapping[str, Any]) -> dict[str, Any]:
    """The fields of a Device from one compiled record."""
    share = int(raw["visible_devices"])
    memory = raw.get("memory_bytes")
    bandwidth = raw.get("bandwidth_gbs")
    return {
        "id": device_id,
        "name": raw["name"],
        "vendor": raw["vendor"],
        "kind": raw["kind"],
        "visible_devices": share,
        "peaks": {k: v / share for k, v in raw["peak_dense"].items()},
        "memory_bytes": None if memory is None else round(memory / share),
        "usable_memory_bytes": raw.get("usable_memory_bytes"),
        "bandwidth": None if bandwidth is None else bandwidth * 1e9 / share,
        "driver_names": tuple(DriverName(**d) for d in raw.get("driver_names", ())),
    }


class Catalog:
    """The compiled catalog, with name resolution over it."""

    def __init__(self, payload: Mapping[str, Any]) -> None:
        """Keep the payload of a compiled catalog (see xpuref.views.compiled)."""
        if payload.get("schema") != CATALOG_SCHEMA:
            raise ValueError(f"catalog schema {payload.get('schema')!r} is not {CATALOG_SCHEMA}")
        self.payload = payload
        self._raw: Mapping[str, Mapping[str, Any]] = payload["devices"]
        self._names: Mapping[str, str | list[str]] = payload["names"]
        self._compact: Mapping[str, str | list[str]] = payload["compact"]

    def device(self, device_id: str) -> Device:
        """The SKU with this id (not a name: use lookup for names)."""
        if device_id not in self._raw:
            import difflib

            near = difflib.get_close_matches(str(device_id), list(self._raw), n=8, cutoff=0.5)
            hint = f"; candidates: {', '.join(near)}" if near else ""
            raise UnknownDeviceError(f"no catalogued device has id {device_id!r}{hint}", near)
        return Device(**_device(device_id, self._raw[device_id]))

    def devices(self) -> tuple[Device, ...]:
        """Every catalogued SKU, sorted by id."""
        return tuple(self.device(i) for i in sorted(self._raw))

    def models(self) -> dict[str, ModelPreset]:
        """The model presets; decoders carry a TransformerConfig."""
        from xpuref.calc._transformer import TransformerConfig

        found = {}
        for model_id, raw in self.payload.get("models", {}).items():
            arch = dict(raw["architecture"])
            kind = str(arch.pop("kind"))
            seq = arch.pop("seq", None)
            config = TransformerConfig(**arch) if kind == "decoder" else None
            found[model_id] = ModelPreset(
                model_id, raw["title"], kind, dict(raw["published"]), seq, config
            )
        return found

    def _hits(self, name: str) -> tuple[list[str], str]:
        """SKU ids an exact (normalised, then compact) name gives, and the key used."""
        key = normalize_name(name)
        hit = self._names.get(key)
        if hit is None:
            key = normalize_name(name, compact=True)
            hit = self._compact.get(key)
        if hit is None:
            return [], key
        return ([hit] if isinstance(hit, str) else list(hit)), key

    def _shown(self, device_id: str) -> str:
        """A SKU with the strings its drivers print, for error messages; a SKU with none says
        so and gives its other names, never passing them off as printed."""
        raw = self._raw[device_id]
        printed = ", ".join(repr(d["name"]) for d in raw.get("driver_names", ())[:3])
        if printed:
            return f"{device_id} (printed as {printed})"
        named = ", ".join(repr(a) for a in list(raw.get("aliases", ()))[:3])
        return f"{device_id} (no driver string catalogued{'; named ' + named if named else ''})"

    def _family(self, name: str) -> list[str]:
        """SKU ids with a name that continues this one: as whole words ('H100' -> 'H100 PCIe'),
        or letters after its last digit and digits after its last letter ('Ascend 910B' ->
        'Ascend 910B3', 'MI300' -> 'MI300X'); never '10' after 'A1'."""
        key = normalize_name(name)
        if not key:
            return []
        found: set[str] = set()
        for text, ids in self._names.items():
            if text.startswith(key) and text[len(key) : len(key) + 1] in (" ", "-", "_"):
                found.update([ids] if isinstance(ids, str) else ids)
        short = normalize_name(name, compact=True)
        if len(short) >= 3:
            for text, ids in self._compact.items():
                rest = text[len(short) :]
                if text.startswith(short) and rest and rest[0].isdigit() != short[-1].isdigit():
                    found.update([ids] if isinstance(ids, str) else ids)
        return sorted(found)

    def _alternatives(self, name: str) -> list[str]:
        """SKUs of a name listing alternatives ('AMD Instinct MI250X / MI250': both parts)."""
        first, *others = [part.strip() for part in name.split(" / ")]
        stem = first.split()[:-1]
        found: list[str] = []
        for part in [first, *(" ".join([*stem, other]) for other in others)]:
            hits, _ = self._hits(part)
            found += [i for i in hits if i not in found]
        return sorted(found)

    def _ambiguous(self, name: str, why: str, ids: list[str]) -> AmbiguousDeviceError:
        """The error for a name that fits several SKUs, listing each as drivers print it."""
        listed = "; ".join(self._shown(i) for i in ids)
        return AmbiguousDeviceError(f"{name!r} {why}: {listed}", ids)

    def _unknown(self, name: str, key: str) -> UnknownDeviceError:
        """The error for a name no SKU carries, with the nearest names' SKUs as candidates; a
        driver's placeholder for a board it does not know ('MLU370-UNKNOWN') lists its family."""
        import difflib

        stem = unrecognised_board(key)
        if stem:
            family = sorted({i for k in self._compact if stem in k for i in _ids(self, k)})
            said = f"{name!r} is what a driver prints for a board it does not recognise"
            if not family:
                return UnknownDeviceError(f"{said}; no board of that family is catalogued", [])
            listed = "; ".join(self._shown(i) for i in family)
            return UnknownDeviceError(f"{said}; it may be any of its family: {listed}", family)
        near = difflib.get_close_matches(key, list(self._compact), n=8, cutoff=0.6)
        ids = [i for k in self._compact if key and (key in k or k in key) for i in _ids(self, k)]
        ids += [i for k in near for i in _ids(self, k)]
        candidates = sorted(dict.fromkeys(ids))[:12]
        hint = f"; candidates: {', '.join(candidates)}" if candidates else ""
        return UnknownDeviceError(f"no catalogued device is named {name!r}{hint}", candidates)

    def lookup(self, name: str) -> DeviceMatch:
        """Resolve a driver or framework device name to one SKU, or raise DeviceLookupError."""
        if not isinstance(name, str) or not name.strip():
            raise UnknownDeviceError(f"name must be a non-empty string, got {name!r}", [])
        mig = split_mig(name)
        base = mig.base if mig else name
        hits, key = self._hits(base)
        if not hits and instance_chip(base):  # an EC2 instance type: the chip it carries
            chip_hits, _ = self._hits(instance_chip(base))
            if chip_hits:
                hits, base = chip_hits, instance_chip(base)
        if not hits and " / " in name:
            either = self._alternatives(name)
            if len(either) > 1:
                why = "is printed for more than one SKU (the driver cannot tell them apart)"
                raise self._ambiguous(name, why, either)
        if not hits:
            family = self._family(mig.base if mig else name)
            if len(family) > 1:
                why = (
                    f"names a family of {len(family)} SKUs, not one; the string the driver "
                    "prints tells them apart"
                )
                raise self._ambiguous(name, why, family)
            raise self._unknown(name, key)
        if len(hits) > 1:
            listed = "; ".join(self._shown(i) for i in sorted(hits))
            raise AmbiguousDeviceError(
                f"{name!r} names more than one device: {listed}; use a device id", sorted(hits)
            )
        device_id = hits[0]
        raw = self._raw[device_id]
        fields = _device(device_id, raw)
        matched = _matched(raw, base)
        if mig is not None:
            fields = _mig_fields(fields, raw, mig.compute_slices, mig.memory_gb, name)
        return DeviceMatch(query=name, matched=matched, **fields)


def _ids(catalog: Catalog, key: str) -> list[str]:
    """The SKU ids under one compact key."""
    hit = catalog._compact[key]
    return [hit] if isinstance(hit, str) else list(hit)


def _matched(raw: Mapping[str, Any], name: str) -> str:
    """The catalog string a name matched (the first with the same normalised form)."""
    for compact in (False, True):
        key = normalize_name(name, compact=compact)
        for text in raw["all_names"]:
            if normalize_name(text, compact=compact) == key:
                return str(text)
    return str(raw["name"])


def _mig_fields(
    fields: dict[str, Any], raw: Mapping[str, Any], slices: int, memory_gb: float, name: str
) -> dict[str, Any]:
    """A whole GPU's fields scaled to one MIG instance, or UnknownDeviceError."""
    mig = raw.get("mig")
    profile = f"{slices}g.{memory_gb:g}gb"
    if not mig or profile not in mig["profiles"]:
        offered = ", ".join(mig["profiles"]) if mig else "none catalogued"
        raise UnknownDeviceError(
            f"{name!r}: {fields['id']} has no MIG profile {profile} (profiles: {offered})",
            [fields["id"]],
        )
    share = slices / int(mig["compute_slices"])
    memory = round(memory_gb * GIB)
    whole = fields["memory_bytes"]
    bandwidth = fields["bandwidth"]
    return {
        **fields,
        "name": f"{fields['name']} MIG {profile}",
        "peaks": {k: v * share for k, v in fields["peaks"].items()},
        "memory_bytes": memory,
        "usable_memory_bytes": None,
        "bandwidth": None if bandwidth is None or not whole else bandwidth * memory / whole,
        "mig": MigSlice(profile, slices, int(mig["compute_slices"]), memory),
    }


@functools.cache
def load_catalog(path: str = CATALOG_FILE) -> Catalog:
    """The compiled catalog shipped in the package (read once per process)."""
    try:
        with open(path, encoding="utf-8") as handle:
            return Catalog(json.load(handle))
    except FileNotFoundError:
        raise FileNotFoundError(
            f"{path} is missing: run `xpuref compile` in a source checkout to build it"
        ) from None
