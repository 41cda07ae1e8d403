/**
 * Multi-agent: agents as tools (delegation) and handoffs (control moves to another
 * agent), built on the loop's nested runs.
 */
export { defineAgent, DEFAULT_MAX_HANDOFFS } from "./define-agent.js";
export type { AgentDefinition, AgentDefinitionOptions, AgentToolOptions, AgentRunOptions, AgentRunSetup } from "./agent-definition.js";
export { HandoffDepthExceededError, SubAgentFailedError, HANDOFF_DEPTH_EXCEEDED, SUB_AGENT_FAILED } from "./errors.js";
export { HANDOFF_STATE_KEY, handoffOf, type HandoffRecord } from "./handoff-record.js";
export { TRANSFER_TOOL_PREFIX, transferToolName, isHandoffResult, type TransferArguments, type HandoffResult } from "./transfer-tool.js";
export type { NestedRunSummary } from "./nested-run.js";
