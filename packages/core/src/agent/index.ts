export type { StopReason, NoToolCallsReason } from "./stop-reason.js";
export type { DataPolicy } from "./data-policy.js";
export { STORE_EVERYTHING, applyDataPolicy, storesToolCall, storesToolResult } from "./data-policy.js";
export type { ToolCallStatus, ToolCallRecord, RunResult } from "./run-result.js";
export type { SubAgentRequest } from "./sub-agent.js";
export type { OrchestratorState } from "./orchestrator-state.js";
export type {
  AgentContext,
  AgentConfig,
  NoToolCallsDecision,
  SpecialToolOutcome,
  PendingToolCall,
  UsageCalculationInput,
} from "./agent-config.js";
