// Memory held per in-flight run: N runs all paused inside a tool. Run with
// --expose-gc. Prints JSON: { runs, bytesPerRun }.
import { run } from "@baton/loop";
import { toolCallingModel } from "./instant-agent.mjs";

if (typeof globalThis.gc !== "function") throw new Error("run with node --expose-gc");
const runs = Number(process.argv[2] ?? 500);

let release;
const gate = new Promise((resolve) => (release = resolve));
let inside = 0;
let allInside;
const everyoneInside = new Promise((resolve) => (allInside = resolve));
const pausingTool = {
  name: "wait",
  description: "Waits for the benchmark to release it.",
  parameters: { type: "object", properties: {} },
  execute: async () => {
    if (++inside === runs) allInside();
    await gate;
    return "released";
  },
};

function startRun() {
  return run({ provider: toolCallingModel("wait"), model: "instant", input: "go", tools: [pausingTool], maxIterations: 1 });
}

// Warm up so code and caches are not counted, then measure.
await (async () => {
  const warm = [];
  for (let i = 0; i < 50; i++)
    warm.push(
      run({ provider: toolCallingModel("noop"), model: "instant", input: "go", tools: [{ ...pausingTool, name: "noop", execute: () => 1 }], maxIterations: 1 }),
    );
  await Promise.all(warm);
})();
globalThis.gc();
globalThis.gc();
const before = process.memoryUsage().heapUsed;
const pending = [];
for (let i = 0; i < runs; i++) pending.push(startRun());
await everyoneInside;
globalThis.gc();
globalThis.gc();
const after = process.memoryUsage().heapUsed;
release();
const results = await Promise.all(pending);
if (results.some((r) => r.toolCalls[0]?.result !== "released")) throw new Error("unexpected run");
console.log(JSON.stringify({ runs, bytesPerRun: (after - before) / runs }));
