// What a stored run costs on each storage adapter, with the storage's one-call write of a
// checkpoint and the journal entries that go with it (`saveCheckpointWithJournal`) and
// with the two written apart (the storage given to the run without it).
//
// Runs of STEPS steps, each one model turn calling CALLS instant tools (so what is timed
// is the run's storage traffic: its claim, its checkpoints, its journal, its usage). The
// two ways take turns, a round of ROUNDS_RUNS runs each, for BUDGET ms per adapter after
// a warm-up; the figures are medians of the rounds. Storage calls are counted on the side
// (a view of the storage that counts, whose one-call write stays usable).
//
//   node bench/stored-run.mjs [adapters=memory,sqlite,postgres,redis] [steps=10] [calls=1]
//   BENCH_STORED_RUN_BUDGET_MS (default 6000), BATON_BENCH_POSTGRES_URL, BATON_BENCH_REDIS_URL
//
// Prints a table, then one JSON line per adapter: { adapter, steps, calls, oneCall: { ms,
// storageCalls }, apart: { ms, storageCalls } } (ms per run, storage calls per run), or
// { adapter, skipped } when its server cannot be reached.
import { defineCheckpointWithJournal } from "@baton/core/storage-kit";
import { run } from "@baton/loop";
import { instantTool, median, toolCallingModel } from "./instant-agent.mjs";
import { ADAPTERS, openStorage } from "./open-storage.mjs";

const adapters = (process.argv[2] ?? ADAPTERS.join(",")).split(",");
const STEPS = Number(process.argv[3] ?? 10);
const CALLS = Number(process.argv[4] ?? 1);
const BUDGET_MS = Number(process.env.BENCH_STORED_RUN_BUDGET_MS ?? 6_000);
const ROUND_RUNS = 10;
const provider = toolCallingModel("noop", CALLS);

/** A view of `storage` that counts its calls into `counts`, keeping its one-call write usable (made for the view). */
function counting(storage, counts) {
  const view = {};
  for (const [name, value] of Object.entries(storage)) {
    view[name] =
      typeof value === "function" && name !== "saveCheckpointWithJournal"
        ? (...args) => {
            counts.calls++;
            return value.apply(storage, args);
          }
        : value;
  }
  if (storage.saveCheckpointWithJournal !== undefined) {
    view.saveCheckpointWithJournal = defineCheckpointWithJournal(view, (...args) => {
      counts.calls++;
      return storage.saveCheckpointWithJournal(...args);
    });
  }
  return view;
}

let runIds = 0;
/** Runs `count` stored runs on `storage`; ms per run. */
async function rounds(storage, count) {
  const start = performance.now();
  for (let i = 0; i < count; i++) {
    const result = await run({
      provider,
      model: "instant",
      input: "Go.",
      tools: [instantTool],
      maxIterations: STEPS,
      toolCallLimit: 1e9,
      storage,
      runId: `stored-run-${process.pid}-${runIds++}`,
    });
    if (result.iterations !== STEPS || !result.persisted) throw new Error(`unexpected run: ${result.stopReason}, persisted ${result.persisted}`);
  }
  return (performance.now() - start) / count;
}

const rows = [];
for (const adapter of adapters) {
  const opened = await openStorage(adapter);
  if (opened.skipped) {
    rows.push({ adapter, skipped: opened.skipped });
    continue;
  }
  try {
    if (opened.storage.saveCheckpointWithJournal === undefined) throw new Error(`the ${adapter} storage has no saveCheckpointWithJournal`);
    const ways = {
      oneCall: { counts: { calls: 0 }, runs: 0, ms: [] },
      apart: { counts: { calls: 0 }, runs: 0, ms: [] },
    };
    ways.oneCall.storage = counting(opened.storage, ways.oneCall.counts);
    ways.apart.storage = { ...counting(opened.storage, ways.apart.counts), saveCheckpointWithJournal: undefined };
    // Warm-up, then rounds taking turns until the budget is spent.
    for (const way of Object.values(ways)) await rounds(way.storage, 20);
    for (const way of Object.values(ways)) way.counts.calls = 0;
    const end = performance.now() + BUDGET_MS;
    while (performance.now() < end || ways.apart.ms.length < 5) {
      for (const way of Object.values(ways)) {
        way.ms.push(await rounds(way.storage, ROUND_RUNS));
        way.runs += ROUND_RUNS;
      }
    }
    const figures = (way) => ({ ms: median(way.ms), storageCalls: way.counts.calls / way.runs });
    rows.push({ adapter, steps: STEPS, calls: CALLS, oneCall: figures(ways.oneCall), apart: figures(ways.apart) });
  } finally {
    await opened.cleanUp();
  }
}

console.log(`runs of ${STEPS} steps × ${CALLS} instant tool call(s); ms per run (median of rounds of ${ROUND_RUNS} runs), storage calls per run`);
console.log("| adapter | storage calls: one-call / apart | ms per run: one-call / apart | saved per run |");
console.log("| --- | --- | --- | --: |");
for (const row of rows) {
  if (row.skipped) {
    console.log(`| ${row.adapter} | skipped: ${row.skipped} | | |`);
    continue;
  }
  const { oneCall, apart } = row;
  console.log(
    `| ${row.adapter} | ${oneCall.storageCalls.toFixed(1)} / ${apart.storageCalls.toFixed(1)} | ${oneCall.ms.toFixed(3)} / ${apart.ms.toFixed(3)} | ${(apart.ms - oneCall.ms).toFixed(3)} ms (${(((apart.ms - oneCall.ms) / apart.ms) * 100).toFixed(0)} %) |`,
  );
}
for (const row of rows) console.log(JSON.stringify(row));
