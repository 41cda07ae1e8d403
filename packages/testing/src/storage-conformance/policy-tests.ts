import {
  RUN_STATE_FORMAT,
  RUN_STATE_VERSION,
  createAgentState,
  type AgentState,
  type DataPolicy,
  type Message,
  type RunCheckpoint,
  type Storage,
} from "@baton/core";
import { toConversationMessages, withDataPolicy } from "@baton/core/storage-kit";
import { expect, it } from "vitest";
import type { StorageHarness } from "./harness.js";
import { usageRecord } from "./sample-data.js";

/** A run's messages where every excluded piece carries a secret marker and every kept piece a visible one. */
function runMessages(): Message[] {
  return [
    { role: "user", content: [{ type: "text", text: "KEPT-user-question" }] },
    {
      role: "assistant",
      content: [
        { type: "reasoning", text: "SECRET-reasoning" },
        { type: "text", text: "SECRET-assistant-text" },
        { type: "tool-call", toolCallId: "call_r", toolName: "research", arguments: { topic: "KEPT-research-args" } },
        { type: "tool-call", toolCallId: "call_m", toolName: "memory_lookup", arguments: { who: "SECRET-memory-args" } },
      ],
    },
    {
      role: "tool",
      content: [
        { type: "tool-result", toolCallId: "call_r", toolName: "research", result: "KEPT-research-result" },
        { type: "tool-result", toolCallId: "call_m", toolName: "memory_lookup", result: "SECRET-memory-result" },
      ],
    },
  ];
}

/** Only research tools, and no model text: the deep-research shape with text off. */
const POLICY: DataPolicy = {
  storeText: false,
  storeToolCalls: true,
  storeToolResults: true,
  filterToolCalls: (name) => name === "research",
  filterToolResults: (name) => name === "research",
};

async function writeThroughPolicy(storage: Storage): Promise<void> {
  const messages = runMessages();
  await storage.appendMessages(
    "conv-1",
    toConversationMessages(messages, {
      runId: "run-1",
      progress: [
        { type: "progress", toolCallId: "call_m", toolName: "memory_lookup", group: { name: "SECRET-progress", steps: [] } },
        { type: "progress", toolCallId: "call_r", toolName: "research", group: { name: "KEPT-progress", steps: [] } },
      ],
    }),
  );
  await storage.claimRun("run-1", { owner: "a", leaseMs: 60_000 });
  const researchCall = { type: "tool-call", toolCallId: "call_r", toolName: "research", arguments: { topic: "KEPT-research-args" } } as const;
  const memoryCall = { type: "tool-call", toolCallId: "call_m", toolName: "memory_lookup", arguments: { who: "SECRET-memory-args" } } as const;
  await storage.saveCheckpoint(
    {
      format: RUN_STATE_FORMAT,
      version: RUN_STATE_VERSION,
      runId: "run-1",
      agentPath: "main",
      status: "running",
      savedAt: 1,
      root: {
        ...createAgentState({ runId: "run-1", agentPath: "main", model: "m", messages: messages.slice(0, 1), toolCallLimit: 25, maxIterations: 10 }),
        step: "tools",
        iteration: 1,
        toolCallCount: 2,
        added: messages.slice(1, 2),
        inLoopMessages: messages.slice(1, 2),
        turnIterations: [1],
        lastText: "SECRET-assistant-text",
        lastToolCalls: [researchCall, memoryCall],
        usage: [{ ...usageRecord(), tools: ["research", "memory_lookup"] }],
        progress: [
          { type: "progress", toolCallId: "call_m", toolName: "memory_lookup", group: { name: "SECRET-checkpoint-progress", steps: [] } },
          { type: "progress", toolCallId: "call_r", toolName: "research", group: { name: "KEPT-checkpoint-progress", steps: [] } },
        ],
        batch: {
          iteration: 1,
          usage: { ...usageRecord(), tools: ["memory_lookup"] },
          usageRecorded: false,
          toolsSent: true,
          decided: true,
          calls: [
            { call: memoryCall, status: "done", outcome: { status: "ok", result: "SECRET-pending-result", durationMs: 1 } },
            { call: researchCall, status: "done", outcome: { status: "ok", result: "KEPT-pending-result", durationMs: 1 } },
          ],
        },
      },
    },
    { owner: "a", token: 1, leaseMs: 60_000 },
  );
  await storage.archiveToolOutput({ id: "call_m", toolName: "memory_lookup", toolCallId: "call_m", result: "SECRET-archived" });
  await storage.archiveToolOutput({ id: "call_r", toolName: "research", toolCallId: "call_r", result: "KEPT-archived" });
  await storage.saveSummary("conv-1", { text: "SECRET-summary", throughSeq: 1 });
  await storage.recordUsage([{ ...usageRecord(), tools: ["research", "memory_lookup"] }]);
}

/**
 * A run state whose root and whose nested run (in flight inside the root's open
 * batch) both used the excluded tool `memory_lookup`: in their messages, tool-call
 * records, open batches, progress and usage.
 */
function runStateWithExcludedTool(runId: string): RunCheckpoint {
  const memoryCall = (id: string, who: string) => ({ type: "tool-call", toolCallId: id, toolName: "memory_lookup", arguments: { who } }) as const;
  const researchCall = { type: "tool-call", toolCallId: "call_research", toolName: "research", arguments: { topic: "KEPT-root-research-args" } } as const;
  const fetchCall = { type: "tool-call", toolCallId: "call_fetch", toolName: "research", arguments: { topic: "KEPT-nested-research-args" } } as const;
  const nestedPath = "main/researcher#1";
  const nested: AgentState = {
    ...createAgentState({
      runId,
      agentPath: nestedPath,
      model: "m",
      messages: [{ role: "user", content: [{ type: "text", text: "KEPT-nested-task" }] }],
      toolCallLimit: 10,
      maxIterations: 5,
    }),
    step: "tools",
    iteration: 2,
    toolCallCount: 2,
    added: [
      { role: "assistant", content: [{ type: "text", text: "SECRET-nested-text" }, memoryCall("call_nested_m1", "SECRET-nested-args")] },
      { role: "tool", content: [{ type: "tool-result", toolCallId: "call_nested_m1", toolName: "memory_lookup", result: "SECRET-nested-result" }] },
      { role: "assistant", content: [fetchCall, memoryCall("call_nested_m2", "SECRET-nested-batch-args")] },
    ],
    turnIterations: [1, 2],
    toolCalls: [
      {
        toolCallId: "call_nested_m1",
        toolName: "memory_lookup",
        arguments: { who: "SECRET-nested-args" },
        status: "ok",
        result: "SECRET-nested-record",
        durationMs: 1,
        agentPath: nestedPath,
        iteration: 1,
      },
    ],
    usage: [
      { model: "m", agentPath: nestedPath, iteration: 1, tools: ["memory_lookup"], inputTokens: 1, outputTokens: 1, cachedInputTokens: 0, reasoningTokens: 0 },
    ],
    progress: [{ type: "progress", toolCallId: "call_nested_m1", toolName: "memory_lookup", group: { name: "SECRET-nested-progress", steps: [] } }],
    lastText: "SECRET-nested-text",
    lastToolCalls: [fetchCall, memoryCall("call_nested_m2", "SECRET-nested-batch-args")],
    batch: {
      iteration: 2,
      usage: {
        model: "m",
        agentPath: nestedPath,
        iteration: 2,
        tools: ["research", "memory_lookup"],
        inputTokens: 1,
        outputTokens: 1,
        cachedInputTokens: 0,
        reasoningTokens: 0,
      },
      usageRecorded: false,
      toolsSent: true,
      decided: true,
      calls: [
        { call: fetchCall, status: "done", outcome: { status: "ok", result: "KEPT-nested-research-result", durationMs: 2 } },
        {
          call: memoryCall("call_nested_m2", "SECRET-nested-batch-args"),
          status: "done",
          outcome: { status: "ok", result: "SECRET-nested-batch-result", durationMs: 2 },
        },
      ],
    },
  };
  const rootMemory = memoryCall("call_root_m", "SECRET-root-args");
  return {
    format: RUN_STATE_FORMAT,
    version: RUN_STATE_VERSION,
    runId,
    agentPath: "main",
    status: "running",
    savedAt: 2,
    root: {
      ...createAgentState({
        runId,
        agentPath: "main",
        model: "m",
        messages: [{ role: "user", content: [{ type: "text", text: "KEPT-root-question" }] }],
        toolCallLimit: 25,
        maxIterations: 10,
      }),
      step: "tools",
      iteration: 1,
      toolCallCount: 2,
      added: [{ role: "assistant", content: [{ type: "text", text: "SECRET-root-text" }, researchCall, rootMemory] }],
      turnIterations: [1],
      lastText: "SECRET-root-text",
      lastToolCalls: [researchCall, rootMemory],
      subRunNumbers: { researcher: 1 },
      usage: [
        {
          model: "m",
          agentPath: "main",
          iteration: 1,
          tools: ["research", "memory_lookup"],
          inputTokens: 1,
          outputTokens: 1,
          cachedInputTokens: 0,
          reasoningTokens: 0,
        },
      ],
      progress: [{ type: "progress", toolCallId: "call_root_m", toolName: "memory_lookup", group: { name: "SECRET-root-progress", steps: [] } }],
      batch: {
        iteration: 1,
        usage: {
          model: "m",
          agentPath: "main",
          iteration: 1,
          tools: ["research", "memory_lookup"],
          inputTokens: 1,
          outputTokens: 1,
          cachedInputTokens: 0,
          reasoningTokens: 0,
        },
        usageRecorded: false,
        toolsSent: true,
        decided: true,
        calls: [
          { call: researchCall, status: "pending", subRuns: [nested] },
          { call: rootMemory, status: "done", outcome: { status: "ok", result: "SECRET-root-result", durationMs: 1 } },
        ],
      },
    },
  };
}

/** Data policies applied at write time: what a policy excludes is in no table, row or key. */
export function policyTests(current: () => StorageHarness): void {
  it("writes nothing a data policy excludes, checkpoints included, as the raw database shows", async () => {
    const harness = current();
    await writeThroughPolicy(withDataPolicy(harness.storage, POLICY));
    const dump = await harness.dump();
    for (const kept of [
      "KEPT-user-question",
      "KEPT-research-args",
      "KEPT-research-result",
      "KEPT-progress",
      "KEPT-pending-result",
      "KEPT-archived",
      "KEPT-checkpoint-progress",
    ]) {
      expect(dump, `the dump should hold ${kept}`).toContain(kept);
    }
    expect(dump.match(/SECRET-[a-z-]+/g) ?? []).toEqual([]);
    expect(dump).not.toContain("memory_lookup");
  });

  it("writes no trace of an excluded tool in a run state, in its root or in a nested run in flight", async () => {
    const harness = current();
    const storage = withDataPolicy(harness.storage, POLICY);
    await storage.claimRun("run-p", { owner: "a", leaseMs: 60_000 });
    await storage.saveCheckpoint(runStateWithExcludedTool("run-p"), { owner: "a", token: 1, leaseMs: 60_000 });
    const dump = await harness.dump();
    for (const kept of [
      "KEPT-root-question",
      "KEPT-root-research-args",
      "KEPT-nested-task",
      "KEPT-nested-research-args",
      "KEPT-nested-research-result",
      "main/researcher#1",
    ]) {
      expect(dump, `the dump should hold ${kept}`).toContain(kept);
    }
    expect(dump.match(/SECRET-[a-z-]+/g) ?? []).toEqual([]);
    expect(dump).not.toContain("memory_lookup");
    // What was written is still a run state that loads, its nested run included.
    const loaded = await storage.loadCheckpoint("run-p");
    expect(loaded?.root.batch?.calls.map((entry) => entry.call.toolName)).toEqual(["research"]);
    expect(loaded?.root.batch?.calls[0]?.subRuns?.[0]?.batch?.calls.map((entry) => entry.call.toolName)).toEqual(["research"]);
  });

  it("stores everything with the store-everything policy (the dump is the real database)", async () => {
    const harness = current();
    await writeThroughPolicy(harness.storage);
    const dump = await harness.dump();
    for (const secret of [
      "SECRET-reasoning",
      "SECRET-assistant-text",
      "SECRET-memory-args",
      "SECRET-memory-result",
      "SECRET-progress",
      "SECRET-pending-result",
      "SECRET-archived",
      "SECRET-summary",
      "SECRET-checkpoint-progress",
    ]) {
      expect(dump).toContain(secret);
    }
  });
}
