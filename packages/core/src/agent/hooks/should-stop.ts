import type { ToolCallPart } from "../../messages/index.js";
import type { BatonError } from "../../errors/index.js";
import type { AgentState } from "../../run/run-state.js";
import type { StopReason } from "../stop-reason.js";
import type { AgentContext } from "../agent-context.js";

/** How a step ends the run or goes on: the loop's proposal, then each `shouldStop` hook's answer. */
export type StepOutcome =
  | { readonly stop: true; readonly reason: StopReason; readonly error?: BatonError }
  /** Go on; `finalAnswer`: the next call must answer without tools (the tool-call limit was reached). */
  | { readonly stop: false; readonly finalAnswer: boolean };

/** What a `shouldStop` hook receives. */
export interface ShouldStopArgs {
  readonly state: AgentState;
  readonly context: AgentContext;
  /** What happens unless this hook says otherwise (the loop's default, then earlier hooks' answers). */
  readonly proposal: StepOutcome;
  /** The step's model text. */
  readonly text: string;
  /** The step's tool calls (empty when the model answered, or when its calls were dropped). */
  readonly toolCalls: readonly ToolCallPart[];
  /** Whether the model answered: its turn called no tools. */
  readonly answered: boolean;
}

/**
 * A `shouldStop` hook's answer: `true` stops (with `state.stopReason`, else the
 * proposal's reason — `tool_call_limit` when the proposal was the final answer at the
 * limit — else `ended_by_hook`), `false` goes on (an answer that is not
 * final: the model is called again), a stop reason stops with it, `{ reason, error }`
 * stops with an error.
 */
export type StopDecision = boolean | StopReason | { readonly reason: StopReason; readonly error: BatonError };

/**
 * Runs at the end of every step, after `onStepEnd`: decides whether the run ends.
 * Hooks run in order, each seeing the proposal as the ones before it left it.
 *
 * @example
 * // Nudge once when the model answers without having searched:
 * shouldStop: ({ proposal, state }) => {
 *   if (!proposal.stop || state.custom.nudged || state.toolCalls.some((c) => c.toolName === "search")) return;
 *   state.custom.nudged = true;
 *   state.inLoopMessages.push({ role: "system", content: "Search before you answer." });
 *   return false;
 * },
 */
export type ShouldStopHook = (args: ShouldStopArgs) => StopDecision | void | Promise<StopDecision | void>;

/**
 * The loop's default outcome of a step. A turn without tool calls ends the run
 * (`completed`, or `tool_call_limit` when it was the requested final answer); a batch
 * that reached the tool-call limit asks for one final answer without tools; otherwise
 * the run goes on.
 */
export function defaultStepOutcome(state: AgentState, calledTools: boolean): StepOutcome {
  if (!calledTools) return { stop: true, reason: state.stopReason ?? (state.finalAnswerRequested ? "tool_call_limit" : "completed") };
  return !state.finalAnswerRequested && state.toolCallCount >= state.toolCallLimit ? GO_ON_TO_FINAL_ANSWER : GO_ON;
}

/** The two ways a step goes on by default, made once. */
const GO_ON: StepOutcome = Object.freeze({ stop: false, finalAnswer: false });
const GO_ON_TO_FINAL_ANSWER: StepOutcome = Object.freeze({ stop: false, finalAnswer: true });

/** Applies a hook's answer to the proposal. */
export function applyStopDecision(proposal: StepOutcome, decision: StopDecision | void, state: AgentState): StepOutcome {
  if (decision === undefined) return proposal;
  if (decision === false) return proposal.stop ? { stop: false, finalAnswer: false } : proposal;
  if (decision === true)
    return { stop: true, reason: state.stopReason ?? (proposal.stop ? proposal.reason : proposal.finalAnswer ? "tool_call_limit" : "ended_by_hook") };
  if (typeof decision === "string") return { stop: true, reason: decision };
  return { stop: true, reason: decision.reason, error: decision.error };
}
