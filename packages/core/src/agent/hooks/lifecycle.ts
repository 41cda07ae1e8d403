import type { ToolCallPart } from "../../messages/index.js";
import type { ToolDefinition } from "../../model/index.js";
import type { ToolEvent } from "../../events/index.js";
import type { Usage } from "../../usage/index.js";
import type { AgentState } from "../../run/run-state.js";
import type { AgentContext } from "../agent-context.js";
import type { ToolBatchResult } from "./after-tool-batch.js";

/** What an `onRunStart` hook receives. */
export interface RunStartArgs {
  readonly state: AgentState;
  readonly context: AgentContext;
}

/**
 * Runs once when a new run starts, before its first step (not when a run resumes:
 * its state is already set up). Set up hook-owned state in `state.custom` here.
 *
 * @example
 * onRunStart: ({ state }) => { state.custom.nudges = 0; },
 */
export type RunStartHook = (args: RunStartArgs) => void | Promise<void>;

/** What an `onStepEnd` hook receives: the step that just ended. */
export interface StepEndArgs {
  readonly state: AgentState;
  readonly context: AgentContext;
  /** The iteration (model call) of the step. */
  readonly iteration: number;
  /** The step's model text. */
  readonly text: string;
  /** The step's tool calls (empty when the model answered). */
  readonly toolCalls: readonly ToolCallPart[];
  /** The batch's results as the model reads them (empty when no tool ran). */
  readonly results: readonly ToolBatchResult[];
}

/**
 * Runs at the end of every step, after the context engine and before `shouldStop`:
 * observe the step, save hook-owned state.
 *
 * @example
 * onStepEnd: async ({ state }) => { await sessionStore.save(state.custom.plan); },
 */
export type StepEndHook = (args: StepEndArgs) => void | Promise<void>;

/** What an `onToolEvent` hook receives. */
export interface ToolEventArgs {
  /** A tool's start, progress, stream chunk, result or error, as it happens. */
  readonly event: ToolEvent;
  readonly context: AgentContext;
}

/**
 * Told of every tool event as it happens (synchronous: it must not slow the tool).
 *
 * @example
 * onToolEvent: ({ event }) => { if (event.type === "tool-error") metrics.increment(event.toolName); },
 */
export type ToolEventHook = (args: ToolEventArgs) => void;

/** What an `adjustUsage` hook receives: a model call's usage record and what the call did. */
export interface AdjustUsageArgs {
  readonly usage: Usage;
  readonly state: AgentState;
  readonly text: string;
  readonly toolCalls: readonly ToolCallPart[];
  /** Whether tools were sent with the call. */
  readonly toolsSent: boolean;
  readonly tools: readonly ToolDefinition[];
}

/**
 * Adjusts the usage record of a model call before it is recorded (for example, adds
 * the tokens of a system prompt the provider does not count).
 *
 * @example
 * adjustUsage: ({ usage }) => ({ ...usage, inputTokens: usage.inputTokens + 40 }),
 */
export type AdjustUsageHook = (args: AdjustUsageArgs) => Usage | void | Promise<Usage | void>;
