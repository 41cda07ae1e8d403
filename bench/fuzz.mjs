#!/usr/bin/env node
// Long fuzzing of the loop: runs the property test of packages/loop/test/fuzz.property.test.ts
// (random model turns, tool outcomes, abort points; fast-check) for many runs and prints a
// table. Usage: `node bench/fuzz.mjs [runs]` after a build (default 100,000 runs). A failure
// prints fast-check's seed and shrunk counterexample, and the script exits non-zero.
import { spawnSync } from "node:child_process";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const runs = Number(process.argv[2] ?? 100_000);
const loop = join(dirname(fileURLToPath(import.meta.url)), "..", "packages", "loop");
const started = performance.now();
const child = spawnSync(process.execPath, [join(loop, "node_modules", "vitest", "vitest.mjs"), "run", "test/fuzz.property.test.ts", "--reporter=dot"], {
  cwd: loop,
  env: { ...process.env, FUZZ_RUNS: String(runs) },
  encoding: "utf8",
});
const seconds = (performance.now() - started) / 1000;
const passed = child.status === 0;
if (!passed) process.stdout.write(`${child.stdout}\n${child.stderr}\n`);
console.log("| fuzzed runs | violations | time |");
console.log("| --- | --- | --- |");
console.log(`| ${runs.toLocaleString("en-US")} | ${passed ? 0 : "≥ 1 (see above)"} | ${seconds.toFixed(0)} s |`);
process.exitCode = passed ? 0 : 1;
