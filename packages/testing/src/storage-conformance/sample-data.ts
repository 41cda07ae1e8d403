import {
  RUN_STATE_FORMAT,
  RUN_STATE_VERSION,
  createAgentState,
  type AgentState,
  type DataPolicy,
  type NewConversationMessage,
  type RunCheckpoint,
  type ToolJournalEntry,
  type Usage,
  type UsageRecord,
} from "@baton/core";

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
        toolCalls: [
          { type: "tool-call", toolCallId: `call_${marker}`, toolName: "search", arguments: { query: marker, limit: 3, nested: { deep: [1, "two", null] } } },
        ],
        tokens: { output: 42, reasoning: 7 },
        iteration: 1,
      },
      {
        type: "progress",
        toolCallId: `call_${marker}`,
        toolName: "search",
        group: {
          name: "Searching",
          icon: "SEARCH",
          steps: [
            { id: "s1", title: "Fetching", status: "done", items: [{ kind: "link", url: "https://example.com", title: "Example" }], startedAt: 1, endedAt: 2 },
          ],
        },
      },
      { type: "tool-results", results: [{ type: "tool-result", toolCallId: `call_${marker}`, toolName: "search", result: { hits: [marker], score: 0.5 } }] },
      { type: "text", text: `Found it: ${marker}.`, tokens: { output: 9, reasoning: 0 }, iteration: 2 },
    ],
  };
}

/** A usage record. */
export function usageRecord(overrides: Partial<UsageRecord> = {}): UsageRecord {
  const base: Usage = {
    model: "gpt-test",
    agentPath: "main",
    iteration: 1,
    tools: ["search"],
    inputTokens: 100,
    outputTokens: 20,
    cachedInputTokens: 10,
    reasoningTokens: 5,
    costUsd: 0.0012,
  };
  return { ...base, runId: "run-1", conversationId: "conv-1", userId: "user-1", recordedAt: 1_700_000_000_000, ...overrides };
}

/** What {@link checkpoint} changes of its default run state: the state's own fields, and fields of its root agent. */
export type CheckpointOverrides = Partial<Omit<RunCheckpoint, "format" | "version" | "root">> & { readonly root?: Partial<AgentState> };

/**
 * A run state as the loop saves it (format 3) after one model turn that called a
 * tool whose result is in: the root agent is named after `agentPath` (default
 * `main`), its history holds a system prompt and a question, and it has usage, a
 * tool-call record, tool metadata, progress and custom state.
 */
export function checkpoint(runId: string, overrides: CheckpointOverrides = {}): RunCheckpoint {
  const { root: rootOverrides, ...stateOverrides } = overrides;
  const agentPath = stateOverrides.agentPath ?? "main";
  const root: AgentState = {
    ...createAgentState({
      runId,
      agentPath,
      model: "gpt-test",
      messages: [
        { role: "system", content: "Be brief." },
        { role: "user", content: [{ type: "text", text: "Find x." }] },
      ],
      toolCallLimit: 25,
      maxIterations: 10,
    }),
    iteration: 1,
    toolCallCount: 1,
    added: [
      {
        role: "assistant",
        content: [
          { type: "text", text: "Searching." },
          { type: "tool-call", toolCallId: "call_1", toolName: "search", arguments: { q: "x" } },
        ],
      },
      { role: "tool", content: [{ type: "tool-result", toolCallId: "call_1", toolName: "search", result: ["a", "b"] }] },
    ],
    turnIterations: [1],
    usage: [{ model: "gpt-test", agentPath, iteration: 1, tools: ["search"], inputTokens: 10, outputTokens: 5, cachedInputTokens: 0, reasoningTokens: 0 }],
    toolCalls: [{ toolCallId: "call_1", toolName: "search", arguments: { q: "x" }, status: "ok", result: ["a", "b"], durationMs: 12, agentPath, iteration: 1 }],
    toolMetadata: { call_1: { cached: true } },
    lastText: "Searching.",
    lastToolCalls: [{ type: "tool-call", toolCallId: "call_1", toolName: "search", arguments: { q: "x" } }],
    progress: [{ type: "progress", toolCallId: "call_1", toolName: "search", group: { name: "Searching", steps: [] } }],
    custom: { retries: 1, plan: ["a", "b"] },
    ...rootOverrides,
  };
  root.inLoopMessages = rootOverrides?.inLoopMessages ?? [...root.added];
  return {
    format: RUN_STATE_FORMAT,
    version: RUN_STATE_VERSION,
    runId,
    agentPath,
    status: stateOverrides.stopReason === undefined ? "running" : "finished",
    conversation: { id: "conv-1", throughSeq: 2 },
    userId: "user-1",
    root,
    savedAt: 1_700_000_000_000,
    ...stateOverrides,
  };
}

/**
 * A run state paused in the middle of a tool batch whose first call runs a nested
 * agent: `root.batch.calls[0]` (`call_research`, pending) holds the nested run
 * (`main/researcher#1`, itself in its own batch, one call done), `root.batch.calls[1]`
 * (`call_fast`) is done.
 */
export function checkpointWithNestedRun(runId: string): RunCheckpoint {
  const base = checkpoint(runId);
  const nested: AgentState = {
    ...createAgentState({
      runId,
      agentPath: "main/researcher#1",
      model: "gpt-test-mini",
      messages: [
        { role: "system", content: "Research." },
        { role: "user", content: [{ type: "text", text: "topic y" }] },
      ],
      toolCallLimit: 10,
      maxIterations: 5,
    }),
    status: "running",
    step: "tools",
    iteration: 1,
    toolCallCount: 1,
    added: [{ role: "assistant", content: [{ type: "tool-call", toolCallId: "call_fetch", toolName: "fetch", arguments: { url: "https://example.com/y" } }] }],
    turnIterations: [1],
    lastToolCalls: [{ type: "tool-call", toolCallId: "call_fetch", toolName: "fetch", arguments: { url: "https://example.com/y" } }],
    custom: { notes: ["n1"] },
    batch: {
      iteration: 1,
      usage: {
        model: "gpt-test-mini",
        agentPath: "main/researcher#1",
        iteration: 1,
        tools: ["fetch"],
        inputTokens: 7,
        outputTokens: 3,
        cachedInputTokens: 0,
        reasoningTokens: 0,
      },
      usageRecorded: false,
      toolsSent: true,
      decided: true,
      calls: [
        {
          call: { type: "tool-call", toolCallId: "call_fetch", toolName: "fetch", arguments: { url: "https://example.com/y" } },
          status: "done",
          outcome: { status: "ok", result: { body: "y is 42" }, durationMs: 30 },
        },
      ],
    },
  };
  const researchCall = { type: "tool-call", toolCallId: "call_research", toolName: "research", arguments: { topic: "y" } } as const;
  const fastCall = { type: "tool-call", toolCallId: "call_fast", toolName: "fast", arguments: { n: 1 } } as const;
  return {
    ...base,
    root: {
      ...base.root,
      step: "tools",
      iteration: 2,
      added: [...base.root.added, { role: "assistant", content: [researchCall, fastCall] }],
      turnIterations: [1, 2],
      lastToolCalls: [researchCall, fastCall],
      subRunNumbers: { researcher: 1 },
      batch: {
        iteration: 2,
        usage: {
          model: "gpt-test",
          agentPath: "main",
          iteration: 2,
          tools: ["research", "fast"],
          inputTokens: 20,
          outputTokens: 8,
          cachedInputTokens: 4,
          reasoningTokens: 2,
        },
        usageRecorded: false,
        toolsSent: true,
        decided: true,
        calls: [
          { call: researchCall, status: "pending", subRuns: [nested] },
          { call: fastCall, status: "done", outcome: { status: "ok", result: "fast 1", durationMs: 3 } },
        ],
      },
    },
  };
}

/** Resolves after `ms` milliseconds (to separate write times for retention tests). */
export function pause(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/**
 * A journal entry of `runId`'s call `toolCallId`: its intent (started under token 1,
 * attempt 1), or, with `outcome`, the same call ended.
 */
export function journalEntry(runId: string, toolCallId: string, overrides: Partial<ToolJournalEntry> = {}): ToolJournalEntry {
  return { runId, toolCallId, toolName: "charge_card", agentPath: "main", attempt: 1, token: 1, startedAt: 1_700_000_000_000, ...overrides };
}

/**
 * The data policy of the journal's policy tests: `memory_lookup` calls are not stored,
 * `charge_card` results are not (see {@link policedJournalEntries}).
 */
export const JOURNAL_POLICY: DataPolicy = {
  storeText: true,
  storeToolCalls: true,
  storeToolResults: true,
  filterToolCalls: (name) => name !== "memory_lookup",
  filterToolResults: (name) => name !== "charge_card",
};

/**
 * Three ended calls of `runId` for {@link JOURNAL_POLICY}: `call-m` (excluded call,
 * result `SECRET-memory`), `call-c` (excluded result `SECRET-charge`) and `call-s` (kept,
 * `KEPT-search`).
 */
export function policedJournalEntries(runId: string): ToolJournalEntry[] {
  return [
    journalEntry(runId, "call-m", { toolName: "memory_lookup", outcome: { status: "ok", result: "SECRET-memory", durationMs: 1 } }),
    journalEntry(runId, "call-c", { outcome: { status: "ok", result: "SECRET-charge", durationMs: 1 } }),
    journalEntry(runId, "call-s", { toolName: "search", outcome: { status: "ok", result: "KEPT-search", durationMs: 1 } }),
  ];
}
