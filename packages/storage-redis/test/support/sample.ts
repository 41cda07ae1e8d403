import {
  RUN_STATE_FORMAT,
  RUN_STATE_VERSION,
  createAgentState,
  type AgentState,
  type NewConversationMessage,
  type RunCheckpoint,
  type UsageRecord,
} from "@baton/core";

/** A user message with one text part. */
export function textMessage(text: string): NewConversationMessage {
  return { role: "user", parts: [{ type: "text", text }] };
}

/** A minimal valid checkpoint: the run state of a run whose root agent is `agentPath` (default `main`); `root` changes fields of the root. */
export function checkpointOf(runId: string, overrides: Partial<Omit<RunCheckpoint, "root">> & { readonly root?: Partial<AgentState> } = {}): RunCheckpoint {
  const { root, ...state } = overrides;
  const agentPath = state.agentPath ?? "main";
  return {
    format: RUN_STATE_FORMAT,
    version: RUN_STATE_VERSION,
    runId,
    agentPath,
    status: "running",
    conversation: { id: "c", throughSeq: 1 },
    root: { ...createAgentState({ runId, agentPath, model: "m", messages: [], toolCallLimit: 25, maxIterations: 10 }), iteration: 1, ...root },
    savedAt: 1,
    ...state,
  };
}

/** A usage record of one model call. */
export function usageOf(runId: string, overrides: Partial<UsageRecord> = {}): UsageRecord {
  return {
    runId,
    model: "m",
    agentPath: "main",
    iteration: 1,
    tools: [],
    inputTokens: 1,
    outputTokens: 1,
    cachedInputTokens: 0,
    reasoningTokens: 0,
    recordedAt: 7,
    ...overrides,
  };
}
