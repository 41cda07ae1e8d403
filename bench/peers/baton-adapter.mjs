// Baton's adapter for the peer harness: `run()` / `stream()` of @baton/loop driven by
// `scriptedModel()` of @baton/testing, public API only (the same setup as
// bench/loop-overhead.mjs and bench/memory-per-run.mjs). bench/profile profiles these
// same runs.
import { DELTA, FINAL_TEXT, THREE_TOOLS } from "./harness.mjs";

/** Usage given in full so the scripted model computes nothing per call. */
const usage = { inputTokens: 10, outputTokens: 2, cachedInputTokens: 0, reasoningTokens: 0 };
const tool = (name, execute) => ({ name, description: `Tool ${name}.`, parameters: { type: "object", properties: {} }, execute });

/** The harness adapter (see harness.mjs): the runs of every measure, built with Baton. */
export const batonAdapter = {
  name: "baton",
  package: "@baton/loop",
  async load() {
    const { run, stream } = await import("@baton/loop");
    const { scriptedModel } = await import("@baton/testing");
    return {
      loopRunner(iterations, noop) {
        // One scripted model for every run: it asks for `noop` on every turn, forever.
        const provider = scriptedModel([{ toolCalls: [{ name: "noop", arguments: {} }], usage }], { repeatLast: true, recordRequests: false });
        const tools = [tool("noop", noop)];
        return async () => {
          const result = await run({ provider, model: "instant", input: "go", tools, maxIterations: iterations, toolCallLimit: 1e9 });
          if (result.iterations !== iterations || result.stopReason !== "max_iterations") throw new Error(`unexpected run: ${result.stopReason}`);
        };
      },
      turnRunner() {
        const provider = scriptedModel([{ text: FINAL_TEXT, usage }], { repeatLast: true, recordRequests: false });
        return async () => {
          const result = await run({ provider, model: "instant", input: "go" });
          if (result.stopReason !== "completed") throw new Error(`unexpected run: ${result.stopReason}`);
          return result.text;
        };
      },
      streamRunner(deltas) {
        // One turn of `deltas` text-delta parts, played again on every call.
        const provider = scriptedModel([{ text: Array.from({ length: deltas }, () => DELTA), usage }], { repeatLast: true, recordRequests: false });
        return async () => {
          let got = 0;
          for await (const event of stream({ provider, model: "instant", input: "go" })) if (event.type === "text-delta") got++;
          return got;
        };
      },
      threeToolsRunner(fns) {
        // A function turn: the turn is the number of tool results in the request.
        const replies = [...THREE_TOOLS.map((name) => ({ toolCalls: [{ name, arguments: {} }], usage })), { text: FINAL_TEXT, usage }];
        const provider = scriptedModel([(request) => replies[Math.min(request.messages.filter((m) => m.role === "tool").length, THREE_TOOLS.length)]], {
          repeatLast: true,
          recordRequests: false,
        });
        const tools = THREE_TOOLS.map((name) => tool(name, fns[name]));
        return async () => {
          const result = await run({ provider, model: "instant", input: "go", tools });
          if (result.stopReason !== "completed") throw new Error(`unexpected run: ${result.stopReason} ${result.error?.message ?? ""}`);
          return result.text;
        };
      },
    };
  },
};
