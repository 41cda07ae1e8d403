#!/usr/bin/env node
// Prints one closing line for the whole test suite, summed over every package's
// vitest JSON report (test-results/vitest.json): "tests: N passed, N failed". Before it,
// each failed test (and each test file that failed as a whole, a `beforeAll` say) with
// the first lines of its error, so that the end of a long CI log names what failed.
// Usage: node scripts/test-summary.mjs [repository folder]
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { stripVTControlCharacters } from "node:util";

/** Lines of an error message printed under a failed test. */
const MESSAGE_LINES = 6;

/** The repository whose reports are read: the one this script is in, or the folder given as its argument. */
const root = process.argv[2] ?? join(fileURLToPath(new URL(".", import.meta.url)), "..");
let passed = 0;
let failed = 0;
let skipped = 0;
const lines = [];
const failures = [];

/** The first lines of a failure message, indented, without ANSI colours. */
function excerpt(message) {
  return stripVTControlCharacters(message)
    .split("\n")
    .filter((line) => line.trim() !== "")
    .slice(0, MESSAGE_LINES)
    .map((line) => `      ${line}`);
}

for (const group of ["packages", "examples", "tests"]) {
  const dir = join(root, group);
  if (!existsSync(dir)) continue;
  for (const name of readdirSync(dir)) {
    const report = join(dir, name, "test-results", "vitest.json");
    if (!existsSync(report)) continue;
    const data = JSON.parse(readFileSync(report, "utf8"));
    passed += data.numPassedTests;
    failed += data.numFailedTests;
    skipped += data.numPendingTests + (data.numTodoTests ?? 0);
    lines.push(`  ${`${group}/${name}`.padEnd(34)} ${String(data.numPassedTests).padStart(4)} passed, ${data.numFailedTests} failed`);
    for (const file of data.testResults ?? []) {
      const path = relative(root, file.name);
      if (file.status === "failed" && file.message) failures.push(`  ${path}`, ...excerpt(file.message));
      for (const test of file.assertionResults ?? []) {
        if (test.status === "failed") failures.push(`  ${path} > ${test.fullName}`, ...excerpt((test.failureMessages ?? []).join("\n")));
      }
    }
  }
}
if (lines.length === 0) {
  console.error("No test reports found: did the tests run?");
  process.exit(1);
}
console.log(lines.join("\n"));
if (failures.length > 0) console.log(`failed:\n${failures.join("\n")}`);
console.log(`tests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ""}`);
process.exit(failed > 0 ? 1 : 0);
