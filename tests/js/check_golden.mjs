// Check xpuref-calc.js against golden vectors written by xpuref.golden (usage: node check_golden.mjs FILE).
// Prints "checked N cases" and exits 0 when every case matches within the relative tolerance.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import path from "node:path";

const here = path.dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);
const calc = require(path.join(here, "..", "..", "site_overrides", "assets", "js", "xpuref-calc.js"));

function decode(value) {
  if (Array.isArray(value)) return value.map(decode);
  if (value !== null && typeof value === "object") {
    if (Object.keys(value).length === 1 && "$float" in value) {
      return { nan: NaN, inf: Infinity, "-inf": -Infinity }[value.$float];
    }
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, decode(v)]));
  }
  return value;
}

function differences(actual, expected, tolerance, where) {
  if (typeof expected === "number") {
    if (typeof actual !== "number" || !Number.isFinite(actual)) return [`${where}: got ${actual}, want ${expected}`];
    if (actual === expected) return [];
    const scale = Math.max(Math.abs(actual), Math.abs(expected));
    const relative = Math.abs(actual - expected) / scale;
    return relative > tolerance ? [`${where}: got ${actual}, want ${expected} (relative ${relative})`] : [];
  }
  if (expected === null || typeof expected !== "object") {
    return actual === expected ? [] : [`${where}: got ${JSON.stringify(actual)}, want ${JSON.stringify(expected)}`];
  }
  if (actual === null || typeof actual !== "object") return [`${where}: got ${JSON.stringify(actual)}, want an object`];
  const keys = new Set(Object.keys(expected));
  const extra = Object.keys(actual).filter((k) => !keys.has(k) && !Array.isArray(expected));
  const found = extra.length ? [`${where}: unexpected keys ${extra.join(", ")}`] : [];
  if (Array.isArray(expected) && actual.length !== expected.length) found.push(`${where}: length ${actual.length}, want ${expected.length}`);
  for (const key of keys) found.push(...differences(actual[key], expected[key], tolerance, `${where}.${key}`));
  return found;
}

function run(file) {
  const golden = JSON.parse(readFileSync(file, "utf8"));
  const tolerance = golden.tolerance;
  const failures = [];
  let checked = 0;
  golden.cases.forEach((item, index) => {
    const label = `#${index} ${item.fn}(${JSON.stringify(item.args).slice(0, 120)}, ${JSON.stringify(item.kwargs)})`;
    const fn = calc[item.fn];
    checked += 1;
    if (typeof fn !== "function") {
      failures.push(`${label}: no such function in xpuref-calc.js`);
      return;
    }
    let result;
    let error = null;
    try {
      result = fn(...decode(item.args), decode(item.kwargs));
    } catch (exc) {
      error = exc;
    }
    if ("error" in item) {
      if (error === null) failures.push(`${label}: expected an error naming ${item.error}, got ${JSON.stringify(result)}`);
      else if (!(error instanceof calc.CalcError)) failures.push(`${label}: threw ${error} instead of CalcError`);
      else if (error.argument !== item.error) failures.push(`${label}: error names ${error.argument}, want ${item.error} (${error.message})`);
      return;
    }
    if (error !== null) {
      failures.push(`${label}: threw ${error && error.message}`);
      return;
    }
    failures.push(...differences(result, item.expect, tolerance, label));
  });
  for (const line of failures.slice(0, 50)) console.error(line);
  if (failures.length > 50) console.error(`... and ${failures.length - 50} more`);
  console.log(`checked ${checked} cases, ${failures.length} failures`);
  return failures.length === 0 && checked === golden.cases.length ? 0 : 1;
}

if (process.argv.length !== 3) {
  console.error("usage: node check_golden.mjs GOLDEN.json");
  process.exit(2);
}
process.exit(run(process.argv[2]));
