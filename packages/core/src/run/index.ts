export {
  RUN_STATE_FORMAT,
  RUN_STATE_VERSION,
  type AgentRunStatus,
  type AgentState,
  type BatchCall,
  type BatchCallStatus,
  type OrchestratorState,
  type RunConversation,
  type RunState,
  type ToolBatchState,
  type ToolCallOutcome,
} from "./run-state.js";
export type { StepName, NextStep } from "./next-step.js";
export {
  rejectionText,
  type AnswerDecision,
  type ApprovalDecision,
  type InDoubtDecision,
  type InDoubtPayload,
  type InterruptDecision,
  type InterruptDecisions,
  type Interruption,
  type InterruptionKind,
} from "./interruption.js";
export { agentNameOf, createAgentState, type AgentStateInit } from "./create-agent-state.js";
export { interruptionsOf, waitingCalls, type WaitingCall } from "./waiting-calls.js";
export { RunStateError } from "./run-state-error.js";
export { ToolPausedSignal, isToolPausedSignal } from "./tool-paused-signal.js";
