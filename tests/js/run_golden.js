// Run the golden check under Node: node run_golden.js TABLES_JS CALC_JS GOLDEN_JSON -> a JSON report.
// TABLES_JS is the build's generated xpuref-tables.js, which xpuref-calc.js reads.
// The report holds the checker's {checked, failures} and the calc module's exported names and
// constants, so the Python side can compare them with xpuref.calc without a browser.
"use strict";
const fs = require("fs");
const path = require("path");

const [tablesPath, calcPath, goldenPath] = process.argv.slice(2);
require(path.resolve(tablesPath));
const calc = require(path.resolve(calcPath));
require(path.join(__dirname, "golden_check.js"));
const golden = JSON.parse(fs.readFileSync(goldenPath, "utf8"));
const result = globalThis.xpurefGoldenCheck(calc, golden);
const constants = {};
for (const name of Object.keys(calc)) {
  if (typeof calc[name] !== "function") constants[name] = calc[name];
}
process.stdout.write(JSON.stringify({
  checked: result.checked,
  failures: result.failures,
  exported: Object.keys(calc),
  constants: constants,
}));
