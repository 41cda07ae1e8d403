// What checkpointing costs the loop: runs whose state holds a 100-message history
// (given as input, so every checkpoint carries it), each of STEPS steps calling one
// instant tool, with the in-memory store and without storage, alternating. Prints
// JSON: { messages, steps, usPerStepWithout, usPerStepWithMemoryStore, usPerStepAdded,
// usSerializeState, usJsonStringify, stateBytes } — `usSerializeState` is one
// `serializeRunState` of such a run's state value (what every checkpoint writes; it
// reuses the JSON of messages it wrote before), `usJsonStringify` the same state
// through plain JSON.stringify.
import { run } from "@baton/loop";
import { serializeRunState } from "@baton/core";
import { createMemoryStorage } from "@baton/storage-memory";
import { instantTool, median, toolCallingModel } from "./instant-agent.mjs";

const MESSAGES = Number(process.argv[2] ?? 100);
const STEPS = Number(process.argv[3] ?? 10);
const budgetMs = Number(process.argv[4] ?? 2000);

/** A realistic history: questions and answers of about 200 characters. */
const history = Array.from({ length: MESSAGES }, (_, i) =>
  i % 2 === 0
    ? {
        role: "user",
        content: [{ type: "text", text: `Question ${i}: ${"what does the report say about the quarterly numbers and the forecast? ".repeat(3)}` }],
      }
    : {
        role: "assistant",
        content: [{ type: "text", text: `Answer ${i}: ${"the report shows steady growth, with the forecast revised up by two points. ".repeat(3)}` }],
      },
);
const input = [...history, { role: "user", content: [{ type: "text", text: "Go on." }] }];
const provider = toolCallingModel();
let runs = 0;

async function oneRun(storage) {
  const result = await run({
    provider,
    model: "instant",
    input,
    tools: [instantTool],
    maxIterations: STEPS,
    toolCallLimit: 1e9,
    ...(storage ? { storage, runId: `r${runs++}` } : {}),
  });
  if (result.iterations !== STEPS) throw new Error(`unexpected run: ${result.stopReason}`);
  return result;
}

// A fresh store per sample: a store holding every earlier run would make the garbage collector's work grow with the benchmark.
let storage = createMemoryStorage();
const warmEnd = performance.now() + 500;
while (performance.now() < warmEnd) {
  await oneRun(undefined);
  await oneRun(storage);
}
const without = [];
const withStore = [];
const end = performance.now() + budgetMs;
while (performance.now() < end || without.length < 7) {
  storage = createMemoryStorage();
  for (const [samples, store] of without.length % 2 === 0
    ? [
        [without, undefined],
        [withStore, storage],
      ]
    : [
        [withStore, storage],
        [without, undefined],
      ]) {
    const start = performance.now();
    for (let i = 0; i < 20; i++) await oneRun(store);
    samples.push(((performance.now() - start) * 1000) / (20 * STEPS));
  }
}
const state = (await oneRun(undefined)).state;
/** µs per call of `serialize(state)`, median of rounds. */
function timeOf(serialize) {
  const rounds = [];
  for (let round = 0; round < 9; round++) {
    const start = performance.now();
    let bytes = 0;
    for (let i = 0; i < 200; i++) bytes += serialize(state).length;
    rounds.push(((performance.now() - start) * 1000) / 200);
    if (bytes === 0) throw new Error("empty state");
  }
  return median(rounds);
}
const usJsonStringify = timeOf(JSON.stringify);
const usSerializeState = timeOf(serializeRunState);
const usPerStepWithout = median(without);
const usPerStepWithMemoryStore = median(withStore);
console.log(
  JSON.stringify({
    messages: MESSAGES,
    steps: STEPS,
    usPerStepWithout,
    usPerStepWithMemoryStore,
    usPerStepAdded: usPerStepWithMemoryStore - usPerStepWithout,
    usSerializeState,
    usJsonStringify,
    stateBytes: JSON.stringify(state).length,
  }),
);
