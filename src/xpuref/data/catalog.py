"""Load vendors, architectures and device files, with single-file and cross-file checks."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from xpuref.data.base import fold_name
from xpuref.data.device_checks import check_device
from xpuref.data.devices import Architecture, Device, Vendor
from xpuref.data.fields import RATE_KEYS
from xpuref.data.loader import load_model, read_checked
from xpuref.data.located import parse_model
from xpuref.data.problems import Problem
from xpuref.data.provenance import apply_derivations, check_provenance, check_sibling_links
from xpuref.data.publishers import Registry
from xpuref.data.rule_checks import check_ceilings
from xpuref.data.sibling_checks import check_siblings
from xpuref.data.yamlfile import SourceFile, display_name, problem_at, read_collecting

__all__ = ["RESERVED_IDS", "DeviceFiles", "load_architectures", "load_devices", "load_vendors"]

#: Ids a device may not take (or have had): they name pages of the site's devices/ folder.
RESERVED_IDS: frozenset[str] = frozenset({"index", "compare", "search", "assets", "data"})


@dataclass(frozen=True)
class DeviceFiles:
    """Devices by id with the file each came from."""

    devices: dict[str, Device]
    files: dict[str, str]


def load_vendors(root: Path, problems: list[Problem]) -> tuple[dict[str, Vendor], set[str]]:
    """Load vendors.yaml: the valid vendors, and every slug named (valid or not)."""
    src = read_collecting(root / "vendors.yaml", root, problems)
    if src is None:
        return {}, set()
    if not isinstance(src.data, dict):
        problems.append(Problem(src.name, 1, "", "expected a mapping of vendor slug to details"))
        return {}, set()
    out: dict[str, Vendor] = {}
    for slug, body in src.data.items():
        vendor, found = parse_model(Vendor, body, src, (str(slug),))
        problems += found
        if vendor is not None:
            out[str(slug)] = vendor
    return out, {str(slug) for slug in src.data}


def _check_precisions(arch: Architecture, src: SourceFile, i: int) -> list[Problem]:
    """Declared precisions name rates the field catalogue has."""
    problems: list[Problem] = []
    for kind, suffix in (("matrix_precisions", "_matrix"), ("vector_precisions", "")):
        for j, precision in enumerate(getattr(arch, kind) or []):
            if f"{precision}{suffix}" not in RATE_KEYS:
                problems.append(
                    problem_at(
                        src, (i, kind, j), f"'{precision}' has no {kind.split('_')[0]} rate key"
                    )
                )
    return problems


def load_architectures(
    root: Path, vendors: set[str], registry: Registry, problems: list[Problem]
) -> tuple[dict[str, Architecture], set[str]]:
    """Load architectures.yaml and check ids, vendors and declared precisions."""
    src = read_checked(root / "architectures.yaml", root, problems, registry, list, "architectures")
    if src is None:
        return {}, set()
    out: dict[str, Architecture] = {}
    for i, body in enumerate(src.data):
        arch, found = parse_model(Architecture, body, src, (i,))
        problems += found
        if arch is None:
            continue
        if arch.id in out:
            problems.append(problem_at(src, (i, "id"), f"duplicate architecture id '{arch.id}'"))
        if vendors and arch.vendor not in vendors:
            problems.append(problem_at(src, (i, "vendor"), f"unknown vendor '{arch.vendor}'"))
        problems += _check_precisions(arch, src, i)
        problems += check_ceilings(arch, src, i)
        out[arch.id] = arch
    named = {str(item["id"]) for item in src.data if isinstance(item, dict) and "id" in item}
    return out, named


def _device(
    path: Path,
    root: Path,
    registry: Registry,
    architectures: dict[str, Architecture],
    problems: list[Problem],
) -> tuple[Device, SourceFile] | None:
    """Load one device file with its single-file checks."""
    loaded = load_model(Device, path, root, problems, registry=registry, what="device fields")
    if loaded is None:
        return None
    device, src = loaded
    device = apply_derivations(device, src, problems)
    if device.id != path.stem:
        problems.append(
            problem_at(src, ("id",), f"id '{device.id}' must equal the file name '{path.stem}'")
        )
    if device.vendor != path.parent.name:
        problems.append(
            problem_at(
                src,
                ("vendor",),
                f"vendor '{device.vendor}' must equal the folder '{path.parent.name}'",
            )
        )
    problems += check_device(
        device, src.data, src, registry, architectures.get(device.architecture)
    )
    problems += check_provenance(device, src, registry)
    return device, src


def _names(device: Device, stage: int) -> Iterable[tuple[str, str]]:
    """Yield (field, folded name) for one stage: ids, then former ids, then names."""
    if stage == 0:
        yield "id", device.id
    elif stage == 1:
        for former in device.former_ids:
            yield "former_ids", former
    else:
        yield "name", fold_name(device.name)
        for alias in device.aliases:
            yield "aliases", fold_name(alias)


def _cross_checks(
    loaded: list[tuple[Device, SourceFile]],
    vendors: set[str],
    architectures: dict[str, Architecture],
    arch_names: set[str],
    problems: list[Problem],
) -> None:
    """Unique ids and names across files, reserved ids, and references that resolve."""
    owner: dict[str, str] = {}
    for stage in (0, 1, 2):
        for device, src in loaded:
            for field_name, name in sorted(set(_names(device, stage))):
                if stage < 2 and name in RESERVED_IDS:
                    problems.append(
                        problem_at(
                            src, (field_name,), f"'{name}' is reserved: it names a page of the site"
                        )
                    )
                other = owner.get(name)
                if other is not None and other != src.name:
                    what = "duplicate id" if field_name == "id" else f"{field_name} entry"
                    problems.append(
                        problem_at(
                            src, (field_name,), f"{what} '{name}' is already used by {other}"
                        )
                    )
                else:
                    owner[name] = src.name
    for device, src in loaded:
        if vendors and device.vendor not in vendors:
            problems.append(problem_at(src, ("vendor",), f"unknown vendor '{device.vendor}'"))
        arch = architectures.get(device.architecture)
        if arch is None:
            if arch_names and device.architecture not in arch_names:
                problems.append(
                    problem_at(
                        src, ("architecture",), f"unknown architecture '{device.architecture}'"
                    )
                )
        elif arch.vendor != device.vendor:
            problems.append(
                problem_at(
                    src,
                    ("architecture",),
                    f"architecture '{arch.id}' belongs to vendor '{arch.vendor}'",
                )
            )


def load_devices(
    root: Path,
    vendors: set[str],
    architectures: dict[str, Architecture],
    arch_names: set[str],
    registry: Registry,
    problems: list[Problem],
) -> DeviceFiles:
    """Load every devices/<vendor>/<id>.yaml with its checks."""
    folder = root / "devices"
    loaded: list[tuple[Device, SourceFile]] = []
    if folder.is_dir() and not folder.is_symlink():
        for entry in sorted(folder.iterdir()):
            if not entry.is_dir() or entry.is_symlink():
                problems.append(
                    Problem(
                        display_name(entry, root),
                        1,
                        "",
                        "device files belong in devices/<vendor>/<id>.yaml",
                    )
                )
                continue
            for path in sorted(entry.iterdir()):
                if path.suffix != ".yaml" or path.is_dir():
                    problems.append(
                        Problem(
                            display_name(path, root),
                            1,
                            "",
                            "device files are devices/<vendor>/<id>.yaml",
                        )
                    )
                    continue
                item = _device(path, root, registry, architectures, problems)
                if item is not None:
                    loaded.append(item)
    if not loaded and not problems:
        problems.append(Problem(display_name(folder, root), 1, "", "no device files"))
    _cross_checks(loaded, vendors, architectures, arch_names, problems)
    problems += check_siblings(loaded)
    problems += check_sibling_links(loaded)
    devices = {device.id: device for device, _ in loaded}
    files = {device.id: src.name for device, src in loaded}
    return DeviceFiles(devices, files)
