import { describe, expect, it } from "vitest";
import { RUN_CHECKPOINT_VERSION, userMessage, type Message, type RunCheckpoint } from "@baton/core";
import { createRecordingStorage } from "./recording-storage.js";

function checkpoint(overrides: Partial<RunCheckpoint> = {}): RunCheckpoint {
  return {
    version: RUN_CHECKPOINT_VERSION,
    runId: "run-1",
    agentPath: "main",
    iteration: 1,
    toolCallCount: 0,
    messages: [userMessage("hi")],
    custom: { step: 1 },
    savedAt: 1_700_000_000_000,
    ...overrides,
  };
}

describe("createRecordingStorage", () => {
  it("appends and loads conversation messages in order", async () => {
    const storage = createRecordingStorage();
    await storage.appendMessages("c1", [userMessage("one")]);
    await storage.appendMessages("c1", [{ role: "assistant", content: [{ type: "text", text: "two" }] }]);
    expect(await storage.loadMessages("c1")).toEqual([userMessage("one"), { role: "assistant", content: [{ type: "text", text: "two" }] }]);
    expect(await storage.loadMessages("unknown")).toEqual([]);
    expect(storage.conversations.get("c1")).toHaveLength(2);
    expect(storage.writes).toBe(2);
  });

  it("copies on write and on read", async () => {
    const storage = createRecordingStorage();
    const messages: Message[] = [userMessage("original")];
    await storage.appendMessages("c1", messages);
    (messages[0]!.content[0] as { text: string }).text = "changed by caller";
    const loaded = await storage.loadMessages("c1");
    expect(loaded).toEqual([userMessage("original")]);
    (loaded[0]!.content[0] as { text: string }).text = "changed by reader";
    expect(await storage.loadMessages("c1")).toEqual([userMessage("original")]);
  });

  it("saves checkpoints by run and agent path, replacing older ones", async () => {
    const storage = createRecordingStorage();
    await storage.saveCheckpoint(checkpoint());
    await storage.saveCheckpoint(checkpoint({ iteration: 2 }));
    await storage.saveCheckpoint(checkpoint({ agentPath: "main/researcher#1", iteration: 7 }));
    expect([...storage.checkpoints.keys()]).toEqual(["run-1:main", "run-1:main/researcher#1"]);
    expect((await storage.loadCheckpoint("run-1"))?.iteration).toBe(2);
    expect((await storage.loadCheckpoint("run-1", "main/researcher#1"))?.iteration).toBe(7);
    expect(await storage.loadCheckpoint("run-2")).toBeUndefined();

    const loaded = await storage.loadCheckpoint("run-1");
    (loaded!.custom as Record<string, unknown>)["step"] = 99;
    expect((await storage.loadCheckpoint("run-1"))?.custom).toEqual({ step: 1 });
  });

  it("records usage records in order, and clear() empties everything", async () => {
    const storage = createRecordingStorage();
    const record = {
      runId: "run-1",
      model: "test",
      agentPath: "main",
      iteration: 1,
      tools: ["search"],
      inputTokens: 10,
      outputTokens: 5,
      cachedInputTokens: 0,
      reasoningTokens: 0,
    };
    await storage.recordUsage([record, { ...record, iteration: 2 }]);
    expect(storage.usage.map((usage) => usage.iteration)).toEqual([1, 2]);
    expect(storage.usage[0]).not.toBe(record);
    expect(storage.writes).toBe(1);
    storage.clear();
    expect(storage.usage).toEqual([]);
    expect(storage.conversations.size + storage.checkpoints.size + storage.writes).toBe(0);
  });
});
