import { RUN_CHECKPOINT_VERSION, toConversationMessages, withDataPolicy, type DataPolicy, type Message, type Storage } from "@baton/core";
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
  await storage.saveCheckpoint(
    {
      version: RUN_CHECKPOINT_VERSION,
      runId: "run-1",
      agentPath: "main",
      model: "m",
      history: { messages: messages.slice(0, 1) },
      iteration: 1,
      toolCallCount: 2,
      messages: messages.slice(1, 2),
      pending: {
        results: [
          { type: "tool-result", toolCallId: "call_m", toolName: "memory_lookup", result: "SECRET-pending-result" },
          { type: "tool-result", toolCallId: "call_r", toolName: "research", result: "KEPT-pending-result" },
        ],
        usage: { ...usageRecord(), tools: ["memory_lookup"] },
      },
      progress: [
        { type: "progress", toolCallId: "call_m", toolName: "memory_lookup", group: { name: "SECRET-checkpoint-progress", steps: [] } },
        { type: "progress", toolCallId: "call_r", toolName: "research", group: { name: "KEPT-checkpoint-progress", steps: [] } },
      ],
      loop: { hasToolCalls: true, finalAnswerRequested: false, subAgentToolCalls: 0, toolMetadata: {}, turnIterations: [1] },
      usage: [{ ...usageRecord(), tools: ["research", "memory_lookup"] }],
      custom: {},
      savedAt: 1,
    },
    { owner: "a", leaseMs: 60_000 },
  );
  await storage.archiveToolOutput({ id: "call_m", toolName: "memory_lookup", toolCallId: "call_m", result: "SECRET-archived" });
  await storage.archiveToolOutput({ id: "call_r", toolName: "research", toolCallId: "call_r", result: "KEPT-archived" });
  await storage.saveSummary("conv-1", { text: "SECRET-summary", throughSeq: 1 });
  await storage.recordUsage([{ ...usageRecord(), tools: ["research", "memory_lookup"] }]);
}

/** Data policies applied at write time: what a policy excludes is in no table, row or key. */
export function policyTests(current: () => StorageHarness): void {
  it("writes nothing a data policy excludes, checkpoints included, as the raw database shows", async () => {
    const harness = current();
    await writeThroughPolicy(withDataPolicy(harness.storage, POLICY));
    const dump = await harness.dump();
    for (const kept of ["KEPT-user-question", "KEPT-research-args", "KEPT-research-result", "KEPT-progress", "KEPT-pending-result", "KEPT-archived", "KEPT-checkpoint-progress"]) {
      expect(dump, `the dump should hold ${kept}`).toContain(kept);
    }
    expect(dump.match(/SECRET-[a-z-]+/g) ?? []).toEqual([]);
    expect(dump).not.toContain("memory_lookup");
  });

  it("stores everything with the store-everything policy (the dump is the real database)", async () => {
    const harness = current();
    await writeThroughPolicy(harness.storage);
    const dump = await harness.dump();
    for (const secret of ["SECRET-reasoning", "SECRET-assistant-text", "SECRET-memory-args", "SECRET-memory-result", "SECRET-progress", "SECRET-pending-result", "SECRET-archived", "SECRET-summary", "SECRET-checkpoint-progress"]) {
      expect(dump).toContain(secret);
    }
  });
}
