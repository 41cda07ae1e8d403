import type { ToolCallPart } from "../../messages/index.js";
import type { Tool } from "../../tools/index.js";
import type { BatonError, SerializedError } from "../../errors/index.js";
import type { AgentState } from "../../run/run-state.js";
import type { StopReason } from "../stop-reason.js";
import type { AgentContext } from "../agent-context.js";

/**
 * What happens to one tool call of a turn:
 * - `run`: it runs (with `arguments` when given: they replace the model's, and the
 *   tool's `validate` checks them);
 * - `refuse`: it does not run; the model reads `result` (or the error's text) as an
 *   error result, and the call's record has status `refused` (`invalid` for an
 *   invalid-arguments error);
 * - `drop`: it is removed from the turn, as if the model had not made it;
 * - `interrupt`: it waits for a person's approval; the run pauses (with `payload`
 *   in its interruption) and nothing of the batch runs until every such call is decided.
 */
export type ToolCallDecision =
  | { readonly type: "run"; readonly arguments?: unknown }
  | { readonly type: "refuse"; readonly result?: unknown; readonly error?: BatonError }
  | { readonly type: "drop" }
  | { readonly type: "interrupt"; readonly payload?: unknown };

/** A call of the turn with its tool and the decision taken so far. */
export interface PlannedToolCall {
  readonly call: ToolCallPart;
  /** The tool, when it is known and was offered this turn. */
  readonly tool: Tool | undefined;
  /** Why the call cannot run as it is (unknown tool, arguments that are not JSON or fail the schema). */
  readonly invalid?: SerializedError;
  /** The decision so far (`run` unless an earlier hook decided otherwise). */
  readonly decision: ToolCallDecision;
}

/** What a `beforeToolCalls` hook receives. */
export interface BeforeToolCallsArgs {
  readonly state: AgentState;
  readonly context: AgentContext;
  /** The turn's calls in order, with the decisions of the hooks before this one. */
  readonly calls: readonly PlannedToolCall[];
  /** The turn's text. */
  readonly text: string;
}

/** What a `beforeToolCalls` hook decides. */
export interface ToolCallsOverrides {
  /** Decisions by tool-call id; calls left out keep theirs. */
  readonly decisions?: Readonly<Record<string, ToolCallDecision>>;
  /**
   * Ends the run without running the calls: the turn's text is kept, its calls are
   * dropped. A stop reason, or `true` for `state.stopReason` (else `ended_by_hook`).
   */
  readonly stop?: StopReason | true;
}

/**
 * Runs after a model turn that called tools, before any of them runs: may drop,
 * rewrite or refuse calls (the model reads the refusal), hold calls for approval, or
 * end the run.
 *
 * @example
 * // Never let the model delete anything:
 * beforeToolCalls: ({ calls }) => ({
 *   decisions: Object.fromEntries(calls.filter((c) => c.call.toolName === "delete").map((c) => [c.call.toolCallId, { type: "refuse", result: "Deleting is not allowed." }])),
 * }),
 */
export type BeforeToolCallsHook = (args: BeforeToolCallsArgs) => ToolCallsOverrides | void | Promise<ToolCallsOverrides | void>;

/** The decision every call starts with. */
export const RUN_DECISION: ToolCallDecision = Object.freeze({ type: "run" });
