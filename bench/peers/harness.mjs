// The measures every framework file of bench/peers runs. A framework file hands
// `main()` an adapter that builds, through the framework's public interface, four
// kinds of run (see README.md); this file times them the same way for everyone,
// checks what the runs did (tool calls counted here, outside the framework) and
// prints one line of JSON.
//
//   node --expose-gc bench/peers/<framework>.mjs loop <N>            µs per loop iteration
//   node --expose-gc bench/peers/<framework>.mjs turn                µs per one-turn run
//   node --expose-gc bench/peers/<framework>.mjs stream <D>          text deltas per second
//   node --expose-gc bench/peers/<framework>.mjs concurrent <RUNS>   wall ms and heap in flight
//
// An adapter: { name, package?, async load() → { loopRunner(n, noop), turnRunner(), streamRunner(d), threeToolsRunner({ a, b, c }) } }
// (`package`: the npm package whose version is reported).
// - loopRunner(n, noop) → async () => void: one run of n iterations; every iteration is one
//   model call asking for the tool `noop` (call `noop()` to execute it), then its result.
// - turnRunner() → async () => string: one run whose model answers "done" in its first turn
//   (no tool, not streamed); resolves with the final text. The fixed cost of a run.
// - streamRunner(d) → async () => number: one model turn streaming d one-word text deltas
//   through the framework's streaming interface; resolves with the deltas the consumer got.
// - threeToolsRunner({ a, b, c }) → async () => string: one run whose model calls tool a,
//   then b, then c (one per turn; each is an async function), then answers "done";
//   resolves with the final text. Fake models decide their turn from the request (how
//   many tool results it holds), so one model serves every concurrent run.

import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { dirname, join } from "node:path";

/** The version of an installed package, found from its resolved entry point (exports maps may hide package.json). */
export function versionOf(name) {
  let dir = dirname(fileURLToPath(import.meta.resolve(name)));
  for (;;) {
    try {
      const pkg = JSON.parse(readFileSync(join(dir, "package.json"), "utf8"));
      if (pkg.name === name) return pkg.version;
    } catch {}
    const parent = dirname(dir);
    if (parent === dir) return "unknown";
    dir = parent;
  }
}

/** Median of numbers. */
export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** The answer of the last turn of a three-tool run. */
export const FINAL_TEXT = "done";
/** The one-word delta the streaming models send. */
export const DELTA = "w ";
/** The tools of a three-tool run, in call order. */
export const THREE_TOOLS = ["a", "b", "c"];

const WARMUP_MS = Number(process.env.PEERS_WARMUP_MS ?? 500);
const BUDGET_MS = Number(process.env.PEERS_BUDGET_MS ?? 1500);

/** Runs `once` for at least `ms` and `min` times (JIT warm-up); returns how many times. */
async function warmUp(once, ms = WARMUP_MS, min = 3) {
  const end = performance.now() + ms;
  let runs = 0;
  for (; runs < min || performance.now() < end; runs++) await once();
  return runs;
}

async function measureLoop(impl, iterations) {
  let calls = 0;
  const noop = () => {
    calls++;
    return 1;
  };
  const runOnce = impl.loopRunner(iterations, noop);
  const checked = async () => {
    const before = calls;
    await runOnce();
    if (calls - before !== iterations) throw new Error(`a ${iterations}-iteration run executed ${calls - before} tool calls`);
  };
  const warmStart = performance.now();
  const warmRuns = await warmUp(checked);
  const msPerRun = (performance.now() - warmStart) / warmRuns;
  // Samples of about 2,000 iterations each (fewer when runs are slow: at most ~200 ms a
  // sample, at least one run), for at least the budget and 5 samples.
  const runsPerSample = Math.max(1, Math.min(Math.round(2000 / iterations), Math.round(200 / msPerRun)));
  const samples = [];
  const end = performance.now() + BUDGET_MS;
  while (performance.now() < end || samples.length < 5) {
    const start = performance.now();
    for (let i = 0; i < runsPerSample; i++) await checked();
    samples.push(((performance.now() - start) * 1000) / (runsPerSample * iterations));
  }
  return { iterations, usPerIteration: median(samples), samples: samples.length };
}

async function measureTurn(impl) {
  const runOnce = impl.turnRunner();
  const checked = async () => {
    const text = await runOnce();
    if (text !== FINAL_TEXT) throw new Error(`a one-turn run ended with ${JSON.stringify(text)}`);
  };
  await warmUp(checked);
  // Samples of 2,000 runs, for at least the budget and 5 samples.
  const samples = [];
  const end = performance.now() + BUDGET_MS;
  while (performance.now() < end || samples.length < 5) {
    const start = performance.now();
    for (let i = 0; i < 2000; i++) await checked();
    samples.push(((performance.now() - start) * 1000) / 2000);
  }
  return { usPerRun: median(samples), samples: samples.length };
}

async function measureStream(impl, deltas) {
  const runOnce = impl.streamRunner(deltas);
  const timed = async () => {
    const start = performance.now();
    const got = await runOnce();
    const ms = performance.now() - start;
    if (got !== deltas) throw new Error(`the consumer got ${got} of ${deltas} text deltas`);
    return ms;
  };
  await warmUp(timed, WARMUP_MS, 2);
  const rates = [];
  const end = performance.now() + BUDGET_MS;
  while (performance.now() < end || rates.length < 5) rates.push((deltas / (await timed())) * 1000);
  return { deltas, deltasPerSecond: median(rates), samples: rates.length };
}

/**
 * A three-tool runner of `impl` (see the adapter above) whose tool b waits at one gate:
 * `waiting` resolves once `runs` runs are there, `release()` opens the gate, and b then
 * answers with `tools.b()`. For measuring what runs in flight hold.
 */
export function gatedThreeToolsRunner(impl, runs, tools) {
  let release;
  const gate = new Promise((resolve) => (release = resolve));
  let arrived = 0;
  let allArrived;
  const waiting = new Promise((resolve) => (allArrived = resolve));
  const one = impl.threeToolsRunner({
    ...tools,
    b: async () => {
      if (++arrived === runs) allArrived();
      await gate;
      return tools.b();
    },
  });
  return { one, waiting, release };
}

async function measureConcurrent(impl, runs) {
  if (typeof globalThis.gc !== "function") throw new Error("run with node --expose-gc");
  const counts = { a: 0, b: 0, c: 0 };
  const instant = (name) => async () => (counts[name]++, name);
  const runOnce = impl.threeToolsRunner({ a: instant("a"), b: instant("b"), c: instant("c") });

  /** Starts `runs` runs at once; returns them and a check of their outcome. */
  function pass(start = runOnce) {
    const before = { ...counts };
    const pending = [];
    for (let i = 0; i < runs; i++) pending.push(start());
    return { pending, check: (texts) => check(texts, before) };
  }
  function check(texts, before) {
    const wrong = texts.filter((text) => text !== FINAL_TEXT).length;
    if (wrong) throw new Error(`${wrong} of ${runs} runs did not end with "${FINAL_TEXT}" (first: ${JSON.stringify(texts.find((t) => t !== FINAL_TEXT))})`);
    for (const name of THREE_TOOLS) {
      if (counts[name] - before[name] !== runs) throw new Error(`tool ${name} ran ${counts[name] - before[name]} times for ${runs} runs`);
    }
  }

  // Warm-up: a small pass, then whole passes until 3 are done and 1 s has passed (the
  // JIT takes a few passes of concurrent runs to settle: the first ones run 2–5× slower).
  const warmEnd = performance.now() + 1000;
  for (let round = 0; round < 4 || performance.now() < warmEnd; round++) {
    const size = round === 0 ? Math.min(50, runs) : runs;
    const pending = [];
    for (let i = 0; i < size; i++) pending.push(runOnce());
    await Promise.all(pending);
  }

  // Wall time: 5 passes, median. No forced GC before a pass: a full collection there
  // (gc() of --expose-gc) made the next pass up to twice as slow for some frameworks.
  const walls = [];
  for (let i = 0; i < 5; i++) {
    const start = performance.now();
    const { pending, check } = pass();
    check(await Promise.all(pending));
    walls.push(performance.now() - start);
  }

  // Heap in flight: tool b of every run waits at one gate.
  const { one: gated, waiting: everyoneWaiting, release } = gatedThreeToolsRunner(impl, runs, { a: instant("a"), b: instant("b"), c: instant("c") });
  // The gated runner (and whatever the framework builds for its tools) exists before the
  // first reading: only what the runs in flight hold is counted.
  globalThis.gc();
  globalThis.gc();
  const heapBefore = process.memoryUsage().heapUsed;
  const { pending, check: checkGated } = pass(gated);
  await everyoneWaiting;
  globalThis.gc();
  globalThis.gc();
  const heapAtGate = process.memoryUsage().heapUsed;
  release();
  checkGated(await Promise.all(pending));
  const heapBytes = heapAtGate - heapBefore;
  return { runs, wallMs: median(walls), wallsMs: walls, heapMB: heapBytes / 2 ** 20, heapKiBPerRun: heapBytes / 1024 / runs };
}

/** Runs the measure named on the command line with the adapter, and prints one JSON line. */
export async function main(adapter) {
  const measure = process.argv[2] ?? "loop";
  const defaults = { loop: 200, turn: 1, stream: 20_000, concurrent: 1000 };
  if (!(measure in defaults)) throw new Error(`unknown measure ${measure}: loop, turn, stream or concurrent`);
  const size = Number(process.argv[3] ?? defaults[measure]);
  let version = "—";
  try {
    if (adapter.package) version = versionOf(adapter.package);
  } catch {
    version = "not installed";
  }
  const head = { framework: adapter.name, measure, version };
  let impl;
  try {
    impl = await adapter.load();
  } catch (error) {
    // A peer that cannot be installed or loaded here is reported, not fatal.
    console.log(JSON.stringify({ ...head, unavailable: String(error?.message ?? error).split("\n")[0] }));
    return;
  }
  const measures = { loop: measureLoop, turn: measureTurn, stream: measureStream, concurrent: measureConcurrent };
  const result = await measures[measure](impl, size);
  console.log(JSON.stringify({ ...head, ...result }));
}
