#!/usr/bin/env node
// What the OpenTelemetry sink costs a run when no OpenTelemetry SDK is registered.
//
// Runs one scripted agent (two model calls, two parallel tools) with `run()` of
// @baton/loop many times, in interleaved rounds, in three setups:
//   no sink     — no event consumer at all (the loop skips building events)
//   no-op sink  — `{ emit() {} }`: events are built and delivered, nothing is done with them
//   otelSink()  — this package's sink with the global (no-op) tracer provider
// and prints the median µs per run of each (over rounds of --runs runs). The sink's own cost is otelSink − no-op sink.
// Pass --sdk to add a column with an SDK tracer that records (in-memory exporter).
//
//   npm run build && node bench/otel.mjs [--runs 200] [--rounds 40] [--sdk]
import { run } from "@baton/loop";
import { fakeTool, scriptedModel } from "@baton/testing";
import { otelSink } from "@baton/otel";

const argValue = (name, fallback) => {
  const index = process.argv.indexOf(name);
  return index >= 0 ? Number(process.argv[index + 1]) : fallback;
};
const RUNS = argValue("--runs", 200);
const ROUNDS = argValue("--rounds", 40);
const WITH_SDK = process.argv.includes("--sdk");

const tools = [fakeTool({ name: "lookup", result: "found" }), fakeTool({ name: "convert", result: { value: 42 } })];
const turns = [
  {
    toolCalls: [
      { name: "lookup", arguments: { q: "a" } },
      { name: "convert", arguments: { n: 1 } },
    ],
    usage: { inputTokens: 40, outputTokens: 8 },
  },
  { text: "Done.", usage: { inputTokens: 60, outputTokens: 2 } },
];

/** One agent run with the given sinks. */
const once = (sinks) => run({ provider: scriptedModel(turns), model: "gpt-bench", input: "hi", tools, sinks });

const setups = [
  ["no sink", () => []],
  ["no-op sink", () => [{ emit() {} }]],
  ["otelSink (no SDK)", () => [otelSink()]],
];
if (WITH_SDK) {
  const { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor } = await import("@opentelemetry/sdk-trace-base");
  const exporter = new InMemorySpanExporter();
  const tracer = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] }).getTracer("bench");
  setups.push(["otelSink (SDK, recording)", () => (exporter.reset(), [otelSink({ tracer })])]);
}

/** µs per run of `runs` runs of one setup. */
async function measure(makeSinks, runs) {
  const sinks = makeSinks();
  const started = process.hrtime.bigint();
  for (let i = 0; i < runs; i++) await once(sinks);
  return Number(process.hrtime.bigint() - started) / 1e3 / runs;
}

// Warm up every path.
for (const [, makeSinks] of setups) await measure(makeSinks, Math.max(50, RUNS / 10));

// Many short rounds, the setups in a rotating order within each, so that a change in
// the machine's load (a shared machine) weighs on every setup alike; medians are kept.
const samples = setups.map(() => []);
for (let round = 0; round < ROUNDS; round++) {
  for (let k = 0; k < setups.length; k++) {
    const index = (round + k) % setups.length;
    samples[index].push(await measure(setups[index][1], RUNS));
  }
}
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

console.log(`@baton/otel sink overhead: ${RUNS} runs × ${ROUNDS} rounds (2 model calls, 2 parallel tools per run), Node ${process.version}`);
console.log("");
console.log("| setup | µs/run (median) | min | max |");
console.log("| --- | ---: | ---: | ---: |");
for (const [index, [name]] of setups.entries()) {
  const values = samples[index];
  console.log(`| ${name} | ${median(values).toFixed(1)} | ${Math.min(...values).toFixed(1)} | ${Math.max(...values).toFixed(1)} |`);
}
const noop = median(samples[1]);
const otel = median(samples[2]);
console.log("");
console.log(`otelSink (no SDK) − no-op sink: ${(otel - noop).toFixed(1)} µs/run (${(((otel - noop) / noop) * 100).toFixed(1)}%)`);
