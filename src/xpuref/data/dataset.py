"""Load every file under data/ once into one validated, immutable dataset."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from xpuref.data.catalog import load_architectures, load_devices, load_vendors
from xpuref.data.devices import Architecture, Device, Vendor
from xpuref.data.knowledge import Knowledge, load_knowledge
from xpuref.data.loader import load_model
from xpuref.data.measured import MeasuredFile, MeasuredRecord
from xpuref.data.measured_checks import load_measured
from xpuref.data.measurements import Bound, Measurement, MeasurementsFile
from xpuref.data.presets import ModelPreset, PresetsFile
from xpuref.data.problems import DataError, Problem
from xpuref.data.published import LicenceEvent, PublishedFile, Statement
from xpuref.data.publishers import PublishersFile, Registry
from xpuref.data.rule_checks import check_rules
from xpuref.data.rules import ExportRule, RulesFile
from xpuref.data.systems import System, load_systems
from xpuref.data.table_models import DataTable
from xpuref.data.tables import load_tables
from xpuref.data.yamlfile import SourceFile, problem_at

__all__ = ["Dataset", "data_signature", "load_dataset"]


@dataclass(frozen=True)
class Dataset:
    """Everything loaded from a valid data folder, for one build.

    ``memo`` holds figures the views compute from this dataset (derived figures, published
    records); it lives and dies with the dataset, so a new build never sees stale results.
    """

    root: Path
    registry: Registry
    vendors: dict[str, Vendor]
    architectures: dict[str, Architecture]
    devices: dict[str, Device]
    device_files: dict[str, str]
    tables: dict[str, DataTable]
    knowledge: Knowledge
    rules: tuple[ExportRule, ...]
    presets: dict[str, ModelPreset]
    published: tuple[Statement, ...] = ()
    #: Licence requirements placed on named parts, dated, beside their 3A090 class.
    licences: tuple[LicenceEvent, ...] = ()
    systems: dict[str, System] = field(default_factory=dict)
    system_files: dict[str, str] = field(default_factory=dict)
    measurements: tuple[Measurement, ...] = ()
    measurement_bounds: dict[str, Bound] = field(default_factory=dict)
    #: Measured figures (data/measured/), each with the file it came from.
    measured: tuple[tuple[MeasuredRecord, MeasuredFile], ...] = ()
    measured_files: dict[str, str] = field(default_factory=dict)
    #: What validation flags without refusing (suspect measurements), as located problems.
    warnings: tuple[Problem, ...] = ()
    locations: dict[str, tuple[str, int]] = field(default_factory=dict, compare=False, repr=False)
    memo: dict[tuple[str, str], Any] = field(default_factory=dict, compare=False, repr=False)

    def sorted_devices(self) -> list[Device]:
        """Devices by vendor, then launch date, then name."""
        return sorted(self.devices.values(), key=lambda d: (d.vendor, d.launch_date, d.name))

    def sorted_systems(self) -> list[System]:
        """Systems by vendor, then launch date, then name."""
        return sorted(self.systems.values(), key=lambda s: (s.vendor, s.launch_date, s.name))

    def systems_with(self, device_id: str) -> list[System]:
        """The systems a device is a member of, in display order."""
        return [s for s in self.sorted_systems() if any(m.device == device_id for m in s.members)]

    def redirects(self) -> dict[str, str]:
        """Map each former id to the id that replaced it."""
        return {old: d.id for d in self.devices.values() for old in d.former_ids}

    def rule_dicts(self) -> list[dict[str, Any]]:
        """The export rules as the plain mappings xpuref.calc reads."""
        return [rule.plain() for rule in self.rules]

    def remember(self, kind: str, key: str, compute: Any) -> Any:
        """Return ``compute()`` for (kind, key), computing it once per dataset."""
        slot = (kind, key)
        if slot not in self.memo:
            self.memo[slot] = compute()
        return self.memo[slot]


def _registry(root: Path, vendors: set[str], problems: list[Problem]) -> Registry:
    """Load publishers.yaml (an empty registry refuses every source)."""
    loaded = load_model(PublishersFile, root / "publishers.yaml", root, problems)
    if loaded is None:
        return Registry(())
    parsed, src = loaded
    seen: dict[str, int] = {}

    for i, pub in enumerate(parsed.publishers):
        if pub.site in seen:
            problems.append(
                problem_at(src, ("publishers", i, "site"), f"'{pub.site}' is listed twice")
            )
        seen[pub.site] = i
        for j, maker in enumerate(pub.makers):
            if pub.tier != "vendor":
                problems.append(
                    problem_at(
                        src,
                        ("publishers", i, "makers"),
                        "only a vendor site names the makers whose word it is",
                    )
                )
                break
            if vendors and maker not in vendors:
                problems.append(
                    problem_at(src, ("publishers", i, "makers", j), f"unknown vendor id '{maker}'")
                )
    return Registry(tuple(parsed.publishers))


def _published(
    root: Path,
    registry: Registry,
    devices: dict[str, Device],
    rules_file: tuple[RulesFile, SourceFile] | None,
    locations: dict[str, tuple[str, int]],
    problems: list[Problem],
) -> tuple[tuple[Statement, ...], tuple[LicenceEvent, ...]]:
    """Load export_published.yaml (optional) and check the devices and rules it names."""
    path = root / "export_published.yaml"
    if not path.exists():
        return (), ()
    loaded = load_model(PublishedFile, path, root, problems, registry=registry)
    if loaded is None:
        return (), ()
    parsed, src = loaded
    rule_ids = {r.id for r in rules_file[0].rules} if rules_file else None
    for i, statement in enumerate(parsed.statements):
        if rule_ids is not None and statement.rule not in rule_ids:
            problems.append(
                problem_at(src, ("statements", i, "rule"), f"unknown rule id '{statement.rule}'")
            )
        for j, device in enumerate(statement.devices):
            where = ("statements", i, "devices", j)
            locations[f"published/{statement.id}/{device}"] = (src.name, src.lines.line_of(where))
            if devices and device not in devices:
                problems.append(problem_at(src, where, f"unknown device id '{device}'"))
    for i, event in enumerate(parsed.licences):
        for j, device in enumerate(event.devices):
            if devices and device not in devices:
                where = ("licences", i, "devices", j)
                problems.append(problem_at(src, where, f"unknown device id '{device}'"))
    return tuple(parsed.statements), tuple(parsed.licences)


def _measurements(
    root: Path,
    registry: Registry,
    presets: dict[str, ModelPreset],
    devices: dict[str, Device],
    problems: list[Problem],
) -> tuple[tuple[Measurement, ...], dict[str, Bound]]:
    """Load measurements.yaml (optional) and check the presets, devices and rates it names."""
    path = root / "measurements.yaml"
    if not path.exists():
        return (), {}
    loaded = load_model(MeasurementsFile, path, root, problems, registry=registry)
    if loaded is None:
        return (), {}
    parsed, src = loaded
    seen: set[str] = set()
    for i, case in enumerate(parsed.measurements):
        where = ("measurements", i)
        if case.id in seen:
            problems.append(problem_at(src, (*where, "id"), f"'{case.id}' is used twice"))
        seen.add(case.id)
        if case.kind == "matmul":
            problems.append(
                problem_at(
                    src,
                    (*where, "kind"),
                    "matmul cases are the GEMM records of data/measured/ with one shape: "
                    "record the measurement there (the accuracy page and device pages share it)",
                )
            )
        if case.kind not in parsed.bounds:
            problems.append(
                problem_at(src, (*where, "kind"), f"no bound is stated for {case.kind}")
            )
        model = getattr(case, "model", None)
        if model is not None:
            preset = presets.get(model)
            if preset is None or preset.architecture.kind != "decoder":
                problems.append(
                    problem_at(src, (*where, "model"), f"'{model}' is not a decoder preset")
                )
        device_id = getattr(case, "device", None)
        if device_id is not None:
            device = devices.get(device_id)
            if device is None:
                problems.append(
                    problem_at(src, (*where, "device"), f"unknown device id '{device_id}'")
                )
            elif (precision := getattr(case, "precision", None)) is not None and (
                precision not in device.peak_dense
            ):
                problems.append(
                    problem_at(
                        src,
                        (*where, "precision"),
                        f"{device_id} gives no {precision} rate",
                    )
                )
    return tuple(parsed.measurements), {str(kind): bound for kind, bound in parsed.bounds.items()}


def data_signature(root: Path) -> str:
    """Names, sizes and modification times of every file under the data folder, as one string."""
    parts = []
    for path in sorted(root.rglob("*")):
        if path.is_file():
            info = path.stat()
            parts.append(f"{path.relative_to(root)}:{info.st_size}:{info.st_mtime_ns}")
    return "\n".join(parts)


def load_dataset(root: Path) -> Dataset:
    """Load and check every data file; raise one DataError listing every problem found."""
    problems: list[Problem] = []
    if not root.is_dir():
        raise DataError([Problem(str(root), 1, "", "data folder does not exist")])
    vendors, vendor_names = load_vendors(root, problems)
    registry = _registry(root, vendor_names, problems)
    architectures, arch_names = load_architectures(root, vendor_names, registry, problems)
    found = load_devices(root, vendor_names, architectures, arch_names, registry, problems)
    systems = load_systems(root, registry, vendor_names, found.devices, problems)
    tables = load_tables(root, registry, problems)
    knowledge = load_knowledge(root, registry, problems)
    rules_file = load_model(
        RulesFile, root / "export_controls.yaml", root, problems, registry=registry
    )
    presets_file = load_model(PresetsFile, root / "models.yaml", root, problems, registry=registry)
    if rules_file is not None:
        problems += check_rules(rules_file[0].rules, rules_file[1])
    locations: dict[str, tuple[str, int]] = {}
    published, licences = _published(root, registry, found.devices, rules_file, locations, problems)
    measurements, bounds = _measurements(
        root, registry, presets_file[0].models if presets_file else {}, found.devices, problems
    )
    measured = load_measured(root, registry, found.devices, problems)
    if problems or rules_file is None or presets_file is None:
        raise DataError(problems)
    return Dataset(
        root=root,
        registry=registry,
        vendors=vendors,
        architectures=architectures,
        devices=found.devices,
        device_files=found.files,
        tables=tables,
        knowledge=knowledge,
        rules=tuple(rules_file[0].rules),
        presets=dict(presets_file[0].models),
        published=published,
        licences=licences,
        systems=systems.systems,
        system_files=systems.files,
        measurements=measurements,
        measurement_bounds=bounds,
        measured=measured.records,
        measured_files=measured.files,
        warnings=measured.warnings,
        locations=locations,
    )
