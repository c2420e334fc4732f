"""Hand the dataset that `xpuref build` validated to the MkDocs process it starts.

The build validates the data before writing anything, then runs MkDocs in a child process;
without a handoff the child would parse and check every file a second time. The parent
pickles the dataset into a private temporary folder and names it in an environment variable;
the child uses it only when the data folder is the same and no file in it has changed.
"""

from __future__ import annotations

import os
import pickle
from pathlib import Path

from xpuref.data.dataset import Dataset, data_signature

__all__ = ["BUNDLE_ENV", "HANDOFF_ENV", "read_handoff", "write_handoff"]

HANDOFF_ENV = "XPUREF_DATASET_HANDOFF"
#: Set by ``xpuref build`` to the size of the offline zip it publishes with the site.
BUNDLE_ENV = "XPUREF_BUNDLE_BYTES"


def write_handoff(ds: Dataset, root: Path, folder: Path) -> Path:
    """Write the dataset with its data folder's signature; return the file's path."""
    path = folder / "dataset.pickle"
    record = {"root": str(root.resolve()), "signature": data_signature(root), "dataset": ds}
    with path.open("wb") as handle:
        pickle.dump(record, handle, protocol=pickle.HIGHEST_PROTOCOL)
    return path


def read_handoff(root: Path) -> Dataset | None:
    """The handed-off dataset when it belongs to this data folder unchanged, else None."""
    name = os.environ.get(HANDOFF_ENV)
    if not name or not Path(name).is_file():
        return None
    try:
        with open(name, "rb") as handle:
            record = pickle.load(handle)  # written by our own build in a private folder
    except (OSError, pickle.UnpicklingError, EOFError, AttributeError, ImportError):
        return None
    if record.get("root") != str(root.resolve()) or record.get("signature") != data_signature(root):
        return None
    ds = record.get("dataset")
    return ds if isinstance(ds, Dataset) else None
