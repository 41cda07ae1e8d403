import type { DataPolicy } from "./data-policy.js";
import type { PrepareStepHook } from "./hooks/prepare-step.js";
import type { BeforeToolCallsHook } from "./hooks/before-tool-calls.js";
import type { AfterToolBatchHook } from "./hooks/after-tool-batch.js";
import type { ShouldStopHook } from "./hooks/should-stop.js";
import type { AdjustUsageHook, RunStartHook, StepEndHook, ToolEventHook } from "./hooks/lifecycle.js";

/**
 * The hooks of an agent. Each takes one object and returns what it changes (or
 * nothing); each may be a plain function, an object method or a class method, and
 * may return a promise. Configs combine with `composeConfigs`.
 *
 * The order within a step: `prepareStep` → model call → `beforeToolCalls` → tools
 * (`onToolEvent` as they report) → `afterToolBatch` → `adjustUsage` → `onStepEnd` →
 * `shouldStop`.
 */
export interface AgentHooks {
  /** Once when a new run starts (not on resume). See {@link RunStartHook}. */
  readonly onRunStart?: RunStartHook;
  /** Before every model call, the first included. See {@link PrepareStepHook}. */
  readonly prepareStep?: PrepareStepHook;
  /** After a turn that called tools, before they run. See {@link BeforeToolCallsHook}. */
  readonly beforeToolCalls?: BeforeToolCallsHook;
  /** Once a batch's results are in. See {@link AfterToolBatchHook}. */
  readonly afterToolBatch?: AfterToolBatchHook;
  /** At the end of every step. See {@link StepEndHook}. */
  readonly onStepEnd?: StepEndHook;
  /** Whether the run ends after a step. See {@link ShouldStopHook}. */
  readonly shouldStop?: ShouldStopHook;
  /** Every tool event as it happens. See {@link ToolEventHook}. */
  readonly onToolEvent?: ToolEventHook;
  /** Adjusts a model call's usage record. See {@link AdjustUsageHook}. */
  readonly adjustUsage?: AdjustUsageHook;
}

/** The names of the hooks of an {@link AgentConfig}. */
export const HOOK_NAMES = ["onRunStart", "prepareStep", "beforeToolCalls", "afterToolBatch", "onStepEnd", "shouldStop", "onToolEvent", "adjustUsage"] as const;

/** One of {@link HOOK_NAMES}. */
export type HookName = (typeof HOOK_NAMES)[number];

/**
 * An agent config: settings and hooks that shape the loop. Everything is optional and
 * has a default, so `{}` runs an ordinary tool-using agent: it calls tools in parallel
 * until the model answers, with one final answer without tools at the tool-call limit.
 *
 * @example
 * // Stop after the first tool batch: never offer tools twice.
 * const config: AgentConfig = {
 *   prepareStep: ({ stepNumber }) => (stepNumber > 0 ? { activeTools: [] } : undefined),
 * };
 */
export interface AgentConfig extends AgentHooks {
  /** Whether the model may emit several tool calls per turn and tools run concurrently. Default true. */
  readonly useParallelTools?: boolean;
  /** Default tool-call limit of this agent (a run option overrides it). Default 25. */
  readonly toolCallLimit?: number;
  /** Tools whose calls do not count against the tool-call limit. */
  readonly nonIterativeTools?: readonly string[];
  /** The instruction appended to a call that must give the final answer. Default: one naming the limit. */
  readonly finalAnswerInstruction?: string;
  /** What this agent may store. Default: everything. */
  readonly dataPolicy?: DataPolicy;
}
