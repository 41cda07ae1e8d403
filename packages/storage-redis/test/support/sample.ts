import { RUN_CHECKPOINT_VERSION, type NewConversationMessage, type RunCheckpoint, type UsageRecord } from "@baton/core";

/** A user message with one text part. */
export function textMessage(text: string): NewConversationMessage {
  return { role: "user", parts: [{ type: "text", text }] };
}

/** A minimal valid checkpoint of a run's main agent. */
export function checkpointOf(runId: string, overrides: Partial<RunCheckpoint> = {}): RunCheckpoint {
  return {
    version: RUN_CHECKPOINT_VERSION,
    runId,
    agentPath: "main",
    model: "m",
    history: { conversationId: "c", throughSeq: 1 },
    iteration: 1,
    toolCallCount: 0,
    messages: [],
    progress: [],
    loop: { hasToolCalls: false, finalAnswerRequested: false, subAgentToolCalls: 0, toolMetadata: {}, turnIterations: [] },
    usage: [],
    custom: {},
    savedAt: 1,
    ...overrides,
  };
}

/** A usage record of one model call. */
export function usageOf(runId: string, overrides: Partial<UsageRecord> = {}): UsageRecord {
  return { runId, model: "m", agentPath: "main", iteration: 1, tools: [], inputTokens: 1, outputTokens: 1, cachedInputTokens: 0, reasoningTokens: 0, recordedAt: 7, ...overrides };
}
