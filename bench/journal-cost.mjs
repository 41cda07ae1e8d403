// What the tool-call journal and fencing cost per tool call, with the in-memory store.
//
// A stored run writes each call's intent before the call starts and its outcome after,
// and every write carries the claim's fencing token. This script times runs of STEPS
// steps (each step one model turn that calls CALLS instant tools, one batch) with the
// memory store and without storage, and prints the time per tool call of each and
// their difference (what storing a run costs per call: checkpoints, usage records, the
// journal).
//
// With `--against <checkout>` it also times a second build (another checkout of this
// repository, built: say one from before the journal); the last line is the journal's
// cost: this build's stored-minus-unstored time per call minus the other build's.
//
// Every figure comes from fresh Node processes (PROCESSES per kind, default 8), and the
// kinds take turns in a rotating order so that a change in the machine's load spreads
// over all of them. Each process warms up (at least 20,000 tool calls), then takes SAMPLES samples of 10 runs and
// reports their median; the table shows the median of the processes. (One process
// timing both builds side by side measured each build's code after the other's had
// run, which skewed the figures by more than what is measured.)
//
// With `--paired`, each process times stored and unstored runs of one build in turns (a process's
// fast or slow mode then moves both alike), and a build's figure is the median over its processes
// of their difference.
//
//   node bench/journal-cost.mjs [steps=10] [calls=1] [processes=8] [--against <checkout>] [--samples 150] [--paired]
//
// Prints a table, each process's median, then one JSON line: { steps, calls, builds:
// { <name>: { none, store } }, usPerCallAddedByJournal?, usPerCallAddedByJournalFastest? }
// (µs per tool call; the last from the fastest process of each kind).
import { execFileSync } from "node:child_process";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { loadJournalRuns } from "./journal-runs.mjs";

const args = process.argv.slice(2);
/** Removes `--name value` from the arguments and returns the value. */
const option = (name) => {
  const at = args.indexOf(name);
  return at >= 0 ? args.splice(at, 2)[1] : undefined;
};
const child = option("--child");
const mode = option("--mode");
const againstOption = option("--against");
const against = againstOption === undefined ? undefined : resolve(againstOption);
const SAMPLES = Number(option("--samples") ?? 150);
const [STEPS, CALLS, PROCESSES] = [Number(args[0] ?? 10), Number(args[1] ?? 1), Number(args[2] ?? 8)];
const RUNS_PER_SAMPLE = 10;
/**
 * Warm-up: at least 50 samples and at least 20,000 tool calls, so that the code of every
 * kind is optimized before it is timed (with one call per run, 50 samples are only
 * 500 calls, and a build whose stored path holds more code would be timed while V8
 * still compiles it).
 */
const WARM_UP_SAMPLES = Math.max(50, Math.ceil(20_000 / (RUNS_PER_SAMPLE * STEPS * CALLS)));
const here = join(dirname(fileURLToPath(import.meta.url)), "..");

/** Microseconds per tool call of RUNS_PER_SAMPLE runs of `runs` (see loadJournalRuns), stored or not stored. */
async function sample(runs, stored) {
  const start = performance.now();
  await runs(RUNS_PER_SAMPLE, stored);
  return ((performance.now() - start) * 1000) / (RUNS_PER_SAMPLE * STEPS * CALLS);
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

if (child !== undefined) {
  // One process of one kind: warm up, then print the median of SAMPLES samples.
  const runs = await loadJournalRuns(child, STEPS, CALLS);
  if (mode === "paired") {
    // Stored and unstored samples taking turns in one process: its mode (fast or slow) moves both alike.
    const none = [];
    const store = [];
    for (let i = 0; i < WARM_UP_SAMPLES + SAMPLES; i++) {
      const unstored = await sample(runs, false);
      const stored = await sample(runs, true);
      if (i < WARM_UP_SAMPLES) continue;
      none.push(unstored);
      store.push(stored);
    }
    console.log(JSON.stringify({ none: median(none), store: median(store) }));
    process.exit(0);
  }
  const values = [];
  for (let i = 0; i < WARM_UP_SAMPLES + SAMPLES; i++) {
    const value = await sample(runs, mode === "store");
    if (i >= WARM_UP_SAMPLES) values.push(value);
  }
  console.log(JSON.stringify(median(values)));
  process.exit(0);
}

const builds = { this: here, ...(against ? { against } : {}) };
if (args.includes("--paired")) {
  // Each process times both kinds of runs of one build, in turns; a build's figure is the median over its processes
  // of stored − unstored, so a process's mode, which moves both, drops out.
  const differences = Object.fromEntries(Object.keys(builds).map((name) => [name, []]));
  for (let round = 0; round < PROCESSES; round++) {
    const names = Object.keys(builds);
    for (const name of round % 2 ? names.reverse() : names) {
      const out = execFileSync(
        process.execPath,
        [fileURLToPath(import.meta.url), String(STEPS), String(CALLS), "--child", builds[name], "--mode", "paired", "--samples", String(SAMPLES)],
        { encoding: "utf8" },
      );
      const { none, store } = JSON.parse(out.trim().split("\n").at(-1));
      differences[name].push({ none, store });
    }
  }
  console.log(`${STEPS} steps of ${CALLS} instant tool call(s); ${PROCESSES} processes per build, each timing stored and unstored runs in turns`);
  console.log("| build   | stored − unstored (median of processes) |");
  console.log("| ------- | --------------------------------------- |");
  const result = { steps: STEPS, calls: CALLS, paired: {} };
  for (const [name, pairs] of Object.entries(differences)) {
    result.paired[name] = median(pairs.map(({ none, store }) => store - none));
    console.log(`| ${name.padEnd(7)} | ${result.paired[name].toFixed(2).padStart(39)} |`);
    console.log(`  ${name}: ${pairs.map(({ none, store }) => `${store.toFixed(1)}−${none.toFixed(1)}`).join(" ")}`);
  }
  if (against) {
    result.usPerCallAddedByJournal = result.paired.this - result.paired.against;
    console.log(`journal and fencing (this build's stored − unstored minus ${against}'s): ${result.usPerCallAddedByJournal.toFixed(2)} µs per tool call`);
  }
  console.log(JSON.stringify(result));
  process.exit(0);
}
const kinds = Object.keys(builds).flatMap((name) => [
  [name, "none"],
  [name, "store"],
]);
const samples = new Map(kinds.map(([name, kind]) => [`${name} ${kind}`, []]));
for (let round = 0; round < PROCESSES; round++) {
  // Rotate the order, so no kind always follows the same one.
  const order = kinds.map((_, i) => kinds[(i + round) % kinds.length]);
  for (const [name, kind] of order) {
    const out = execFileSync(
      process.execPath,
      [fileURLToPath(import.meta.url), String(STEPS), String(CALLS), "--child", builds[name], "--mode", kind, "--samples", String(SAMPLES)],
      { encoding: "utf8" },
    );
    samples.get(`${name} ${kind}`).push(Number(out.trim().split("\n").at(-1)));
  }
}

const result = { steps: STEPS, calls: CALLS, builds: {} };
console.log(
  `${STEPS} steps of ${CALLS} instant tool call(s); ${PROCESSES} processes per kind, each the median of ${SAMPLES} samples of ${RUNS_PER_SAMPLE} runs; µs per tool call (median of the processes)`,
);
console.log("| build   | without storage | memory store | stored − unstored |");
console.log("| ------- | --------------- | ------------ | ----------------- |");
for (const name of Object.keys(builds)) {
  const none = median(samples.get(`${name} none`));
  const store = median(samples.get(`${name} store`));
  result.builds[name] = { none, store };
  console.log(`| ${name.padEnd(7)} | ${none.toFixed(2).padStart(15)} | ${store.toFixed(2).padStart(12)} | ${(store - none).toFixed(2).padStart(17)} |`);
}
// Each process's median, so that a process in a slow or fast mode shows.
for (const [kind, values] of samples) console.log(`${kind.padEnd(14)} ${values.map((value) => value.toFixed(1)).join(" ")}`);
if (against) {
  const added = (name) => result.builds[name].store - result.builds[name].none;
  result.usPerCallAddedByJournal = added("this") - added("against");
  console.log(`journal and fencing (this build's stored − unstored minus ${against}'s): ${result.usPerCallAddedByJournal.toFixed(2)} µs per tool call`);
  // A process lands in a fast or a slow mode (the slow one 1.5–2× slower, for either build): the fastest process
  // of each kind is the figure the modes do not move, as noise only ever adds time.
  const fastest = (name, kind) => Math.min(...samples.get(`${name} ${kind}`));
  const addedFastest = (name) => fastest(name, "store") - fastest(name, "none");
  result.usPerCallAddedByJournalFastest = addedFastest("this") - addedFastest("against");
  console.log(`the same from the fastest process of each kind: ${result.usPerCallAddedByJournalFastest.toFixed(2)} µs per tool call`);
}
console.log(JSON.stringify(result));
