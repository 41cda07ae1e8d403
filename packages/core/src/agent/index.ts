export type { StopReason } from "./stop-reason.js";
export type { DataPolicy } from "./data-policy.js";
export { STORE_EVERYTHING, applyDataPolicy, storesToolCall, storesToolResult } from "./data-policy.js";
export type { ToolCallStatus, ToolCallRecord, RunResult } from "./run-result.js";
export type { SubAgentRequest } from "./sub-agent.js";
export type { AgentContext } from "./agent-context.js";
export { HOOK_NAMES, type AgentConfig, type AgentHooks, type HookName } from "./agent-config.js";
export { composeConfigs, configParts } from "./compose-configs.js";
export { isPromiseLike } from "./is-promise-like.js";
export { defaultActiveTools, type PrepareStepArgs, type PrepareStepHook, type StepOverrides, type StepPlan } from "./hooks/prepare-step.js";
export {
  RUN_DECISION,
  type BeforeToolCallsArgs,
  type BeforeToolCallsHook,
  type PlannedToolCall,
  type ToolCallDecision,
  type ToolCallsOverrides,
} from "./hooks/before-tool-calls.js";
export type { AfterToolBatchArgs, AfterToolBatchHook, ToolBatchOverrides, ToolBatchResult } from "./hooks/after-tool-batch.js";
export { applyStopDecision, defaultStepOutcome, type ShouldStopArgs, type ShouldStopHook, type StepOutcome, type StopDecision } from "./hooks/should-stop.js";
export type {
  AdjustUsageArgs,
  AdjustUsageHook,
  RunStartArgs,
  RunStartHook,
  StepEndArgs,
  StepEndHook,
  ToolEventArgs,
  ToolEventHook,
} from "./hooks/lifecycle.js";
