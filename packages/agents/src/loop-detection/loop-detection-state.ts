import type { AgentState } from "@baton/core";
import type { LoopDetectionRecord } from "./loop-detection-types.js";

/**
 * The key of loop detection's state in `state.custom` (and so in `RunResult.custom`).
 *
 * @example
 * const memory = result.custom[LOOP_DETECTION_STATE_KEY] as LoopDetectionState | undefined;
 */
export const LOOP_DETECTION_STATE_KEY = "loopDetection";

/**
 * One model turn as the detector remembers it.
 *
 * @example
 * const turn: RememberedTurn = { calls: ['search {"q":"baton"}'], text: "Let me check." };
 */
export interface RememberedTurn {
  /** Signatures of the turn's tool calls: `name` + canonical arguments. */
  readonly calls: readonly string[];
  /** The turn's text, whitespace-normalised ("" for none). */
  readonly text: string;
}

/**
 * Loop detection's JSON-safe state, kept in `state.custom` (checkpointed with the run).
 *
 * @example
 * const memory = result.custom[LOOP_DETECTION_STATE_KEY] as LoopDetectionState;
 * console.log(memory.warned, memory.detections.length);
 */
export interface LoopDetectionState {
  /** The last turns, oldest first, at most `window` of them. */
  turns: RememberedTurn[];
  /** Whether the model has been warned; the next warning terminates. */
  warned: boolean;
  /** Every detection of the run, with the action taken. */
  detections: LoopDetectionRecord[];
  /** A warning waiting to be attached to a tool result of the running batch (set by `beforeToolCalls`, used by `afterToolBatch`). */
  pendingWarning?: { readonly toolCallId: string; readonly text: string };
}

/**
 * The loop detection state of a run, created on first use. The returned object is
 * the stored one: changing it changes the state.
 *
 * @example
 * const memory = loopDetectionState(state);
 * console.log(memory.detections.length);
 */
export function loopDetectionState(state: AgentState): LoopDetectionState {
  const existing = state.custom[LOOP_DETECTION_STATE_KEY] as LoopDetectionState | undefined;
  if (existing) return existing;
  const created: LoopDetectionState = { turns: [], warned: false, detections: [] };
  state.custom[LOOP_DETECTION_STATE_KEY] = created;
  return created;
}
