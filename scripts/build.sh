#!/usr/bin/env bash
# Set up what is missing, build the site into site/ (replaced only when the build succeeds)
# with the offline bundle published beside it (Downloads links it), and copy that zip to
# dist/xpuref-offline.zip for a release.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
.venv/bin/xpuref build --bundle --out site "$@"
mkdir -p dist
cp site/downloads/xpuref-offline.zip dist/xpuref-offline.zip
