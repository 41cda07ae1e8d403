#!/usr/bin/env node
// Prints one closing line for the whole test suite, summed over every package's
// vitest JSON report (test-results/vitest.json): "tests: N passed, N failed".
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(fileURLToPath(new URL(".", import.meta.url)), "..");
let passed = 0;
let failed = 0;
let skipped = 0;
const lines = [];
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
  }
}
if (lines.length === 0) {
  console.error("No test reports found: did the tests run?");
  process.exit(1);
}
console.log(lines.join("\n"));
console.log(`tests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ""}`);
process.exit(failed > 0 ? 1 : 0);
