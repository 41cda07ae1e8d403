// The agent every benchmark drives: an instant scripted model that always calls one
// instant tool, so what is measured is the loop itself (no network, no token counting).
import { scriptedModel } from "@baton/testing";

/** A tool that answers at once (synchronously). */
export const instantTool = {
  name: "noop",
  description: "Does nothing, instantly.",
  parameters: { type: "object", properties: {} },
  execute: () => 1,
};

/** Usage given in full so the scripted model computes nothing per call. */
const usage = { inputTokens: 10, outputTokens: 2, cachedInputTokens: 0, reasoningTokens: 0 };

/** A scripted model that calls `toolName` on every turn, forever, without recording requests. */
export function toolCallingModel(toolName = "noop", calls = 1) {
  const toolCalls = Array.from({ length: calls }, () => ({ name: toolName, arguments: {} }));
  return scriptedModel([{ toolCalls, usage }], { repeatLast: true, recordRequests: false });
}

/** Median of numbers. */
export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}
