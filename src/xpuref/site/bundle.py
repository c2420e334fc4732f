"""The offline bundle: the site built for file:// and packed into one reproducible zip."""

from __future__ import annotations

import os
import shutil
import tempfile
import zipfile
from datetime import UTC, datetime
from pathlib import Path

from xpuref.data.paths import data_dir
from xpuref.data.version import data_version
from xpuref.site.build import MARKER, build_site

__all__ = ["BUNDLE_ROOT", "build_bundle", "zip_tree"]

BUNDLE_ROOT = "xpuref-offline"
_EARLIEST_ZIP_TIME = 315532800  # 1980-01-01, the first moment a zip can record


def zip_tree(tree: Path, out: Path, epoch: int) -> Path:
    """Zip a folder with sorted entries and fixed timestamps, so equal trees give equal bytes."""
    stamp = datetime.fromtimestamp(max(epoch, _EARLIEST_ZIP_TIME), UTC).timetuple()[:6]
    out.parent.mkdir(parents=True, exist_ok=True)
    partial = out.with_name(out.name + ".partial")
    try:
        with zipfile.ZipFile(partial, "w", compression=zipfile.ZIP_DEFLATED, compresslevel=9) as zf:
            for path in sorted(tree.rglob("*")):
                if not path.is_file() or path.name == MARKER:
                    continue
                info = zipfile.ZipInfo(f"{BUNDLE_ROOT}/{path.relative_to(tree).as_posix()}", stamp)
                info.external_attr = 0o644 << 16
                info.compress_type = zipfile.ZIP_DEFLATED
                zf.writestr(info, path.read_bytes())
        os.replace(partial, out)
    except BaseException:
        partial.unlink(
            missing_ok=True
        )  # a failed or interrupted bundle leaves nothing half-written
        raise
    return out


def build_bundle(config: Path, out: Path) -> Path:
    """Build the offline configuration into a temporary folder and zip it to ``out``."""
    work = Path(tempfile.mkdtemp(prefix="xpuref-bundle-"))
    try:
        site = build_site(config, work / "site")
        return zip_tree(site, out, data_version(data_dir()).epoch)
    finally:
        shutil.rmtree(work, ignore_errors=True)
