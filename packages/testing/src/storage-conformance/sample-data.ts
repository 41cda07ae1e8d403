import { RUN_CHECKPOINT_VERSION, type NewConversationMessage, type RunCheckpoint, type Usage, type UsageRecord } from "@baton/core";

/** A user message. */
export function userTurn(text: string, userId = "user-1"): NewConversationMessage {
  return { role: "user", parts: [{ type: "text", text }], userId };
}

/** An assistant message with every kind of part a run writes. */
export function assistantTurn(marker: string): NewConversationMessage {
  return {
    role: "assistant",
    runId: "run-1",
    agentPath: "main",
    userId: "user-1",
    parts: [
      {
        type: "text",
        text: `Let me look that up (${marker}).`,
        reasoning: [{ type: "reasoning", text: "The user wants facts.", id: "rs_1", signature: "sig==" }],
        toolCalls: [{ type: "tool-call", toolCallId: `call_${marker}`, toolName: "search", arguments: { query: marker, limit: 3, nested: { deep: [1, "two", null] } } }],
        tokens: { output: 42, reasoning: 7 },
        iteration: 1,
      },
      {
        type: "progress",
        toolCallId: `call_${marker}`,
        toolName: "search",
        group: { name: "Searching", icon: "SEARCH", steps: [{ id: "s1", title: "Fetching", status: "done", items: [{ kind: "link", url: "https://example.com", title: "Example" }], startedAt: 1, endedAt: 2 }] },
      },
      { type: "tool-results", results: [{ type: "tool-result", toolCallId: `call_${marker}`, toolName: "search", result: { hits: [marker], score: 0.5 } }] },
      { type: "text", text: `Found it: ${marker}.`, tokens: { output: 9, reasoning: 0 }, iteration: 2 },
    ],
  };
}

/** A usage record. */
export function usageRecord(overrides: Partial<UsageRecord> = {}): UsageRecord {
  const base: Usage = { model: "gpt-test", agentPath: "main", iteration: 1, tools: ["search"], inputTokens: 100, outputTokens: 20, cachedInputTokens: 10, reasoningTokens: 5, costUsd: 0.0012 };
  return { ...base, runId: "run-1", conversationId: "conv-1", userId: "user-1", recordedAt: 1_700_000_000_000, ...overrides };
}

/** A checkpoint of a run's agent. */
export function checkpoint(runId: string, overrides: Partial<RunCheckpoint> = {}): RunCheckpoint {
  return {
    version: RUN_CHECKPOINT_VERSION,
    runId,
    agentPath: "main",
    conversationId: "conv-1",
    model: "gpt-test",
    history: { conversationId: "conv-1", throughSeq: 1 },
    iteration: 1,
    toolCallCount: 1,
    messages: [
      { role: "assistant", content: [{ type: "text", text: "Searching." }, { type: "tool-call", toolCallId: "call_1", toolName: "search", arguments: { q: "x" } }] },
      { role: "tool", content: [{ type: "tool-result", toolCallId: "call_1", toolName: "search", result: ["a", "b"] }] },
    ],
    loop: { hasToolCalls: true, finalAnswerRequested: false, subAgentToolCalls: 0, toolMetadata: { call_1: { cached: true } }, turnIterations: [1] },
    progress: [{ type: "progress", toolCallId: "call_1", toolName: "search", group: { name: "Searching", steps: [] } }],
    usage: [{ model: "gpt-test", agentPath: "main", iteration: 1, tools: ["search"], inputTokens: 10, outputTokens: 5, cachedInputTokens: 0, reasoningTokens: 0 }],
    custom: { retries: 1, plan: ["a", "b"] },
    savedAt: 1_700_000_000_000,
    ...overrides,
  };
}

/** Resolves after `ms` milliseconds (to separate write times for retention tests). */
export function pause(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
