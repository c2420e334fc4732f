#!/usr/bin/env bash
# The fast tier, for every change: lint, types, and the tests that need neither a site build
# nor a browser (unit, real data, architecture, and the JavaScript calculators against
# Python's golden vectors under Node), on both cores. Tests marked hardening (whole hostile
# data folders and measuring runs through the command line) run only in scripts/test.sh, which
# runs everything.
# Extra arguments go to pytest.
set -euo pipefail
cd "$(dirname "$0")/.."
# Let Python keep the bytecode it compiles (in __pycache__, ignored by git): with
# PYTHONDONTWRITEBYTECODE set, every worker, build and command-line run recompiles each module
# it imports (pydantic, mkdocs, playwright...), about 1.7 CPU-seconds a process here.
unset PYTHONDONTWRITEBYTECODE
scripts/setup.sh >/dev/null
.venv/bin/ruff check src tests hooks
# mypy (one core, mostly idle while pytest workers wait) runs beside the tests; its report
# prints after them and its failure fails the tier.
types_log="$(mktemp)"
trap 'rm -f "$types_log"' EXIT
.venv/bin/mypy >"$types_log" 2>&1 &
types_pid=$!
status=0
.venv/bin/pytest -q -p no:cacheprovider -n 2 -m "not browser and not site and not hardening" \
  tests/unit tests/data tests/architecture "$@" || status=$?
types_status=0
wait "$types_pid" || types_status=$?
cat "$types_log"
if [ "$types_status" != 0 ]; then
  echo "check.sh: mypy found problems" >&2
  [ "$status" = 0 ] && status=1
fi
if [ "$status" = 5 ]; then
  echo "check.sh: pytest collected no tests, which counts as a failure" >&2
  exit 1
fi
exit "$status"
