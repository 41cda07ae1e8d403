import type { StopReason } from "@baton/core";
import type { UiFinishReason } from "./ui-message-chunk.js";

const FINISH_REASONS: Readonly<Record<StopReason, UiFinishReason>> = {
  completed: "stop",
  tool_call_limit: "stop",
  ended_by_hook: "stop",
  error: "error",
  token_budget: "length",
  budget_exceeded: "length",
  interrupted: "tool-calls",
  aborted: "other",
  max_iterations: "other",
  tools_disabled: "other",
  loop_detected: "other",
};

/**
 * The AI SDK finish reason for a run's stop reason: `stop` when the run ended with an
 * answer (`completed`, `tool_call_limit`, `ended_by_hook`), `error` for `error`,
 * `length` for token and cost budgets, `tool-calls` for `interrupted` (what the AI SDK
 * itself sends when a step ends waiting for tool approvals or client-side tool
 * results; its own `interrupted` means a stream cut short, and `useChat` stops sending
 * after it), `other` for the rest. Unknown (newer) stop reasons give `other`.
 *
 * @example
 * toUiFinishReason("completed"); // "stop"
 * toUiFinishReason("interrupted"); // "tool-calls"
 */
export function toUiFinishReason(stopReason: StopReason): UiFinishReason {
  return FINISH_REASONS[stopReason] ?? "other";
}
