#!/usr/bin/env bash
# Refresh the third-party browser files committed under site_overrides/assets/vendor/ from the
# npm registry, at the pinned versions below. Only needed when a version changes.
set -euo pipefail
cd "$(dirname "$0")/.."
IFRAME_WORKER=1.0.4
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
(cd "$work" && npm pack --silent "iframe-worker@$IFRAME_WORKER" >/dev/null && tar xzf iframe-worker-*.tgz)
mkdir -p site_overrides/assets/vendor/iframe-worker
cp "$work/package/shim/index.js" site_overrides/assets/vendor/iframe-worker/shim.js
cp "$work/package/LICENSE" site_overrides/assets/vendor/iframe-worker/LICENSE
echo "vendored iframe-worker $IFRAME_WORKER"
