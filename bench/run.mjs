#!/usr/bin/env node
// Runs every Baton benchmark in fresh processes (5 each), takes the medians and prints
// a table, then the side-by-side table of bench/peers (Baton and its peers). Usage:
// `npm run bench` from the repository root (builds first), or `node bench/run.mjs`
// after a build.
import { execFileSync } from "node:child_process";
import { cpus, totalmem } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { median } from "./instant-agent.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const PROCESSES = Number(process.env.BENCH_PROCESSES ?? 5);

function measure(script, args = [], nodeArgs = [], processes = PROCESSES) {
  const values = [];
  for (let i = 0; i < processes; i++) {
    const out = execFileSync(process.execPath, [...nodeArgs, join(here, script), ...args], { encoding: "utf8" });
    values.push(JSON.parse(out.trim().split("\n").at(-1)));
  }
  return values;
}

const rows = [];
const it10 = median(measure("loop-overhead.mjs", ["10"]).map((v) => v.usPerIteration));
const it200 = median(measure("loop-overhead.mjs", ["200"]).map((v) => v.usPerIteration));
rows.push(["loop overhead / iteration, 10-iteration runs", `${it10.toFixed(2)} µs`, "< 25 µs", it10 < 25]);
rows.push(["loop overhead / iteration, 200-iteration runs", `${it200.toFixed(2)} µs`, "< 25 µs", it200 < 25]);
const drift = (it200 / it10 - 1) * 100;
rows.push(["flatness: 200 vs 10 iterations", `${drift >= 0 ? "+" : ""}${drift.toFixed(1)} %`, "within ±20 %", Math.abs(drift) <= 20]);
const batch = median(measure("parallel-tools.mjs").map((v) => v.batchMs));
rows.push(["run with a batch of 3 × 100 ms tools", `${batch.toFixed(1)} ms`, "100 ms + ≤ 5 ms", batch - 100 <= 5]);
const memory = median(measure("memory-per-run.mjs", ["500"], ["--expose-gc"]).map((v) => v.bytesPerRun));
rows.push(["heap held per in-flight run (500 paused in a tool)", `${(memory / 1024).toFixed(1)} KiB`, "< 16 KiB", memory < 16 * 1024]);

// Events (issue 3): throughput at 2k, 20k and 200k events, and added latency.
const SIZES = [2_000, 20_000, 200_000];
const rate = (script, args) => median(measure(script, args).map((v) => v.eventsPerSecond));
const kps = (value) => `${Math.round(value / 1000)}k events/s`;
for (const [label, script, mode, target] of [
  ["events in process: stream() to for-await", "events-in-process.mjs", "stream", 500_000],
  ["events in process: EventHub subscription", "events-in-process.mjs", "hub", 500_000],
  ["events over SSE on loopback (sendSse → fetch → decode)", "events-sse.mjs", undefined, 100_000],
]) {
  const rates = SIZES.map((size) => rate(script, mode ? [String(size), mode] : [String(size)]));
  for (const [i, size] of SIZES.entries()) rows.push([`${label}, ${size / 1000}k events`, kps(rates[i]), `≥ ${kps(target)}`, rates[i] >= target]);
  // Linear: the time per added event from 20k to 200k is no more than from 2k to 20k
  // (a fixed cost per run, such as an HTTP request, only shows at the small sizes).
  const ms = SIZES.map((size, i) => (size / rates[i]) * 1000);
  const small = ((ms[1] - ms[0]) / (SIZES[1] - SIZES[0])) * 1000;
  const large = ((ms[2] - ms[1]) / (SIZES[2] - SIZES[1])) * 1000;
  rows.push([
    `${label}: µs per added event, 2k→20k vs 20k→200k`,
    `${small.toFixed(2)} vs ${large.toFixed(2)} µs`,
    "linear: second ≤ first + 25 %",
    large <= small * 1.25,
  ]);
}
for (const mode of ["in-process", "sse"]) {
  const latency = median(measure("event-latency.mjs", [mode]).map((v) => v.medianUs));
  rows.push([`added latency per event, ${mode} (median)`, `${latency.toFixed(1)} µs`, "reported", true]);
}

// Provider adapters (issue 4): time per streamed chunk through the adapter vs the raw SDK stream.
for (const name of ["openai", "anthropic", "google"]) {
  const results = measure(`provider-${name}.mjs`);
  const overhead = median(results.map((v) => v.overheadPercent));
  const raw = median(results.map((v) => v.rawUsPerChunk));
  const adapter = median(results.map((v) => v.adapterUsPerChunk));
  rows.push([
    `@baton/${name}: µs per chunk, raw SDK stream vs adapter`,
    `${raw.toFixed(2)} vs ${adapter.toFixed(2)} µs (${overhead >= 0 ? "+" : ""}${overhead.toFixed(1)} %)`,
    "< 10 % extra",
    overhead < 10,
  ]);
}

// Token engine (issue 5, in progress): counting and context preparation.
const counting = measure("tokens-counting.mjs");
const gpt = (key) => median(counting.map((v) => v["gpt-tokenizer"][key]));
const wasm = (key) => median(counting.map((v) => v.tiktoken[key]));
rows.push([
  "tokens: count a 200-byte message (gpt-tokenizer / tiktoken)",
  `${gpt("usPer200ByteMessage").toFixed(1)} / ${wasm("usPer200ByteMessage").toFixed(1)} µs`,
  "< 30 µs",
  gpt("usPer200ByteMessage") < 30,
]);
rows.push([
  "tokens: counter throughput on 1 MB of real text vs fastest raw tokenizer",
  `${gpt("percentOfFastestRaw").toFixed(0)} %`,
  "≥ 90 %",
  gpt("percentOfFastestRaw") >= 90,
]);
rows.push(["tokens: recount 10,000 messages after appending one", `${gpt("recount10kUs").toFixed(0)} µs`, "< 1 ms", gpt("recount10kUs") < 1000]);
// LangChain's trimMessages takes minutes at 100k messages: it is measured on its own (see BENCHMARKS.md).
process.env.BENCH_SKIP_LANGCHAIN = "1";
const context = measure("tokens-context.mjs");
for (const size of ["1000", "10000", "100000"]) {
  const cold = median(context.map((v) => v.batonOpenAICounter[size].coldMs));
  const warm = median(context.map((v) => v.batonOpenAICounter[size].warmMs));
  rows.push([
    `context: prepare ${Number(size).toLocaleString("en")} messages, OpenAI counter, cold / warm`,
    `${cold.toFixed(1)} / ${warm.toFixed(3)} ms`,
    "< 100 ms / < 1 ms",
    cold < 100 && warm < 1,
  ]);
}

// Storage adapters: appends of a ~1 KB assistant message, and loading a
// 1,000-message conversation. No targets: reported. An adapter whose server does not
// answer (PostgreSQL, Redis) is reported as skipped; the other processes are not started.
for (const adapter of ["memory", "sqlite", "postgres", "redis"]) {
  const first = measure("storage.mjs", [adapter], [], 1)[0];
  if (first.skipped) {
    rows.push([`storage ${adapter}`, `skipped (${first.skipped})`, "reported", null]);
    continue;
  }
  const results = [first, ...measure("storage.mjs", [adapter], [], PROCESSES - 1)];
  const of = (key) => median(results.map((v) => v[key]));
  const perSecond = (value) => `${Math.round(value).toLocaleString("en")}/s`;
  rows.push([
    `storage ${adapter}: appends of one ~1 KB message, sequential / 8 concurrent writers`,
    `${perSecond(of("sequentialPerSecond"))} / ${perSecond(of("parallelPerSecond"))}`,
    "reported",
    true,
  ]);
  rows.push([
    `storage ${adapter}: load 1,000 messages, loadMessages / loadConversationHistory`,
    `${of("loadMs").toFixed(2)} / ${of("historyMs").toFixed(2)} ms`,
    "reported",
    true,
  ]);
}

const widths = [0, 1, 2].map((i) => Math.max(...rows.map((r) => String(r[i]).length), ["benchmark", "result", "target"][i].length));
const line = (cells) => `| ${cells.map((c, i) => String(c).padEnd(widths[i] ?? 4)).join(" | ")} |`;
console.log(
  `Node ${process.version}, ${cpus().length} × ${cpus()[0]?.model ?? "cpu"}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB; medians over ${PROCESSES} processes`,
);
console.log(line(["benchmark", "result", "target", "met"]));
console.log(line(widths.map((w) => "-".repeat(w)).concat("----")));
// met: null when there is nothing to meet (a skipped adapter).
for (const row of rows) console.log(line([row[0], row[1], row[2], row[3] === null ? "—" : row[3] ? "yes" : "NO"]));
if (rows.some((r) => r[3] === false)) process.exitCode = 1;

// Baton side by side with its peers (hand-written floor, Vercel AI SDK, OpenAI Agents):
// its own table, no targets. BENCH_PEERS_RUNS processes per cell (default 3);
// BENCH_SKIP_PEERS=1 leaves it out. See peers/README.md.
if (process.env.BENCH_SKIP_PEERS !== "1") {
  console.log("");
  try {
    execFileSync(process.execPath, [join(here, "peers", "run.mjs"), "--runs", String(process.env.BENCH_PEERS_RUNS ?? 3)], {
      stdio: ["ignore", "inherit", "inherit"],
    });
  } catch (error) {
    console.log(`peers side by side: failed (${error.message.split("\n")[0]})`);
    process.exitCode = 1;
  }
}
