#!/usr/bin/env bash
# Set up what is missing, build the site into site/ (replaced only when the build succeeds),
# then pack the offline bundle into dist/xpuref-offline.zip.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
.venv/bin/xpuref build --out site "$@"
.venv/bin/xpuref bundle --out dist/xpuref-offline.zip
