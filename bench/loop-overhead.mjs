// Loop overhead per iteration: an instant scripted model calling an instant tool, for
// a run of N iterations. Prints JSON: { iterations, usPerIteration }.
import { run } from "@baton/loop";
import { instantTool, median, toolCallingModel } from "./instant-agent.mjs";

const iterations = Number(process.argv[2] ?? 10);
const budgetMs = Number(process.argv[3] ?? 1500);

// One scripted model serves every run (it repeats its turn forever and records nothing).
const provider = toolCallingModel();

async function oneRun() {
  const result = await run({
    provider,
    model: "instant",
    input: "go",
    tools: [instantTool],
    maxIterations: iterations,
    toolCallLimit: 1e9,
  });
  if (result.iterations !== iterations || result.stopReason !== "max_iterations") throw new Error(`unexpected run: ${result.stopReason}`);
}

// Warm up the JIT, then take several samples of many runs each.
const warmEnd = performance.now() + 300;
while (performance.now() < warmEnd) await oneRun();
const samples = [];
const runsPerSample = Math.max(1, Math.round(2000 / iterations));
const end = performance.now() + budgetMs;
while (performance.now() < end || samples.length < 5) {
  const start = performance.now();
  for (let i = 0; i < runsPerSample; i++) await oneRun();
  samples.push(((performance.now() - start) * 1000) / (runsPerSample * iterations));
}
console.log(JSON.stringify({ iterations, usPerIteration: median(samples) }));
