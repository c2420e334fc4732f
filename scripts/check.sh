#!/usr/bin/env bash
# The fast tier, for every change: lint, types, and the tests that need neither a site build
# nor a browser (unit, real data, architecture, and the JavaScript calculators against
# Python's golden vectors under Node), on both cores. Tests marked hardening (whole hostile
# data folders and measuring runs through the command line) run only in scripts/test.sh, which
# runs everything.
# Extra arguments go to pytest.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh >/dev/null
.venv/bin/ruff check src tests hooks
.venv/bin/mypy
status=0
.venv/bin/pytest -q -p no:cacheprovider -n 2 -m "not browser and not site and not hardening" \
  tests/unit tests/data tests/architecture "$@" || status=$?
if [ "$status" = 5 ]; then
  echo "check.sh: pytest collected no tests, which counts as a failure" >&2
  exit 1
fi
exit "$status"
