import type { AgentState } from "@baton/core";
import type { OutputIssue } from "./validate-answer.js";

/**
 * The key of structured output's state in `state.custom` (and so in `RunResult.custom`).
 *
 * @example
 * const output = result.custom[STRUCTURED_OUTPUT_STATE_KEY] as StructuredOutputState | undefined;
 */
export const STRUCTURED_OUTPUT_STATE_KEY = "structuredOutput";

/**
 * Structured output's state, kept in `state.custom` (checkpointed with the run).
 *
 * @example
 * const output = result.custom[STRUCTURED_OUTPUT_STATE_KEY] as StructuredOutputState;
 * if (output.status === "invalid") console.log(output.issues);
 */
export interface StructuredOutputState {
  /** `pending` until a final answer was checked; then `valid` or `invalid`. */
  status: "pending" | "valid" | "invalid";
  /** Repair turns used so far. */
  repairs: number;
  /** The parsed, validated value (when `valid`). */
  value?: unknown;
  /** Why the last answer failed (when it did). */
  issues?: OutputIssue[];
}

/** The structured output state of a run, created on first use (the returned object is the stored one). */
export function structuredOutputState(state: AgentState): StructuredOutputState {
  const existing = state.custom[STRUCTURED_OUTPUT_STATE_KEY] as StructuredOutputState | undefined;
  if (existing) return existing;
  const created: StructuredOutputState = { status: "pending", repairs: 0 };
  state.custom[STRUCTURED_OUTPUT_STATE_KEY] = created;
  return created;
}
