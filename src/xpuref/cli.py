"""The ``xpuref`` command line: look up a device, compile, validate, build the site, bundle, bench.

``lookup`` runs on the standard-library core; the other commands need the ``xpuref[site]``
extra (``bench`` also ``xpuref[dev]``), and say so when it is missing.
"""

from __future__ import annotations

import argparse
import signal
import sys
from collections.abc import Callable, Sequence
from pathlib import Path

__all__ = ["main"]

#: Packages the site extra brings; a command that needs one says which extra to install.
_EXTRA_MODULES = {"pydantic", "pydantic_core", "yaml", "jinja2", "markupsafe", "mkdocs", "material"}


def _validate(args: argparse.Namespace) -> int:
    """Validate the data folder and report every problem."""
    from xpuref.data.paths import data_dir
    from xpuref.data.problems import DataError
    from xpuref.views.checked import load_checked

    root = Path(args.data) if args.data else data_dir()
    try:
        found = load_checked(root)
    except DataError as exc:
        print(exc.report(), file=sys.stderr)
        count = len(exc.problems)
        print(f"{count} problem{'s' if count != 1 else ''} found in {root}", file=sys.stderr)
        return 1
    from xpuref.views.coverage import coverage_report

    for warning in found.warnings:
        print(f"warning: {warning}", file=sys.stderr)
    print(
        f"ok: {len(found.devices)} devices, {len(found.architectures)} architectures, "
        f"{len(found.vendors)} vendors, {len(found.systems)} systems, {len(found.tables)} tables, "
        f"{len(found.knowledge.glossary)} glossary terms, {len(found.rules)} export rules, "
        f"{len(found.presets)} model presets in {root}"
    )
    print(coverage_report(found))
    return 0


def _compile(args: argparse.Namespace) -> int:
    """Validate the data and write the catalog the standard-library core reads."""
    from xpuref.core.catalog import CATALOG_FILE
    from xpuref.data.paths import data_dir
    from xpuref.data.problems import DataError
    from xpuref.views.checked import load_checked
    from xpuref.views.compiled import write_catalog

    root = Path(args.data) if args.data else data_dir()
    out = Path(args.out or CATALOG_FILE)
    try:
        changed = write_catalog(load_checked(root), out)
    except DataError as exc:
        print(exc.report(), file=sys.stderr)
        return 1
    print(f"{out} {'written' if changed else 'already up to date'}")
    return 0


def _lookup(args: argparse.Namespace) -> int:
    """Resolve a device name to its SKU and print its dense peaks per visible device."""
    import json

    from xpuref.core.catalog import Catalog, load_catalog
    from xpuref.core.names import DeviceLookupError

    try:
        if args.data:
            from xpuref.data.problems import DataError
            from xpuref.views.checked import load_checked
            from xpuref.views.compiled import catalog_payload

            try:
                catalog = Catalog(catalog_payload(load_checked(Path(args.data))))
            except DataError as exc:
                print(exc.report(), file=sys.stderr)
                return 1
        else:
            catalog = load_catalog()
        found = catalog.lookup(args.name)
    except DeviceLookupError as exc:
        print(f"lookup: {exc}", file=sys.stderr)
        return 1
    if args.json:
        print(json.dumps(found.as_dict(), ensure_ascii=False, indent=1, sort_keys=True))
        return 0
    share = (
        f"; one of {found.visible_devices} devices the package shows, with 1/"
        f"{found.visible_devices} of each figure"
        if found.visible_devices > 1
        else ""
    )
    print(f"{found.id}: {found.name} (matched {found.matched!r}{share})")
    if found.mig is not None:
        print(
            f"  MIG {found.mig.profile}: {found.mig.compute_slices} of "
            f"{found.mig.gpu_compute_slices} compute slices, rates scaled by that share of SMs"
        )
    for key, value in found.peak_dense_per_device.items():
        unit = "TOPS" if key.startswith("int") else "TFLOPS"
        print(f"  {key:<12} {value:g} {unit} dense per visible device")
    return 0


def _site_step(verb: str, stopped: str, out: str, step: Callable[[], Path]) -> Path | None:
    """Run a build step; print one line for each way it can fail, and return None then."""
    from xpuref.data.problems import DataError
    from xpuref.site.build import SiteBuildError

    try:
        return step()
    except DataError as exc:
        print(exc.report(), file=sys.stderr)
        print(f"{verb} stopped: {stopped}", file=sys.stderr)
    except SiteBuildError as exc:
        print(f"{verb} failed: {exc}", file=sys.stderr)
    except OSError as exc:
        print(f"{verb} failed: {out}: {exc.strerror or exc}", file=sys.stderr)
    return None


def _build(args: argparse.Namespace) -> int:
    """Build the site into a temporary folder, then swap it into place."""
    from xpuref.site.build import build_site

    out = _site_step(
        "build",
        "data is invalid; the existing site was left as it was",
        args.out,
        lambda: build_site(
            Path(args.config),
            Path(args.out),
            strict=not args.no_strict,
            bundle_config=Path(args.bundle_config) if args.bundle else None,
        ),
    )
    if out is None:
        return 1
    print(f"site written to {out}")
    return 0


def _bundle(args: argparse.Namespace) -> int:
    """Build the offline site and zip it."""
    from xpuref.site.bundle import build_bundle

    out = _site_step(
        "bundle",
        "data is invalid",
        args.out,
        lambda: build_bundle(Path(args.config), Path(args.out)),
    )
    if out is None:
        return 1
    print(f"offline bundle written to {out} ({out.stat().st_size:,} bytes)")
    return 0


def _bench(args: argparse.Namespace) -> int:
    """Measure the build and write the figures as JSON."""
    import json

    from xpuref.devtools.bench import report, run_bench

    try:
        sizes = tuple(int(s) for s in args.sizes.split(",") if s.strip())
    except ValueError:
        print(
            f"bench: --sizes takes whole numbers separated by commas, got {args.sizes!r}",
            file=sys.stderr,
        )
        return 2
    if not sizes or any(size < 1 or size > 20_000 for size in sizes):
        print("bench: each size must be from 1 to 20000", file=sys.stderr)
        return 2
    result = run_bench(sizes, core_only=args.core_only)
    out = Path(args.out)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(result, indent=2, sort_keys=True) + "\n", encoding="utf-8")
    print(report(result))
    print(f"written to {out}")
    return 0


def _measure(args: argparse.Namespace) -> int:
    """Measure this machine's device and print a data/measured/ record (lazy imports)."""
    from xpuref.devtools.measure import main_measure

    return main_measure(args)


def parser() -> argparse.ArgumentParser:
    """Describe the commands and their options."""
    top = argparse.ArgumentParser(prog="xpuref", description=__doc__)
    sub = top.add_subparsers(dest="command", required=True)
    validate = sub.add_parser("validate", help="check every data file")
    validate.add_argument("--data", help="data folder (default: the project's data/)")
    validate.set_defaults(run=_validate)
    lookup = sub.add_parser(
        "lookup", help="resolve a device name as drivers and frameworks print it"
    )
    lookup.add_argument("name", help="e.g. 'NVIDIA H100 80GB HBM3' or 'AMD Instinct MI250X'")
    lookup.add_argument("--json", action="store_true", help="print the match as JSON")
    lookup.add_argument("--data", help="data folder to validate and use instead of the catalog")
    lookup.set_defaults(run=_lookup)
    compile_ = sub.add_parser("compile", help="write the catalog the core reads from data/")
    compile_.add_argument("--data", help="data folder (default: the project's data/)")
    compile_.add_argument("--out", help="file to write (default: the package's catalog.json)")
    compile_.set_defaults(run=_compile)
    build = sub.add_parser("build", help="build the site atomically")
    build.add_argument("--config", default="mkdocs.yml", help="MkDocs config file")
    build.add_argument("--out", default="site", help="output folder (replaced only on success)")
    build.add_argument("--no-strict", action="store_true", help="do not treat warnings as errors")
    build.add_argument(
        "--bundle-config",
        default="mkdocs-offline.yml",
        help="offline MkDocs config for the zip published at downloads/xpuref-offline.zip",
    )
    build.add_argument(
        "--bundle",
        action="store_true",
        help="also build the offline site and publish its zip at downloads/xpuref-offline.zip",
    )
    build.set_defaults(run=_build)
    bundle = sub.add_parser("bundle", help="build the offline site and zip it")
    bundle.add_argument("--config", default="mkdocs-offline.yml", help="offline MkDocs config")
    bundle.add_argument("--out", default="dist/xpuref-offline.zip", help="zip file to write")
    bundle.set_defaults(run=_bundle)
    bench = sub.add_parser("bench", help="measure build time, sizes and growth with catalog size")
    bench.add_argument("--out", default=".bench/bench.json", help="JSON file to write")
    bench.add_argument(
        "--sizes", default="100,1000", help="synthetic catalog sizes, comma-separated"
    )
    bench.add_argument(
        "--core-only", action="store_true", help="only time import xpuref + a first lookup"
    )
    bench.set_defaults(run=_bench)
    measure = sub.add_parser(
        "measure",
        help="time dense GEMMs, a memory copy and an all-reduce; print a record to add",
    )
    measure.add_argument(
        "--device", default="auto", choices=["cpu", "cuda", "npu", "auto"],
        help="cuda (NVIDIA or ROCm) and npu need torch (torch_npu); cpu uses numpy if present",
    )  # fmt: skip
    measure.add_argument(
        "--sizes", help="GEMM sizes n (n×n×n), comma-separated (default 1024..16384; CPU 256..1024)"
    )
    measure.add_argument("--dtypes", help="bf16,fp16,fp8,tf32,fp32,fp64 (default bf16,fp16,fp8)")
    measure.add_argument(
        "--device-id", help="the SKU id you ran on, when the device's name resolves to none"
    )
    measure.add_argument("--ran-by", help="who ran it (default: $USER)")
    measure.add_argument("--copy-bytes", type=int, default=1 << 28, help="bytes per copy")
    measure.add_argument("--warmup", type=int, default=3, help="untimed runs before timing")
    measure.add_argument("--iters", type=int, default=10, help="timed runs (the median is kept)")
    measure.add_argument("--data", help="data folder (default: the project's data/)")
    measure.set_defaults(run=_measure)
    return top


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line and return its exit code."""
    args = parser().parse_args(argv)
    previous = signal.signal(signal.SIGTERM, _interrupt)
    args.argv = list(sys.argv[1:] if argv is None else argv)[1:]
    try:
        code: int = args.run(args)
    except ModuleNotFoundError as exc:
        if (exc.name or "").split(".")[0] not in _EXTRA_MODULES:
            raise
        print(
            f"xpuref {args.command}: needs the site tools ({exc.name} is not installed): "
            "pip install 'xpuref[site]'",
            file=sys.stderr,
        )
        return 1
    except BrokenPipeError:  # output piped into a reader that stopped early (e.g. head)
        sys.stderr.close()
        return 0
    except KeyboardInterrupt:  # Ctrl-C or SIGTERM: staging is already removed on the way out
        print(
            f"xpuref {args.command}: interrupted; nothing was changed "
            "(an existing site or bundle was left as it was)",
            file=sys.stderr,
        )
        return 130
    finally:
        signal.signal(signal.SIGTERM, previous)
    return code


def _interrupt(signum: int, frame: object) -> None:
    """Turn SIGTERM into the same clean stop as Ctrl-C."""
    raise KeyboardInterrupt


if __name__ == "__main__":
    sys.exit(main())
