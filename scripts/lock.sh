#!/usr/bin/env bash
# Regenerate the hash locks from pyproject.toml, one per extra: every package, direct or pulled
# in, pinned to one version with its hashes. requirements/site.lock holds what validating the
# data and building the site need; requirements/dev.lock holds that plus the dev tools (tests,
# lint, types, bench). The core needs no lock: it depends on nothing. Run after changing a
# dependency; commit pyproject.toml and the locks.
set -euo pipefail
cd "$(dirname "$0")/.."
# The uv that compiles the locks is the one requirements/uv.lock pins for scripts/setup.sh.
uv_version="0.13.9"
.venv/bin/python -m pip install --quiet --disable-pip-version-check "uv==$uv_version"
mkdir -p requirements
.venv/bin/uv pip compile pyproject.toml --extra site --generate-hashes --python-version 3.11 \
  --no-header --quiet -o requirements/site.lock
.venv/bin/uv pip compile pyproject.toml --extra site --extra dev --generate-hashes \
  --python-version 3.11 --no-header --quiet -o requirements/dev.lock
# The installer scripts/setup.sh uses, hash-locked too (pip installs it from this file).
echo "uv==$uv_version" | .venv/bin/uv pip compile - --generate-hashes --python-version 3.11 \
  --no-header --quiet -o requirements/uv.lock
echo "requirements/site.lock, requirements/dev.lock and requirements/uv.lock written"
