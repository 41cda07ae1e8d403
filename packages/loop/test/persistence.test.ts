import { describe, expect, it } from "vitest";
import type { Tool } from "@baton/core";
import { createRecordingStorage, fakeTool, scriptedModel } from "@baton/testing";
import { run } from "../src/index.js";

const twoTools = () => [fakeTool({ name: "research", result: "deep findings" }), fakeTool({ name: "memory", result: "private notes" })];
const script = () =>
  scriptedModel([{ text: "Working.", toolCalls: [{ name: "research", arguments: { q: "a" } }, { name: "memory", arguments: {} }] }, "Answer."]);

describe("persistence through the data policy", () => {
  it("without storage nothing is persisted and the result says so", async () => {
    const result = await run({ provider: script(), model: "m", input: "x", tools: twoTools() });
    expect(result.persisted).toBe(false);
  });

  it("stores the user message, the run's messages, checkpoints and usage", async () => {
    const storage = createRecordingStorage();
    const result = await run({ provider: script(), model: "m", input: "Question?", tools: twoTools(), storage, conversationId: "c1", runId: "r1" });
    expect(result.persisted).toBe(true);
    const stored = storage.conversations.get("c1")!;
    expect(stored.map((m) => m.role)).toEqual(["user", "assistant", "tool", "assistant"]);
    expect(stored[0]).toEqual({ role: "user", content: [{ type: "text", text: "Question?" }] });
    const checkpoint = storage.checkpoints.get("r1:main")!;
    expect(checkpoint).toMatchObject({ version: 1, runId: "r1", agentPath: "main", iteration: 2, toolCallCount: 2, stopReason: "completed", conversationId: "c1" });
    expect(storage.usage.map((u) => [u.runId, u.conversationId, u.iteration])).toEqual([
      ["r1", "c1", 1],
      ["r1", "c1", 2],
    ]);
  });

  it("what the policy excludes is written nowhere, checkpoints included", async () => {
    const storage = createRecordingStorage();
    const keepResearch = (name: string) => name === "research";
    await run({
      provider: script(),
      model: "m",
      input: "Question?",
      tools: twoTools(),
      storage,
      conversationId: "c1",
      runId: "r1",
      config: { getDataPolicy: () => ({ storeText: true, storeToolCalls: true, storeToolResults: true, filterToolCalls: keepResearch, filterToolResults: keepResearch }) },
    });
    const everything = JSON.stringify({ conversations: [...storage.conversations], checkpoints: [...storage.checkpoints] });
    expect(everything).toContain("deep findings");
    expect(everything).not.toContain("private notes");
    expect(everything).not.toContain('"memory"');

    const noText = createRecordingStorage();
    await run({
      provider: script(),
      model: "m",
      input: "Question?",
      tools: twoTools(),
      storage: noText,
      conversationId: "c2",
      config: { getDataPolicy: () => ({ storeText: false, storeToolCalls: false, storeToolResults: false }) },
    });
    expect(noText.conversations.get("c2")).toEqual([{ role: "user", content: [{ type: "text", text: "Question?" }] }]);
    expect(JSON.stringify([...noText.checkpoints])).not.toMatch(/Working|Answer|deep findings/);
  });

  it("a tool marked not for history is stored as its summary", async () => {
    const storage = createRecordingStorage();
    const big: Tool = { ...fakeTool({ name: "fetch", result: "A".repeat(5000) }), includeInHistory: false, summarize: (r) => `fetched ${String(r).length} chars` };
    const model = scriptedModel([{ toolCalls: [{ name: "fetch", arguments: {} }] }, "ok"]);
    const result = await run({ provider: model, model: "m", input: "x", tools: [big], storage, conversationId: "c" });
    const toolMessage = storage.conversations.get("c")!.find((m) => m.role === "tool")!;
    expect(toolMessage.content[0]).toMatchObject({ result: "fetched 5000 chars" });
    // The model itself saw the full result.
    expect(JSON.stringify(model.requests[1]!.messages)).toContain("A".repeat(5000));
    expect(result.toolCalls[0]!.result).toBe("A".repeat(5000));
  });

  it("a failing storage does not break the run; the result says it was not persisted", async () => {
    const storage = createRecordingStorage();
    storage.appendMessages = async () => {
      throw new Error("disk full");
    };
    const errors: unknown[] = [];
    const result = await run({ provider: scriptedModel(["hi"]), model: "m", input: "x", storage, conversationId: "c", onEvent: (e) => e.type === "error" && errors.push(e.error) });
    expect(errors).toEqual([{ name: "BatonError", code: "STORAGE_ERROR", message: "Storage write failed: disk full", retryable: true }]);
    expect(result.stopReason).toBe("completed");
    expect(result.text).toBe("hi");
    expect(result.persisted).toBe(false);
  });
});
