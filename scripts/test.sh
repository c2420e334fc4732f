#!/usr/bin/env bash
# Set up what is missing (venv, packages, nodejs, Debian Chromium), then lint, type-check,
# validate the data and run the whole test suite on both cores (one file's tests stay on one
# worker, so module fixtures are built once). Extra arguments go to pytest.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh --browser
.venv/bin/ruff check src tests hooks
.venv/bin/mypy
.venv/bin/xpuref validate
status=0
.venv/bin/pytest -n 2 --dist loadfile "$@" || status=$?
if [ "$status" = 5 ]; then
  echo "test.sh: pytest collected no tests, which counts as a failure" >&2
  exit 1
fi
exit "$status"
