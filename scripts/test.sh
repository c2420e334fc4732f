#!/usr/bin/env bash
# Set up what is missing (venv, packages, nodejs, Debian Chromium), then lint, validate the data
# and run the whole test suite, with mypy beside it. The real site, the offline bundle and the
# hostile-data site are built once for the run, in the background from its first second
# (tests/shared_sites.py), while the workers start on the tests that need no site.
# XPUREF_TEST_WORKERS sets the number of pytest workers (default: one more than the cores,
# since browser tests spend much of their time waiting on Chromium). Files are handed out in the
# order tests/conftest.py sets (RUN_ORDER: the long site and package tests first, the many short
# unit tests last, to fill the workers at the end). Extra arguments go to pytest.
set -euo pipefail
cd "$(dirname "$0")/.."
# Let Python keep the bytecode it compiles (in __pycache__, ignored by git): with
# PYTHONDONTWRITEBYTECODE set, every worker, build and command-line run recompiles each module
# it imports (pydantic, mkdocs, playwright...), about 1.7 CPU-seconds a process here.
unset PYTHONDONTWRITEBYTECODE
scripts/setup.sh --browser
.venv/bin/ruff check src tests hooks
.venv/bin/xpuref validate
types_log="$(mktemp)"
trap 'rm -f "$types_log"' EXIT
.venv/bin/mypy >"$types_log" 2>&1 &
types_pid=$!
workers="${XPUREF_TEST_WORKERS:-$(($(nproc) + 1))}"
status=0
XPUREF_PREBUILD="${XPUREF_PREBUILD-site,bundle,hostile}" \
  .venv/bin/pytest -n "$workers" --dist loadfile --no-loadscope-reorder "$@" || status=$?
types_status=0
wait "$types_pid" || types_status=$?
cat "$types_log"
if [ "$types_status" != 0 ]; then
  echo "test.sh: mypy found problems" >&2
  [ "$status" = 0 ] && status=1
fi
if [ "$status" = 5 ]; then
  echo "test.sh: pytest collected no tests, which counts as a failure" >&2
  exit 1
fi
exit "$status"
