#!/usr/bin/env bash
# Refresh the third-party browser files committed under site_overrides/assets/vendor/ from the
# npm registry, at the pinned versions below. Only needed when a version changes.
set -euo pipefail
cd "$(dirname "$0")/.."
IFRAME_WORKER=1.0.4
# plotly.js 4.1.1 is the version whose schema the Python plotly 7.1.0 package targets.
PLOTLY_BASIC=4.1.1
# axe-core is a test asset: the browser tests inject it to check accessibility. No page loads it.
AXE_CORE=4.14.1
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

fetch() {  # fetch NAME VERSION: unpack the npm tarball into $work/NAME/package
  mkdir -p "$work/$1"
  (cd "$work/$1" && npm pack --silent "$1@$2" >/dev/null && tar xzf ./*.tgz)
}

fetch iframe-worker "$IFRAME_WORKER"
mkdir -p site_overrides/assets/vendor/iframe-worker
cp "$work/iframe-worker/package/shim/index.js" site_overrides/assets/vendor/iframe-worker/shim.js
cp "$work/iframe-worker/package/LICENSE" site_overrides/assets/vendor/iframe-worker/LICENSE
echo "vendored iframe-worker $IFRAME_WORKER"

fetch plotly.js-basic-dist-min "$PLOTLY_BASIC"
mkdir -p site_overrides/assets/vendor/plotly
cp "$work/plotly.js-basic-dist-min/package/plotly-basic.min.js" site_overrides/assets/vendor/plotly/
cp "$work/plotly.js-basic-dist-min/package/LICENSE" site_overrides/assets/vendor/plotly/LICENSE
# The only network address in the bundle is the default topojson location, used by geo
# traces that the basic bundle does not even include; point it at the site itself so the
# offline bundle holds no CDN address at all.
sed -i 's#dflt:"https://cdn.plot.ly/un/"#dflt:"./"#' site_overrides/assets/vendor/plotly/plotly-basic.min.js
grep -q "v$PLOTLY_BASIC" site_overrides/assets/vendor/plotly/plotly-basic.min.js
echo "vendored plotly.js-basic-dist-min $PLOTLY_BASIC"

fetch axe-core "$AXE_CORE"
mkdir -p tests/vendor/axe-core
cp "$work/axe-core/package/axe.min.js" tests/vendor/axe-core/axe.min.js
cp "$work/axe-core/package/LICENSE" tests/vendor/axe-core/LICENSE
grep -q "$AXE_CORE" tests/vendor/axe-core/axe.min.js
echo "vendored axe-core $AXE_CORE"
