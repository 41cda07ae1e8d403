// A batch of three tools that each take 100 ms: how long does the whole run take?
// Prints JSON: { batchMs } (the median of several runs).
import { run } from "@baton/loop";
import { scriptedModel } from "@baton/testing";
import { median } from "./instant-agent.mjs";

const sleepTool = (name) => ({
  name,
  description: "Sleeps 100 ms.",
  parameters: { type: "object", properties: {} },
  execute: (_args, ctx) =>
    new Promise((resolve, reject) => {
      const timer = setTimeout(() => resolve("slept"), 100);
      ctx.signal.addEventListener("abort", () => (clearTimeout(timer), reject(ctx.signal.reason)), { once: true });
    }),
});
const usage = { inputTokens: 10, outputTokens: 2, cachedInputTokens: 0, reasoningTokens: 0 };

async function oneRun() {
  const provider = scriptedModel(
    [
      { toolCalls: ["a", "b", "c"].map((name) => ({ name, arguments: {} })), usage },
      { text: "done", usage },
    ],
    { recordRequests: false },
  );
  const start = performance.now();
  const result = await run({ provider, model: "instant", input: "go", tools: ["a", "b", "c"].map(sleepTool) });
  const elapsed = performance.now() - start;
  if (result.toolCalls.length !== 3 || result.toolCalls.some((r) => r.status !== "ok")) throw new Error("unexpected run");
  return elapsed;
}

await oneRun();
const samples = [];
for (let i = 0; i < 7; i++) samples.push(await oneRun());
console.log(JSON.stringify({ batchMs: median(samples) }));
