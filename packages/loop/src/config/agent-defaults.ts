import { STORE_EVERYTHING, type AgentConfig, type NoToolCallsDecision, type NoToolCallsReason, type OrchestratorState, type ToolDefinition } from "@baton/core";

/** Default tool-call limit of an agent. */
export const DEFAULT_TOOL_CALL_LIMIT = 25;
/** Default maximum number of model calls of a run. */
export const DEFAULT_MAX_ITERATIONS = 50;
/** Default maximum length of a tool error message sent to the model. */
export const DEFAULT_MAX_TOOL_ERROR_LENGTH = 2000;
/** Default maximum sub-agent nesting depth. */
export const DEFAULT_MAX_DEPTH = 5;

/** The instruction injected for the last turn when the tool-call limit is reached. */
export function defaultFinalAnswerInstruction(limit: number): string {
  return (
    `You have reached the limit of ${limit} tool calls for this request. ` +
    "Do not call any more tools. Answer the user now, using the information gathered so far, " +
    "and say briefly what you could not finish."
  );
}

/** Default `shouldContinueLoop`: continue while the model keeps calling tools. */
export function defaultShouldContinueLoop(state: OrchestratorState): boolean {
  return state.hasToolCalls;
}

/** Default `shouldSendTools`: tools exist, no final answer was requested, the limit is not reached. */
export function defaultShouldSendTools(state: OrchestratorState, tools: readonly ToolDefinition[]): boolean {
  return tools.length > 0 && !state.finalAnswerRequested && state.toolCallCount < state.toolCallLimit;
}

/** Default `onNoToolCalls`: stop when the model answered; continue for a final turn or after a refusal. */
export function defaultOnNoToolCalls(_state: OrchestratorState, _context: unknown, reason: NoToolCallsReason): NoToolCallsDecision {
  return { shouldContinue: reason !== "NO_CALLS_GENERATED" };
}

/** An agent config with every hook present: the user's hooks, defaults for the rest. */
export type ResolvedAgentConfig = Omit<AgentConfig, "nonIterativeTools"> &
  Required<Pick<AgentConfig, "shouldContinueLoop" | "shouldSendTools" | "onNoToolCalls" | "getDataPolicy">> & {
    readonly useParallelTools: boolean;
    readonly nonIterativeTools: ReadonlySet<string>;
  };

/** Fills in the defaults of every hook a config leaves out. */
export function resolveAgentConfig(config: AgentConfig = {}): ResolvedAgentConfig {
  return {
    ...config,
    useParallelTools: config.useParallelTools ?? true,
    nonIterativeTools: new Set(config.nonIterativeTools ?? []),
    shouldContinueLoop: config.shouldContinueLoop?.bind(config) ?? defaultShouldContinueLoop,
    shouldSendTools: config.shouldSendTools?.bind(config) ?? defaultShouldSendTools,
    onNoToolCalls: config.onNoToolCalls?.bind(config) ?? defaultOnNoToolCalls,
    getDataPolicy: config.getDataPolicy?.bind(config) ?? (() => STORE_EVERYTHING),
  };
}
