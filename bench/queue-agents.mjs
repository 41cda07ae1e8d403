// The agents of the scale-out benchmark (bench/queue.mjs), the same in the benchmark's
// own process and in its worker processes (queue-child.mjs):
//   "three-turn" — the model (scripted, `modelDelayMs` before each turn) calls an
//                  instant tool in turns 1 and 2 and answers in turn 3;
//   "stream"     — one turn streaming `deltas` small text deltas with no delay between
//                  them (after `streamDelayMs`, so SSE clients can attach first);
//   "long-tool"  — turn 1 calls a tool that takes `toolDelayMs`, turn 2 answers.
import { setTimeout as sleep } from "node:timers/promises";
import { resume, run } from "@baton/loop";
import { scriptedModel } from "@baton/testing";

const usage = { inputTokens: 10, outputTokens: 2, cachedInputTokens: 0, reasoningTokens: 0 };

const noop = {
  name: "noop",
  description: "Does nothing, instantly.",
  parameters: { type: "object", properties: {} },
  execute: () => 1,
};

/** The model of the 3-turn agent: tool calls in turns 1 and 2, the answer in turn 3. */
export function threeTurnModel(delayMs) {
  return scriptedModel(
    [
      (request) => {
        const turn = request.messages.filter((message) => message.role === "assistant").length;
        return turn < 2 ? { delayMs, usage, toolCalls: [{ name: "noop", arguments: {} }] } : { delayMs, usage, text: "done" };
      },
    ],
    { repeatLast: true, recordRequests: false },
  );
}

/** Options the 3-turn agent runs with (also used by the in-process `run()` baseline). */
export function threeTurnOptions({ modelDelayMs = 50, storage, lockDurationMs }) {
  return { provider: threeTurnModel(modelDelayMs), model: "bench", tools: [noop], storage, ...(lockDurationMs ? { claimLeaseMs: lockDurationMs } : {}) };
}

function agentOf(fixed) {
  return {
    run: (input, options) => run({ ...fixed, input, ...options }),
    resume: (runId, options) => resume({ ...fixed, runId, ...options }),
  };
}

/** The benchmark's agents by name, for createRunWorker. */
export function benchAgents({ modelDelayMs = 50, toolDelayMs = 1_000, deltas = 2_000, streamDelayMs = 0, lockDurationMs, storage }) {
  const lease = lockDurationMs ? { claimLeaseMs: lockDurationMs } : {};
  const chunks = Array.from({ length: deltas }, () => "w ");
  const streaming = scriptedModel([{ delayMs: streamDelayMs, text: chunks, usage }], { repeatLast: true, recordRequests: false });
  const slow = {
    name: "slow",
    description: "Takes a while.",
    parameters: { type: "object", properties: {} },
    execute: async (_args, context) => {
      await sleep(toolDelayMs, undefined, { signal: context.signal });
      return { pid: process.pid };
    },
  };
  const longModel = scriptedModel(
    [
      (request) => {
        const turn = request.messages.filter((message) => message.role === "assistant").length;
        return turn < 1 ? { usage, toolCalls: [{ name: "slow", arguments: {} }] } : { usage, text: "done" };
      },
    ],
    { repeatLast: true, recordRequests: false },
  );
  return {
    "three-turn": agentOf(threeTurnOptions({ modelDelayMs, storage, lockDurationMs })),
    stream: agentOf({ provider: streaming, model: "bench", storage, ...lease }),
    "long-tool": agentOf({ provider: longModel, model: "bench", tools: [slow], storage, ...lease }),
  };
}
