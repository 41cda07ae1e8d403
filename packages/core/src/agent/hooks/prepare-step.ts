import type { Message } from "../../messages/index.js";
import type { ToolChoice, ToolDefinition } from "../../model/index.js";
import type { AgentState } from "../../run/run-state.js";
import type { StopReason } from "../stop-reason.js";
import type { AgentContext } from "../agent-context.js";

/** The next model call as planned so far: what `prepareStep` hooks read and may change. */
export interface StepPlan {
  /** The model id of the call. */
  readonly model: string;
  /** Names of the tools offered with the call (none: no tools are sent). */
  readonly activeTools: readonly string[];
  readonly toolChoice: ToolChoice;
  /**
   * The messages the model will see, system prompt first. The loop's own list, grown
   * from call to call: return changed messages in `messages` rather than changing
   * this array, and copy it to keep it past the hook.
   */
  readonly messages: readonly Message[];
  /** The text of the system prompt for this call (the leading system message is replaced with it). */
  readonly instructions: string;
  /**
   * Whether this call must answer: the final-answer instruction is appended to its
   * messages, and tool calls it still makes do not run (the run ends after it). A hook
   * that asks for it offers no tools with the call, unless it (or a later hook) sets
   * `activeTools` too.
   */
  readonly finalAnswer: boolean;
}

/** What a `prepareStep` hook receives: the plan so far and where the run stands. */
export interface PrepareStepArgs extends StepPlan {
  readonly state: AgentState;
  readonly context: AgentContext;
  /** Model calls made so far: 0 before the first. */
  readonly stepNumber: number;
  /** Every tool of the run's registry, offered or not. */
  readonly tools: readonly ToolDefinition[];
}

/** What a `prepareStep` hook may change for the coming call; anything left out stays as planned. */
export interface StepOverrides {
  readonly model?: string;
  readonly activeTools?: readonly string[];
  readonly toolChoice?: ToolChoice;
  readonly messages?: readonly Message[];
  readonly instructions?: string;
  readonly finalAnswer?: boolean;
  /**
   * Ends the run before the call: a stop reason, or `true` for `state.stopReason`
   * (else `ended_by_hook`).
   */
  readonly stop?: StopReason | true;
}

/**
 * Runs before every model call, the first included: may change the model, the tools
 * offered, the tool choice, the messages and the instructions of this call, ask for a
 * final answer, or end the run.
 *
 * @example
 * // A cheaper model after the third call, and no tools on the last one:
 * prepareStep: ({ stepNumber, state }) => ({
 *   ...(stepNumber >= 3 ? { model: "gpt-4.1-mini" } : {}),
 *   ...(stepNumber === state.maxIterations - 1 ? { finalAnswer: true } : {}),
 * }),
 */
export type PrepareStepHook = (args: PrepareStepArgs) => StepOverrides | void | Promise<StepOverrides | void>;

/**
 * The tools offered by default: all of them, unless the final answer was requested or
 * the tool-call limit is reached.
 */
export function defaultActiveTools(state: AgentState, toolNames: readonly string[]): readonly string[] {
  return state.finalAnswerRequested || state.toolCallCount >= state.toolCallLimit ? [] : toolNames;
}
