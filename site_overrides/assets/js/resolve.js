/* xpuref device-name resolver: the names drivers and frameworks print, resolved to a SKU.
 *
 * The JavaScript side of `xpuref lookup` (xpuref.views.lookup): names are compared after
 * NFKC, case folding, dropping trademark signs and the makers' names in front (NVIDIA, AMD,
 * Huawei, 寒武纪...), and collapsing spaces; a name with no entry is tried once more with only
 * letters and digits kept. The maps come from the page (the same `names` and `compact` maps as
 * data/lookup.json).
 * resolve(text, lookup) returns {id, matched}, {ambiguous: [ids]} or {unknown: true,
 * candidates: [ids]}; a driver's name for a board it does not recognise ("MLU370-UNKNOWN")
 * is unknown with every board of its family as candidates, as in Python.
 */
(function (root) {
  "use strict";

  // The one browser-side name normaliser (xpuref-page.js, loaded first), twin of Python's.
  var normalize = root.xpurefPage.normalizeName;

  function hitOf(value) {
    if (value === undefined || value === null) return null;
    return Array.isArray(value) ? { ambiguous: value.slice() } : { id: value };
  }

  function candidates(key, index) {
    var ids = [];
    if (!key) return ids;
    Object.keys(index).forEach(function (k) {
      if (k.indexOf(key) !== -1 || (k.length > 2 && key.indexOf(k) !== -1)) {
        [].concat(index[k]).forEach(function (id) { if (ids.indexOf(id) === -1) ids.push(id); });
      }
    });
    return ids.sort().slice(0, 12);
  }

  // The family stem of a driver's placeholder for a board it cannot name ("mlu370" for
  // "mlu370unknown"), else "": twin of unrecognised_board in xpuref/core/names.py.
  function unrecognisedStem(key) {
    var stem = /unknown$/.test(key) ? key.slice(0, -"unknown".length) : "";
    return stem.length >= 3 && /[0-9]/.test(stem) ? stem : "";
  }

  function family(stem, index) {
    var ids = [];
    Object.keys(index).forEach(function (k) {
      if (k.indexOf(stem) === -1) return;
      [].concat(index[k]).forEach(function (id) { if (ids.indexOf(id) === -1) ids.push(id); });
    });
    return ids.sort();
  }

  // The chip family an EC2 instance type of a Neuron chip names, as neuron-ls prints it
  // ("instance-type: trn1.2xlarge" -> "trn1"), else "": twin of instance_chip in core/names.py.
  var INSTANCE = /^(?:instance-type:\s*)?((?:inf|trn)[0-9]+)[a-z]*(?:-[a-z0-9]+)?\.(?:[0-9]*x?large|metal)$/;
  function instanceChip(text) {
    var found = INSTANCE.exec(normalize(text, false));
    return found ? found[1] : "";
  }

  function resolve(text, lookup) {
    if (!lookup || typeof text !== "string" || !text.trim()) return { unknown: true, candidates: [] };
    var hit = hitOf(lookup.names[normalize(text, false)]);
    var key = normalize(text, true);
    if (!hit) hit = hitOf(lookup.compact[key]);
    var chip = hit ? "" : instanceChip(text);
    if (chip) {
      hit = hitOf(lookup.names[normalize(chip, false)]) || hitOf(lookup.compact[normalize(chip, true)]);
    }
    if (hit) return hit;
    var stem = unrecognisedStem(key);
    if (stem) return { unknown: true, candidates: family(stem, lookup.compact) };
    return { unknown: true, candidates: candidates(key, lookup.compact) };
  }

  root.xpurefResolve = { normalize: normalize, resolve: resolve };
})(typeof self !== "undefined" ? self : this);
