// Check xpuref-calc.js against golden vectors written by xpuref.devtools.golden, in the browser.
// Defines xpurefGoldenCheck(calc, golden) -> {checked, failures}; non-finite floats travel as
// {"$float": "inf" | "-inf" | "nan"} in arguments and in expected results alike.
(function () {
  "use strict";

  function decode(value) {
    if (Array.isArray(value)) return value.map(decode);
    if (value !== null && typeof value === "object") {
      if (Object.keys(value).length === 1 && "$float" in value) {
        return { nan: NaN, inf: Infinity, "-inf": -Infinity }[value.$float];
      }
      var out = {};
      Object.keys(value).forEach(function (k) { out[k] = decode(value[k]); });
      return out;
    }
    return value;
  }

  function differences(actual, expected, tolerance, where) {
    if (typeof expected === "number") {
      if (typeof actual !== "number") return [where + ": got " + actual + ", want " + expected];
      if (actual === expected || (isNaN(actual) && isNaN(expected))) return [];
      if (!isFinite(actual) || !isFinite(expected)) return [where + ": got " + actual + ", want " + expected];
      var scale = Math.max(Math.abs(actual), Math.abs(expected));
      var relative = Math.abs(actual - expected) / scale;
      return relative > tolerance ? [where + ": got " + actual + ", want " + expected + " (relative " + relative + ")"] : [];
    }
    if (expected === null || typeof expected !== "object") {
      return actual === expected ? [] : [where + ": got " + JSON.stringify(actual) + ", want " + JSON.stringify(expected)];
    }
    if (actual === null || typeof actual !== "object") return [where + ": got " + JSON.stringify(actual) + ", want an object"];
    var found = [];
    if (Array.isArray(expected)) {
      if (!Array.isArray(actual) || actual.length !== expected.length) {
        return [where + ": got " + JSON.stringify(actual) + ", want " + expected.length + " items"];
      }
    } else {
      var extra = Object.keys(actual).filter(function (k) { return !(k in expected); });
      if (extra.length) found.push(where + ": unexpected keys " + extra.join(", "));
    }
    Object.keys(expected).forEach(function (key) {
      found.push.apply(found, differences(actual[key], expected[key], tolerance, where + "." + key));
    });
    return found;
  }

  function check(calc, golden) {
    var failures = [];
    var checked = 0;
    golden.cases.forEach(function (item, index) {
      var label = "#" + index + " " + item.fn + "(" + JSON.stringify(item.args).slice(0, 120) + ", " +
        JSON.stringify(item.kwargs) + ")";
      var fn = calc[item.fn];
      checked += 1;
      if (typeof fn !== "function") { failures.push(label + ": no such function in xpuref-calc.js"); return; }
      var result;
      var error = null;
      try {
        result = fn.apply(null, decode(item.args).concat([decode(item.kwargs)]));
      } catch (exc) {
        error = exc;
      }
      if ("error" in item) {
        if (error === null) failures.push(label + ": expected an error naming " + item.error + ", got " + JSON.stringify(result));
        else if (!(error instanceof calc.CalcError)) failures.push(label + ": threw " + error + " instead of CalcError");
        else if (error.argument !== item.error) failures.push(label + ": error names " + error.argument + ", want " + item.error);
        return;
      }
      if (error !== null) { failures.push(label + ": threw " + (error && error.message)); return; }
      failures.push.apply(failures, differences(result, decode(item.expect), golden.tolerance, label));
    });
    return { checked: checked, failures: failures };
  }

  globalThis.xpurefGoldenCheck = check;
})();
