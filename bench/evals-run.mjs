#!/usr/bin/env node
// Running evals (@baton/evals, issue 27): 100 cases × 3 repeats on a scripted model (each
// case a tool call and an answer) with the built-in scorers (no judge), four attempts at
// once, then the same eval again with the same response cache.
//
//   node bench/evals-run.mjs
//
// Prints a table, then one JSON line: the first run's time (target < 5 s), the second's,
// and the model calls the second sent to the provider (target 0).
import { memoryResponseCache, runEval } from "@baton/evals";
import { run } from "@baton/loop";
import { scriptedModel } from "@baton/testing";

const CASES = 100;
const REPEATS = 3;

const lookup = {
  name: "lookup",
  description: "Looks a number up.",
  parameters: { type: "object", properties: { n: { type: "number" } }, required: ["n"] },
  execute: async ({ n }) => ({ n, square: n * n }),
};

/** Asks for the lookup of the number in the question, then answers with its square. */
function model() {
  return scriptedModel(
    [
      (request) => {
        const last = request.messages.at(-1);
        if (last.role === "user") {
          const n = Number(/\d+/.exec(last.content[0].text)[0]);
          return { toolCalls: [{ id: `n${n}`, name: "lookup", arguments: { n } }], usage: { inputTokens: 60, outputTokens: 10 } };
        }
        const { n, square } = last.content[0].result;
        return { text: `${n} squared is ${square}.`, usage: { inputTokens: 90, outputTokens: 8 } };
      },
    ],
    { repeatLast: true },
  );
}

const dataset = Array.from({ length: CASES }, (_, index) => ({
  id: `square-${index}`,
  input: `What is ${index} squared?`,
  expect: {
    contains: `is ${index * index}`,
    toolCalled: [{ name: "lookup", arguments: { n: index } }],
    noToolErrors: true,
    budget: { iterations: 2, tokens: 500 },
  },
}));

const cache = memoryResponseCache();
const evaluate = (provider) =>
  runEval({
    dataset,
    provider,
    repeats: REPEATS,
    concurrency: 4,
    cache,
    run: (input, context) => run({ provider: context.provider, model: "m", input, tools: [lookup] }),
  });

// Warm the code paths on another cache.
await runEval({
  dataset: dataset.slice(0, 10),
  provider: model(),
  run: (input, context) => run({ provider: context.provider, model: "m", input, tools: [lookup] }),
});

let start = performance.now();
const first = await evaluate(model());
const firstMs = performance.now() - start;
const again = model();
start = performance.now();
const second = await evaluate(again);
const secondMs = performance.now() - start;
if (first.summary.passRate !== 1 || second.summary.passRate !== 1) throw new Error("the eval did not pass");

const rows = [
  ["eval", `${CASES} cases × ${REPEATS} repeats, 4 at once, 5 scorers a case`],
  ["first run", `${(firstMs / 1000).toFixed(2)} s (target < 5 s), ${first.summary.providerModelCalls} model calls`],
  ["again, same cache", `${(secondMs / 1000).toFixed(2)} s, ${second.summary.cachedModelCalls} from the cache, ${again.callCount} to the provider (target 0)`],
];
const width = Math.max(...rows.map(([label]) => label.length));
for (const [label, value] of rows) console.log(`${label.padEnd(width)}  ${value}`);
console.log(
  JSON.stringify({ cases: CASES, repeats: REPEATS, firstMs, secondMs, providerCallsAgain: again.callCount, cachedAgain: second.summary.cachedModelCalls }),
);
