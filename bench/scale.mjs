// One process under load: 1,000 and 10,000 concurrent three-tool runs (the peer
// harness's scenario: tools a, b, c in three turns, then the answer), their wall time
// and the heap they hold in flight (every run waiting in tool b), and 1,000,000
// sequential one-turn runs with the heap after a full GC every 100,000 (flat: no leak).
// Prints a table, or JSON with --json.
//   node --expose-gc bench/scale.mjs [--sequential N] [--json]
import { batonAdapter } from "./peers/baton-adapter.mjs";
import { FINAL_TEXT, gatedThreeToolsRunner } from "./peers/harness.mjs";
import { median } from "./instant-agent.mjs";

if (typeof globalThis.gc !== "function") throw new Error("run with node --expose-gc");
const flag = process.argv.indexOf("--sequential");
const SEQUENTIAL = flag > 0 ? Number(process.argv[flag + 1]) : 1_000_000;
const runs = await batonAdapter.load();
const instant = (name) => async () => name;

/** Wall ms of `count` concurrent runs: the median of 5 passes, after passes of 1,000 runs for a second (the JIT settles). */
async function wall(count) {
  const one = runs.threeToolsRunner({ a: instant("a"), b: instant("b"), c: instant("c") });
  const pass = async (size) => {
    const start = performance.now();
    const texts = await Promise.all(Array.from({ length: size }, one));
    const ms = performance.now() - start;
    if (texts.some((text) => text !== FINAL_TEXT)) throw new Error("a run did not answer");
    return ms;
  };
  const warmEnd = performance.now() + 1000;
  while (performance.now() < warmEnd) await pass(1000);
  const times = [];
  for (let i = 0; i < 5; i++) times.push(await pass(count));
  return median(times);
}

/** Heap MB held by `count` runs all waiting in tool b (two full GCs before and at the gate). */
async function heldMB(count) {
  const { one, waiting, release } = gatedThreeToolsRunner(runs, count, { a: instant("a"), b: instant("b"), c: instant("c") });
  globalThis.gc();
  globalThis.gc();
  const before = process.memoryUsage().heapUsed;
  const pending = Array.from({ length: count }, one);
  await waiting;
  globalThis.gc();
  globalThis.gc();
  const at = process.memoryUsage().heapUsed;
  release();
  await Promise.all(pending);
  return (at - before) / 2 ** 20;
}

const concurrent = [];
for (const count of [1000, 10_000]) concurrent.push({ runs: count, wallMs: await wall(count), heapMB: await heldMB(count) });

// Sequential runs: the heap after a full GC at every tenth of the way.
const turn = runs.turnRunner();
const heap = [];
const step = SEQUENTIAL / 10;
const started = performance.now();
for (let i = 0; i < SEQUENTIAL; i++) {
  if (i % step === 0) {
    globalThis.gc();
    heap.push(process.memoryUsage().heapUsed / 2 ** 20);
  }
  await turn();
}
globalThis.gc();
heap.push(process.memoryUsage().heapUsed / 2 ** 20);
const sequentialSeconds = (performance.now() - started) / 1000;
// Growth from the second reading (the first is before the JIT and caches settled) to the last.
const growthMB = heap.at(-1) - heap[1];

const result = { concurrent, sequential: { runs: SEQUENTIAL, seconds: sequentialSeconds, heapMB: heap, growthMB } };
if (process.argv.includes("--json")) console.log(JSON.stringify(result));
else {
  const [small, large] = concurrent;
  console.log("| concurrent three-tool runs | wall | heap in flight |");
  console.log("| -------------------------- | ---- | -------------- |");
  for (const row of concurrent) console.log(`| ${row.runs.toLocaleString("en")} | ${row.wallMs.toFixed(1)} ms | ${row.heapMB.toFixed(1)} MB |`);
  console.log(`| ratio 10,000 / 1,000 | ${(large.wallMs / small.wallMs).toFixed(2)}× | ${(large.heapMB / small.heapMB).toFixed(2)}× |`);
  console.log();
  console.log(
    `${SEQUENTIAL.toLocaleString("en")} sequential one-turn runs in ${sequentialSeconds.toFixed(1)} s; heap after a full GC every ${step.toLocaleString("en")} runs (MB):`,
  );
  console.log(heap.map((mb) => mb.toFixed(2)).join(", "));
  console.log(`growth from the second reading to the last: ${growthMB >= 0 ? "+" : ""}${(growthMB * 1024).toFixed(0)} KB`);
}
