#!/usr/bin/env bash
# Regenerate requirements.lock from pyproject.toml: every package, direct or pulled in, pinned
# to one version with its hashes. Run after changing a dependency; commit both files.
set -euo pipefail
cd "$(dirname "$0")/.."
.venv/bin/python -m pip install --quiet --disable-pip-version-check "uv==0.13.9"
.venv/bin/uv pip compile pyproject.toml --extra dev --generate-hashes --python-version 3.11 \
  --no-header --quiet -o requirements.lock
echo "requirements.lock written"
