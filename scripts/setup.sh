#!/usr/bin/env bash
# Set up what a fresh machine lacks: the venv with the project and its packages, Node.js (the
# fast tier checks the JavaScript calculators under it), and with --browser also Debian's
# Chromium for the browser tests. Safe to run again: it only does what is missing or out of date.
set -euo pipefail
cd "$(dirname "$0")/.."

browser=0
for arg in "$@"; do
  case "$arg" in
    --browser) browser=1 ;;
    *) echo "setup.sh: unknown option $arg" >&2; exit 2 ;;
  esac
done

python=""
for candidate in "${PYTHON:-}" python3.11 python3.12 python3.13 python3; do
  [ -n "$candidate" ] || continue
  if command -v "$candidate" >/dev/null 2>&1 &&
     "$candidate" -c 'import sys; sys.exit(sys.version_info < (3, 11))' 2>/dev/null; then
    python="$candidate"; break
  fi
done
[ -n "$python" ] || { echo "setup.sh: Python 3.11 or newer is required" >&2; exit 1; }

if [ ! -x .venv/bin/python ]; then
  echo "setup: creating .venv with $python"
  "$python" -m venv .venv
fi

# Install exactly the versions in requirements/dev.lock (hash-checked: the site extra and the
# dev tools), then the project itself without resolving anything else; redo it only when a lock
# or pyproject.toml changes. The installer is uv, itself hash-checked from requirements/uv.lock
# and installed by pip: it fetches and unpacks the 40 packages in parallel, which pip does one
# by one (about 35 s of a fresh clone's set-up). No bytecode is compiled up front: Python
# writes it on first import for the modules a run uses (scripts/test.sh lets it).
want=$(cat pyproject.toml requirements/dev.lock requirements/uv.lock | sha256sum | cut -d' ' -f1)
have=$(cat .venv/.xpuref-deps 2>/dev/null || true)
if [ "$want" != "$have" ] || ! .venv/bin/python -c 'import xpuref, mkdocs, material' 2>/dev/null; then
  echo "setup: installing the locked packages and the project into .venv"
  .venv/bin/python -m pip install --quiet --disable-pip-version-check --require-hashes \
    --no-deps -r requirements/uv.lock
  .venv/bin/uv pip install --quiet --python .venv/bin/python --require-hashes --no-deps \
    -r requirements/dev.lock
  # The build backend (setuptools) is the locked one just installed, not a fresh download.
  .venv/bin/uv pip install --quiet --python .venv/bin/python --no-deps --no-build-isolation -e .
  echo "$want" > .venv/.xpuref-deps
fi

# Compile the page templates once into the venv; builds only read them, and Jinja recompiles
# (in memory) any template whose source changed since.
.venv/bin/python -m xpuref.devtools.precompile

apt_install() {
  sudo=""
  [ "$(id -u)" = 0 ] || sudo="sudo"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "$@" >/dev/null
}

if ! command -v node >/dev/null 2>&1; then
  echo "setup: installing Debian's nodejs for the JavaScript checks"
  apt_install nodejs
fi

if [ "$browser" = 1 ] && [ ! -x /usr/bin/chromium ]; then
  echo "setup: installing Debian's chromium for the browser tests"
  apt_install chromium
fi
