"""Load and validate the whole data folder into one catalog."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

from xpuref.checks import check_device
from xpuref.problems import DataError, Problem
from xpuref.pydantic_errors import parse_model
from xpuref.schema import Architecture, Device, Vendor
from xpuref.yamlsource import SourceFile, display_name, read_collecting

__all__ = ["Catalog", "load_catalog"]


@dataclass
class Catalog:
    """Validated data: vendors, architectures and devices, with where each came from."""

    vendors: dict[str, Vendor]
    architectures: dict[str, Architecture]
    devices: dict[str, Device]
    device_files: dict[str, str] = field(default_factory=dict)

    def sorted_devices(self) -> list[Device]:
        """Devices by vendor, then launch date, then name."""
        return sorted(self.devices.values(), key=lambda d: (d.vendor, d.launch_date, d.name))

    def redirects(self) -> dict[str, str]:
        """Map each former id to the id that replaced it."""
        return {old: d.id for d in self.devices.values() for old in d.former_ids}


def _vendors(root: Path, problems: list[Problem]) -> dict[str, Vendor]:
    """Load vendors.yaml."""
    src = read_collecting(root / "vendors.yaml", root, problems)
    if src is None:
        return {}
    if not isinstance(src.data, dict):
        problems.append(Problem(src.name, 1, "", "expected a mapping of vendor slug to details"))
        return {}
    out: dict[str, Vendor] = {}
    for slug, body in src.data.items():
        vendor, found = parse_model(Vendor, body, src, (str(slug),))
        problems += found
        if vendor is not None:
            out[str(slug)] = vendor
    return out


def _architectures(
    root: Path, vendors: dict[str, Vendor], problems: list[Problem]
) -> dict[str, Architecture]:
    """Load architectures.yaml and check ids and vendors."""
    src = read_collecting(root / "architectures.yaml", root, problems)
    if src is None:
        return {}
    if not isinstance(src.data, list):
        problems.append(Problem(src.name, 1, "", "expected a list of architectures"))
        return {}
    out: dict[str, Architecture] = {}
    for i, body in enumerate(src.data):
        arch, found = parse_model(Architecture, body, src, (i,))
        problems += found
        if arch is None:
            continue
        if arch.id in out:
            problems.append(
                Problem(
                    src.name,
                    src.lines.line_of((i, "id")),
                    f"[{i}].id",
                    f"duplicate architecture id '{arch.id}'",
                )
            )
        if arch.vendor not in vendors:
            problems.append(
                Problem(
                    src.name,
                    src.lines.line_of((i, "vendor")),
                    f"[{i}].vendor",
                    f"unknown vendor '{arch.vendor}'",
                )
            )
        out[arch.id] = arch
    return out


def _device(path: Path, root: Path, problems: list[Problem]) -> tuple[Device, SourceFile] | None:
    """Load one device file with its single-file checks."""
    src = read_collecting(path, root, problems)
    if src is None:
        return None
    if not isinstance(src.data, dict):
        problems.append(Problem(src.name, 1, "", "expected a mapping of device fields"))
        return None
    device, found = parse_model(Device, src.data, src)
    problems += found
    if device is None:
        return None
    if device.id != path.stem:
        problems.append(
            Problem(
                src.name,
                src.lines.line_of(("id",)),
                "id",
                f"id '{device.id}' must equal the file name '{path.stem}'",
            )
        )
    if device.vendor != path.parent.name:
        problems.append(
            Problem(
                src.name,
                src.lines.line_of(("vendor",)),
                "vendor",
                f"vendor '{device.vendor}' must equal the folder '{path.parent.name}'",
            )
        )
    problems += check_device(device, src.data, src)
    return device, src


def _names(device: Device, stage: int) -> Iterable[tuple[str, str]]:
    """Yield (field, normalized name) for one stage: ids, then former ids, then names."""
    if stage == 0:
        yield "id", device.id.casefold()
    elif stage == 1:
        for former in device.former_ids:
            yield "former_ids", former.casefold()
    else:
        yield "name", device.name.casefold()
        for alias in device.aliases:
            yield "aliases", alias.casefold()


def _cross_checks(
    loaded: list[tuple[Device, SourceFile]],
    vendors: dict[str, Vendor],
    architectures: dict[str, Architecture],
    problems: list[Problem],
) -> None:
    """Unique ids and names across files, and references that resolve."""
    owner: dict[str, str] = {}
    for stage in (0, 1, 2):
        for device, src in loaded:
            for field_name, name in sorted(set(_names(device, stage))):
                other = owner.get(name)
                if other is not None and other != src.name:
                    what = "duplicate id" if field_name == "id" else f"{field_name} entry"
                    problems.append(
                        Problem(
                            src.name,
                            src.lines.line_of((field_name,)),
                            field_name,
                            f"{what} '{name}' is already used by {other}",
                        )
                    )
                else:
                    owner[name] = src.name
    for device, src in loaded:
        if device.vendor not in vendors:
            problems.append(
                Problem(
                    src.name,
                    src.lines.line_of(("vendor",)),
                    "vendor",
                    f"unknown vendor '{device.vendor}'",
                )
            )
        arch = architectures.get(device.architecture)
        if arch is None:
            problems.append(
                Problem(
                    src.name,
                    src.lines.line_of(("architecture",)),
                    "architecture",
                    f"unknown architecture '{device.architecture}'",
                )
            )
        elif arch.vendor != device.vendor:
            problems.append(
                Problem(
                    src.name,
                    src.lines.line_of(("architecture",)),
                    "architecture",
                    f"architecture '{arch.id}' belongs to vendor '{arch.vendor}'",
                )
            )


def load_catalog(root: Path) -> Catalog:
    """Load every data file under ``root``; raise DataError listing all problems found."""
    problems: list[Problem] = []
    if not root.is_dir():
        raise DataError([Problem(str(root), 1, "", "data folder does not exist")])
    vendors = _vendors(root, problems)
    architectures = _architectures(root, vendors, problems)
    loaded = [
        item
        for path in sorted((root / "devices").glob("*/*.yaml"))
        if (item := _device(path, root, problems)) is not None
    ]
    strays = sorted(set((root / "devices").rglob("*")) - set((root / "devices").glob("*/*")))
    for stray in strays:
        if stray.is_file():
            problems.append(
                Problem(
                    display_name(stray, root),
                    1,
                    "",
                    "device files belong in devices/<vendor>/<id>.yaml",
                )
            )
    for path in sorted((root / "devices").glob("*/*")):
        if path.is_file() and path.suffix != ".yaml":
            problems.append(
                Problem(display_name(path, root), 1, "", "device files must end in .yaml")
            )
    if not loaded and not problems:
        problems.append(Problem(display_name(root / "devices", root), 1, "", "no device files"))
    _cross_checks(loaded, vendors, architectures, problems)
    if problems:
        raise DataError(problems)
    devices = {device.id: device for device, _ in loaded}
    files = {device.id: src.name for device, src in loaded}
    return Catalog(vendors, architectures, devices, files)
