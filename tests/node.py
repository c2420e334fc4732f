"""Run JavaScript under Debian's Node.js and read back what it prints as JSON (the fast tier's
checks of the site's scripts: calculators, name keys, pickers, page helpers)."""

from __future__ import annotations

import json
import shutil
import subprocess
from typing import Any

import pytest


def node_json(*args: str, timeout: int = 60) -> Any:
    """Run ``node ARGS`` and return its standard output parsed as JSON; fail the test with its
    error output when it fails, and when Node is missing (scripts/setup.sh installs it)."""
    node = shutil.which("node")
    if node is None:
        pytest.fail("node is missing: scripts/setup.sh installs Debian's nodejs")
    done = subprocess.run(
        [node, *args], capture_output=True, text=True, timeout=timeout, check=False
    )
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)
