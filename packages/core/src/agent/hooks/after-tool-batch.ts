import type { ToolCallPart } from "../../messages/index.js";
import type { ToolChoice } from "../../model/index.js";
import type { SerializedError } from "../../errors/index.js";
import type { AgentState } from "../../run/run-state.js";
import type { StopReason } from "../stop-reason.js";
import type { ToolCallStatus } from "../run-result.js";
import type { AgentContext } from "../agent-context.js";

/** One call of a finished batch, as the model will read it. */
export interface ToolBatchResult {
  readonly call: ToolCallPart;
  readonly status: ToolCallStatus;
  /** What the model reads: the tool's result, or the error text (after the hooks before this one). */
  readonly result: unknown;
  /** The tool's own result, when `status` is `ok`. */
  readonly output?: unknown;
  readonly error?: SerializedError;
  readonly durationMs: number;
}

/** What an `afterToolBatch` hook receives. */
export interface AfterToolBatchArgs {
  readonly state: AgentState;
  readonly context: AgentContext;
  /** The batch's calls in call order. */
  readonly results: readonly ToolBatchResult[];
}

/** What an `afterToolBatch` hook may change. */
export interface ToolBatchOverrides {
  /** Replaces what the model reads, by tool-call id. */
  readonly results?: Readonly<Record<string, unknown>>;
  /** Forces the tool choice of the next model call. */
  readonly toolChoice?: ToolChoice;
  /**
   * Ends the run once this step ends (the results are kept): a stop reason, or `true`
   * for `state.stopReason` (else `ended_by_hook`).
   */
  readonly stop?: StopReason | true;
}

/**
 * Runs once a batch's results are in, before the model reads them: may change what
 * the model reads, force the next tool, or end the run after this step. Every hook
 * runs; the first stop wins.
 *
 * @example
 * // Remind the model after a failed search:
 * afterToolBatch: ({ results }) => ({
 *   results: Object.fromEntries(results.filter((r) => r.status !== "ok").map((r) => [r.call.toolCallId, `${r.result}\nTry other words.`])),
 * }),
 */
export type AfterToolBatchHook = (args: AfterToolBatchArgs) => ToolBatchOverrides | void | Promise<ToolBatchOverrides | void>;
