#!/usr/bin/env bash
# Set up what is missing, then build the site into site/ (replaced only when the build succeeds).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
.venv/bin/xpuref build --out site "$@"
