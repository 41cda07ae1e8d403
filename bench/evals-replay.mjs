#!/usr/bin/env node
// Record and replay (@baton/evals, issue 27): a 50-turn run on a scripted model (each
// turn one tool call and a line of text, then an answer) recorded, and replayed from
// its JSON (writeRecording) with readRecording, replayModel and replayTools.
//
//   node --expose-gc bench/evals-replay.mjs [turns]
//
// Prints a table, then one JSON line: the replay's median time per run (target < 50 ms
// for 50 turns) and the recording's added cost per event (target ≤ 1 µs), measured as
// the difference between runs with the recorder and runs with a plain onEvent callback.
import { createRecorder, readRecording, replayModel, replayTools, writeRecording } from "@baton/evals";
import { run } from "@baton/loop";
import { scriptedModel } from "@baton/testing";
import { median } from "./instant-agent.mjs";

const TURNS = Number(process.argv[2] ?? 50);
const SAMPLES = 60;

const lookup = {
  name: "lookup",
  description: "Looks a number up.",
  parameters: { type: "object", properties: { n: { type: "number" } }, required: ["n"] },
  execute: async ({ n }) => ({ n, square: n * n }),
};

/**
 * The scripted turns: TURNS tool-calling turns, then the answer. Each gives its usage:
 * without it, the scripted model estimates input tokens from the whole history's JSON
 * on every call, which would be most of what is measured.
 */
function turns() {
  const list = [];
  const usage = (n) => ({ inputTokens: 100 + 40 * n, outputTokens: 12 });
  for (let n = 1; n <= TURNS; n++) list.push({ text: `Looking ${n} up.`, toolCalls: [{ id: `c${n}`, name: "lookup", arguments: { n } }], usage: usage(n) });
  list.push({ text: `Done after ${TURNS} lookups.`, usage: usage(TURNS + 1) });
  return list;
}

const options = { model: "m", instructions: "You look numbers up.", input: `Look 1 to ${TURNS} up.`, toolCallLimit: 10 * TURNS, maxIterations: 10 * TURNS };

async function plainRun() {
  let events = 0;
  await run({ ...options, provider: scriptedModel(turns()), tools: [lookup], onEvent: () => void events++ });
  return events;
}

async function recordedRun() {
  const recorder = createRecorder();
  await run({ ...options, provider: recorder.provider(scriptedModel(turns())), tools: recorder.tools([lookup]), onEvent: recorder.onEvent });
  return recorder;
}

async function timed(fn) {
  globalThis.gc?.();
  const start = performance.now();
  await fn();
  return performance.now() - start;
}

// Warm up every path.
for (let i = 0; i < 5; i++) {
  await plainRun();
  await recordedRun();
}
const events = await plainRun();
const json = writeRecording((await recordedRun()).recording());

// Plain and recorded runs alternate; the recording's cost is the median of each pair's difference.
const plain = [];
const recorded = [];
const added = [];
for (let i = 0; i < SAMPLES; i++) {
  plain.push(await timed(plainRun));
  recorded.push(await timed(recordedRun));
  added.push(recorded[i] - plain[i]);
}
const replayed = [];
for (let i = 0; i < SAMPLES; i++) {
  replayed.push(
    await timed(async () => {
      const read = readRecording(json);
      const model = replayModel(read);
      const result = await run({ ...options, provider: model, tools: replayTools(read, [lookup]) });
      if (model.divergences.length > 0 || result.text !== `Done after ${TURNS} lookups.`)
        throw new Error(`the replay diverged: ${model.firstDivergence?.description ?? result.text} ${result.stopReason} ${result.error?.message}`);
    }),
  );
}

const replayMs = median(replayed);
const overheadUs = (median(added) * 1000) / events;
const rows = [
  ["run", `${TURNS} turns, ${TURNS} tool calls, ${events} events`],
  ["recording (JSON)", `${(json.length / 1024).toFixed(1)} KiB`],
  ["live run, plain onEvent", `${median(plain).toFixed(2)} ms`],
  ["live run, recorded", `${median(recorded).toFixed(2)} ms`],
  ["recording's cost per event", `${overheadUs.toFixed(2)} µs (target ≤ 1 µs)`],
  ["replay from JSON (read, replay model and tools)", `${replayMs.toFixed(2)} ms (target < 50 ms)`],
];
const width = Math.max(...rows.map(([label]) => label.length));
for (const [label, value] of rows) console.log(`${label.padEnd(width)}  ${value}`);
console.log(JSON.stringify({ turns: TURNS, events, recordingBytes: json.length, replayMs, recordingUsPerEvent: overheadUs }));
