// What the tool-call journal and fencing allocate per tool call, with the in-memory store.
//
// The time figures of `journal-cost.mjs` move by a few µs from one invocation to the
// next on a shared machine; the bytes a run allocates do not. This script counts them:
// runs of STEPS steps (each step one model turn that calls CALLS instant tools), with
// the memory store and without storage, in a process whose young generation is large
// enough that no garbage collection runs while a group of runs is measured, so the
// growth of the heap is what the runs allocated.
//
// With `--against <checkout>` it also measures a second build (another checkout of this
// repository, built: say one from before the journal); the last line is the journal's
// share: this build's stored-minus-unstored bytes per call minus the other build's.
//
//   node bench/journal-bytes.mjs [steps=10] [calls=1] [--against <checkout>]
//
// Prints a table, then one JSON line: { steps, calls, builds: { <name>: { none, store } },
// bytesPerCallAddedByJournal? } (bytes per tool call).
import { execFileSync } from "node:child_process";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { loadJournalRuns } from "./journal-runs.mjs";
import v8 from "node:v8";

const args = process.argv.slice(2);
/** Removes `--name value` from the arguments and returns the value. */
const option = (name) => {
  const at = args.indexOf(name);
  return at >= 0 ? args.splice(at, 2)[1] : undefined;
};
const child = option("--child");
const againstOption = option("--against");
const against = againstOption === undefined ? undefined : resolve(againstOption);
const [STEPS, CALLS] = [Number(args[0] ?? 10), Number(args[1] ?? 1)];
/** Runs per measured group, and groups per kind (the median is kept). */
const RUNS = 100;
const GROUPS = 7;
const here = join(dirname(fileURLToPath(import.meta.url)), "..");

if (child !== undefined) {
  const runs = await loadJournalRuns(child, STEPS, CALLS);
  // Warm up both kinds (at least 20,000 tool calls each), so that optimized code is measured.
  const warmUp = Math.ceil(20_000 / (STEPS * CALLS));
  await runs(warmUp, true);
  await runs(warmUp, false);
  const result = {};
  for (const kind of ["none", "store"]) {
    const values = [];
    for (let group = 0; group < GROUPS; group++) {
      globalThis.gc();
      const before = v8.getHeapStatistics().used_heap_size;
      await runs(RUNS, kind === "store");
      values.push((v8.getHeapStatistics().used_heap_size - before) / (RUNS * STEPS * CALLS));
    }
    values.sort((a, b) => a - b);
    result[kind] = values[GROUPS >> 1];
  }
  console.log(JSON.stringify(result));
  process.exit(0);
}

const builds = { this: here, ...(against ? { against } : {}) };
const result = { steps: STEPS, calls: CALLS, builds: {} };
for (const [name, root] of Object.entries(builds)) {
  // A young generation of 512 MiB: a group of runs allocates far less, so no scavenge runs while one is measured.
  const out = execFileSync(
    process.execPath,
    ["--expose-gc", "--max-semi-space-size=512", fileURLToPath(import.meta.url), String(STEPS), String(CALLS), "--child", root],
    { encoding: "utf8" },
  );
  result.builds[name] = JSON.parse(out.trim().split("\n").at(-1));
}
console.log(`${STEPS} steps of ${CALLS} instant tool call(s); bytes allocated per tool call (median of ${GROUPS} groups of ${RUNS} runs)`);
console.log("| build   | without storage | memory store | stored − unstored |");
console.log("| ------- | --------------- | ------------ | ----------------- |");
const bytes = (value) => Math.round(value).toLocaleString("en-US");
for (const [name, { none, store }] of Object.entries(result.builds)) {
  console.log(`| ${name.padEnd(7)} | ${bytes(none).padStart(15)} | ${bytes(store).padStart(12)} | ${bytes(store - none).padStart(17)} |`);
}
if (against) {
  const added = (name) => result.builds[name].store - result.builds[name].none;
  result.bytesPerCallAddedByJournal = added("this") - added("against");
  console.log(`journal and fencing (this build's stored − unstored minus ${against}'s): ${bytes(result.bytesPerCallAddedByJournal)} bytes per tool call`);
}
console.log(JSON.stringify(result));
