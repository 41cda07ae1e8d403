// Runs of the instant tool-calling agent of one checkout, with the memory store or
// without storage: what journal-cost.mjs times and journal-bytes.mjs counts.
import { join } from "node:path";

/**
 * Loads the loop, the memory store and the instant agent of the checkout at `root`
 * (built) and returns `runs(count, stored)`: `count` runs of `steps` steps, each one
 * model turn calling `calls` instant tools, stored in one fresh memory store (a store
 * holding every earlier run would make the garbage collector's work grow) or not stored.
 */
export async function loadJournalRuns(root, steps, calls) {
  const { run } = await import(join(root, "packages/loop/dist/index.js"));
  const { createMemoryStorage } = await import(join(root, "packages/storage-memory/dist/index.js"));
  const { instantTool, toolCallingModel } = await import(join(root, "bench/instant-agent.mjs"));
  const provider = toolCallingModel("noop", calls);
  let ids = 0;
  return async (count, stored) => {
    const storage = stored ? createMemoryStorage() : undefined;
    for (let i = 0; i < count; i++) {
      const result = await run({
        provider,
        model: "instant",
        input: "Go.",
        tools: [instantTool],
        maxIterations: steps,
        toolCallLimit: 1e9,
        ...(stored ? { storage, runId: `r${ids++}` } : {}),
      });
      if (result.iterations !== steps) throw new Error(`unexpected run: ${result.stopReason}`);
    }
  };
}
