import { describe, expect, it } from "vitest";
import { STORE_EVERYTHING, StorageError, type ContextEngine, type NewConversationMessage, type Storage, type Tool } from "@baton/core";
import { fakeTool, scriptedModel } from "@baton/testing";
import { MemoryDatabase, MemoryStorage, createMemoryStorage } from "@baton/storage-memory";
import { resume, run } from "../src/index.js";

const twoTools = () => [fakeTool({ name: "research", result: "deep findings" }), fakeTool({ name: "memory", result: "private notes" })];
const script = () =>
  scriptedModel([
    {
      text: "Working.",
      reasoning: "Think first.",
      toolCalls: [
        { name: "research", arguments: { q: "a" } },
        { name: "memory", arguments: {} },
      ],
      usage: { inputTokens: 50, outputTokens: 12, reasoningTokens: 4 },
    },
    { text: "Answer.", usage: { inputTokens: 80, outputTokens: 3 } },
  ]);

/** Makes `storage` refuse answers (assistant messages) as an unreachable Redis would, while `down()` holds. */
function refuseAnswers(storage: Storage, down: () => boolean): void {
  const append = storage.appendMessages.bind(storage);
  storage.appendMessages = async (conversationId: string, messages: readonly NewConversationMessage[]) => {
    if (down() && messages.some((message) => message.role === "assistant")) throw unreachable();
    return append(conversationId, messages);
  };
}

/** The error the Redis adapter throws while Redis is unreachable. */
function unreachable(): StorageError {
  return new StorageError("Redis storage: appendMessages failed: Redis is unreachable (Connection is closed.)");
}

describe("persistence", () => {
  it("without storage nothing is persisted and the result says so", async () => {
    const result = await run({ provider: script(), model: "m", input: "x", tools: twoTools() });
    expect(result.persisted).toBe(false);
  });

  it("stores the input first, then the run as one message of ordered parts, its usage per call and a final checkpoint", async () => {
    const storage = createMemoryStorage();
    const stepTool: Tool = {
      ...fakeTool({ name: "research", result: "deep findings" }),
      execute: async (_args, ctx) => {
        await ctx.reportStep({ group: "Searching", groupIcon: "SEARCH", stepId: "s1", title: "Fetching", status: "active", at: 1 });
        await ctx.reportStep({ group: "Searching", stepId: "s1", title: "Fetched", status: "done", items: [{ kind: "text", text: "2 hits" }], at: 2 });
        return "deep findings";
      },
    };
    const result = await run({
      provider: script(),
      model: "m",
      input: "Question?",
      tools: [stepTool, fakeTool({ name: "memory", result: "private notes" })],
      storage,
      conversationId: "c1",
      runId: "r1",
      userId: "u1",
    });
    expect(result.persisted).toBe(true);
    const stored = await storage.loadMessages("c1");
    expect(stored.map((m) => [m.seq, m.role, m.runId, m.userId])).toEqual([
      [1, "user", "r1", "u1"],
      [2, "assistant", "r1", "u1"],
    ]);
    expect(stored[1]!.parts).toEqual([
      {
        type: "text",
        text: "Working.",
        reasoning: [{ type: "reasoning", text: "Think first." }],
        toolCalls: [
          { type: "tool-call", toolCallId: expect.any(String), toolName: "research", arguments: { q: "a" } },
          { type: "tool-call", toolCallId: expect.any(String), toolName: "memory", arguments: {} },
        ],
        tokens: { output: 12, reasoning: 4 },
        iteration: 1,
      },
      {
        type: "progress",
        toolCallId: expect.any(String),
        toolName: "research",
        group: {
          name: "Searching",
          icon: "SEARCH",
          steps: [{ id: "s1", title: "Fetched", status: "done", items: [{ kind: "text", text: "2 hits" }], startedAt: 1, endedAt: 2 }],
        },
      },
      {
        type: "tool-results",
        results: [
          { type: "tool-result", toolCallId: expect.any(String), toolName: "research", result: "deep findings" },
          { type: "tool-result", toolCallId: expect.any(String), toolName: "memory", result: "private notes" },
        ],
      },
      { type: "text", text: "Answer.", tokens: { output: 3, reasoning: 0 }, iteration: 2 },
    ]);
    const checkpoint = await storage.loadCheckpoint("r1");
    expect(checkpoint).toMatchObject({
      format: "baton.run-state",
      version: 3,
      runId: "r1",
      agentPath: "main",
      status: "finished",
      stopReason: "completed",
      conversation: { id: "c1", throughSeq: 1 },
      userId: "u1",
    });
    expect(checkpoint?.root).toMatchObject({ iteration: 2, toolCallCount: 2, status: "finished", text: "Answer." });
    expect(checkpoint?.root.batch).toBeUndefined();
    expect((await storage.queryUsage({ userId: "u1" })).map((u) => [u.runId, u.conversationId, u.iteration, u.inputTokens, u.tools])).toEqual([
      ["r1", "c1", 1, 50, ["research", "memory"]],
      ["r1", "c1", 2, 80, []],
    ]);
    expect(await storage.claimRun("r1", { owner: "other", leaseMs: 1000 })).toEqual({ claimed: false, reason: "finished" });
  });

  it("continues a stored conversation: the next run's model sees the earlier turns", async () => {
    const storage = createMemoryStorage();
    await run({ provider: scriptedModel(["Paris."]), model: "m", input: "Capital of France?", storage, conversationId: "c1" });
    const second = scriptedModel(["About 2.1 million."]);
    await run({ provider: second, model: "m", input: "Its population?", instructions: "Be brief.", storage, conversationId: "c1" });
    expect(second.requests[0]!.messages).toEqual([
      { role: "system", content: "Be brief." },
      { role: "user", content: [{ type: "text", text: "Capital of France?" }] },
      { role: "assistant", content: [{ type: "text", text: "Paris." }] },
      { role: "user", content: [{ type: "text", text: "Its population?" }] },
    ]);
    expect((await storage.loadMessages("c1")).map((m) => m.role)).toEqual(["user", "assistant", "user", "assistant"]);
  });

  it("records each model call's usage as it happens, before the run ends", async () => {
    const storage = createMemoryStorage();
    let seenDuringTool: number | undefined;
    const probe: Tool = { ...fakeTool({ name: "probe" }), execute: async () => ((seenDuringTool = (await storage.queryUsage({ runId: "r1" })).length), "ok") };
    await run({
      provider: scriptedModel([{ toolCalls: [{ name: "probe", arguments: {} }] }, { toolCalls: [{ name: "probe", arguments: {} }] }, "done"]),
      model: "m",
      input: "x",
      tools: [probe],
      storage,
      runId: "r1",
    });
    // The first call's usage is recorded once its batch ends, so the second batch sees it.
    expect(seenDuringTool).toBe(1);
    expect(await storage.queryUsage({ runId: "r1" })).toHaveLength(3);
  });

  it("writes nothing the policy excludes, checkpoints included, as the raw store shows", async () => {
    const database = new MemoryDatabase();
    const storage = new MemoryStorage({ database });
    const keepResearch = (name: string) => name === "research";
    await run({
      provider: script(),
      model: "m",
      input: "Question?",
      tools: twoTools(),
      storage,
      conversationId: "c1",
      runId: "r1",
      config: { dataPolicy: { storeText: true, storeToolCalls: true, storeToolResults: true, filterToolCalls: keepResearch, filterToolResults: keepResearch } },
    });
    const everything = database.dump();
    expect(everything).toContain("deep findings");
    expect(everything).not.toContain("private notes");
    expect(everything).not.toContain("memory");

    const noText = new MemoryDatabase();
    await run({
      provider: script(),
      model: "m",
      input: "Question?",
      tools: twoTools(),
      storage: new MemoryStorage({ database: noText }),
      conversationId: "c2",
      config: { dataPolicy: { storeText: false, storeToolCalls: false, storeToolResults: false } },
    });
    expect(noText.dump()).toContain("Question?");
    expect(noText.dump().match(/Working\.|Answer\.|Think first|deep findings|private notes/g)).toBeNull();
  });

  it("a tool marked not for history is stored as its summary", async () => {
    const storage = createMemoryStorage();
    const big: Tool = {
      ...fakeTool({ name: "fetch", result: "A".repeat(5000) }),
      includeInHistory: false,
      summarize: (r) => `fetched ${String(r).length} chars`,
    };
    const model = scriptedModel([{ toolCalls: [{ name: "fetch", arguments: {} }] }, "ok"]);
    const result = await run({ provider: model, model: "m", input: "x", tools: [big], storage, conversationId: "c" });
    const [, answer] = await storage.loadMessages("c");
    expect(answer!.parts.find((part) => part.type === "tool-results")).toMatchObject({ results: [{ result: "fetched 5000 chars" }] });
    // The model itself saw the full result.
    expect(JSON.stringify(model.requests[1]!.messages)).toContain("A".repeat(5000));
    expect(result.toolCalls[0]!.result).toBe("A".repeat(5000));
    expect(JSON.stringify(await storage.loadCheckpoint(result.runId))).not.toContain("AAAA");
  });

  it("a failing storage write does not break the run; the result says it was not fully persisted", async () => {
    const storage = createMemoryStorage();
    storage.recordUsage = async () => {
      throw new Error("disk full");
    };
    const errors: unknown[] = [];
    const result = await run({
      provider: scriptedModel(["hi"]),
      model: "m",
      input: "x",
      storage,
      conversationId: "c",
      onEvent: (e) => e.type === "error" && errors.push(e.error),
    });
    expect(errors).toEqual([{ name: "BatonError", code: "STORAGE_ERROR", message: "Storage write failed: disk full", retryable: true }]);
    expect(result.stopReason).toBe("completed");
    expect(result.text).toBe("hi");
    expect(result.persisted).toBe(false);
    expect(await storage.loadMessages("c")).toHaveLength(2);
  });

  it("retries the answer and the final state through a short storage outage: both stored once, nothing reported", async () => {
    const storage = createMemoryStorage();
    const append = storage.appendMessages.bind(storage);
    const save = storage.saveCheckpoint.bind(storage);
    let appends = 0;
    // The input goes in; the answer's first append fails before it is done, its second is done but its reply is lost.
    storage.appendMessages = async (conversationId, messages) => {
      appends++;
      if (appends === 2) throw unreachable();
      const appended = await append(conversationId, messages);
      if (appends === 3) throw unreachable();
      return appended;
    };
    let finalSaves = 0;
    storage.saveCheckpoint = async (state, claim) => {
      if (state.root.status === "finished" && ++finalSaves === 1) throw unreachable();
      return save(state, claim);
    };
    const errors: unknown[] = [];
    const result = await run({
      provider: scriptedModel(["hi"]),
      model: "m",
      input: "x",
      runId: "r-outage",
      storage,
      conversationId: "c",
      onEvent: (e) => e.type === "error" && errors.push(e.error),
    });
    expect(errors).toEqual([]);
    expect(result.persisted).toBe(true);
    // The third append was done: the retry after it finds the answer stored and appends nothing.
    expect(appends).toBe(3);
    expect(finalSaves).toBe(2);
    const stored = await storage.loadMessages("c");
    expect(stored.map((message) => [message.role, message.parts.map((part) => ("text" in part ? part.text : part.type)).join("")])).toEqual([
      ["user", "x"],
      ["assistant", "hi"],
    ]);
    expect((await storage.loadCheckpoint("r-outage"))?.stopReason).toBe("completed");
  });

  it("an answer that cannot be stored in time leaves the run resumable instead of finished, and resume() stores it once", async () => {
    const storage = createMemoryStorage();
    let down = true;
    refuseAnswers(storage, () => down);
    const errors: { code: string }[] = [];
    const first = await run({
      provider: scriptedModel(["hi"], { repeatLast: true }),
      model: "m",
      input: "x",
      runId: "r-down",
      storage,
      conversationId: "c",
      claimLeaseMs: 50,
      storageWaitMs: 400,
      onEvent: (e) => e.type === "error" && errors.push(e.error),
    });
    expect(first.stopReason).toBe("completed");
    expect(first.persisted).toBe(false);
    expect(errors.map((error) => error.code)).toEqual(["STORAGE_ERROR"]);
    expect(await storage.loadMessages("c")).toHaveLength(1);
    const checkpoint = await storage.loadCheckpoint("r-down");
    expect(checkpoint?.stopReason).toBeUndefined();

    down = false;
    await new Promise((resolve) => setTimeout(resolve, 80));
    // Its last stored checkpoint is from before its last model call: resume() makes that call again and stores its answer.
    const model = scriptedModel(["hi again"]);
    const resumed = await resume({ provider: model, model: "m", runId: "r-down", storage });
    expect(resumed).toMatchObject({ stopReason: "completed", text: "hi again", persisted: true });
    expect(model.callCount).toBe(1);
    const stored = await storage.loadMessages("c");
    expect(stored.map((message) => [message.role, message.parts.map((part) => ("text" in part ? part.text : "")).join("")])).toEqual([
      ["user", "x"],
      ["assistant", "hi again"],
    ]);
    expect((await storage.loadCheckpoint("r-down"))?.stopReason).toBe("completed");
  });

  it("a stored state whose root finished before the run's end was stored: resume() only stores the end, calling no model and no tool", async () => {
    const storage = createMemoryStorage();
    let down = true;
    refuseAnswers(storage, () => down);
    const tools = twoTools();
    const first = await run({
      provider: script(),
      model: "m",
      input: "x",
      tools,
      runId: "r-end",
      storage,
      conversationId: "c",
      claimOwner: "A",
      claimLeaseMs: 50,
      storageWaitMs: 150,
    });
    expect(first.persisted).toBe(false);
    // What a checkpoint read as the run ended holds (the process stopped before its final one): the root finished, the run not.
    const { stopReason: _unstored, ...ending } = first.state!;
    await storage.saveCheckpoint({ ...ending, status: "running" }, { owner: "A", token: 1, leaseMs: 0 });
    down = false;

    const model = script();
    const events: string[] = [];
    const resumed = await resume({ provider: model, model: "m", tools, runId: "r-end", storage, onEvent: (e) => void events.push(e.type) });
    expect(resumed).toMatchObject({ stopReason: "completed", text: "Answer.", persisted: true, toolCallCount: 2, iterations: 2 });
    expect(model.callCount).toBe(0);
    expect(events).toEqual(["run-start", "run-end"]);
    expect((await storage.loadMessages("c")).map((message) => [message.role, message.runId])).toEqual([
      ["user", "r-end"],
      ["assistant", "r-end"],
    ]);
    expect((await storage.loadCheckpoint("r-end"))?.stopReason).toBe("completed");
    expect((await storage.queryUsage({ runId: "r-end" })).map((usage) => usage.iteration)).toEqual([1, 2]);
  });

  it('with retryableErrorEnds "attempt", a run whose answer could not be stored says resumable; one whose end was stored does not', async () => {
    const storage = createMemoryStorage();
    let down = true;
    refuseAnswers(storage, () => down);
    const options = { provider: scriptedModel(["hi"], { repeatLast: true }), model: "m", input: "x", storage, conversationId: "c", storageWaitMs: 250 };
    const left = await run({ ...options, runId: "r-left", retryableErrorEnds: "attempt" });
    expect(left).toMatchObject({ stopReason: "completed", text: "hi", persisted: false, resumable: true });
    expect((await storage.loadCheckpoint("r-left"))?.stopReason).toBeUndefined();
    // Without the option the run is not marked finished either, but the result does not ask for a retry.
    const plain = await run({ ...options, runId: "r-plain" });
    expect(plain.persisted).toBe(false);
    expect(plain.resumable).toBeUndefined();
    down = false;
    const stored = await run({ ...options, runId: "r-stored", retryableErrorEnds: "attempt" });
    expect(stored.persisted).toBe(true);
    expect(stored.resumable).toBeUndefined();
  });

  it("a corrupt stored conversation ends the run with an error naming the record, before any model call", async () => {
    const database = new MemoryDatabase();
    const storage = new MemoryStorage({ database });
    await run({ provider: scriptedModel(["one"]), model: "m", input: "first", storage, conversationId: "c1" });
    database.conversations.get("c1")!.messages[1] = "{not json";
    const model = scriptedModel(["never"]);
    const result = await run({ provider: model, model: "m", input: "second", storage, conversationId: "c1" });
    expect(result.stopReason).toBe("error");
    expect(result.error).toMatchObject({ code: "STORAGE_CORRUPT", details: { record: 'conversation "c1" message 2' } });
    expect(model.requests).toHaveLength(0);
  });

  it("refuses a run id that a stored run already uses", async () => {
    const storage = createMemoryStorage();
    await run({ provider: scriptedModel(["one"]), model: "m", input: "x", storage, runId: "r1" });
    const result = await run({ provider: scriptedModel(["two"]), model: "m", input: "x", storage, runId: "r1" });
    expect(result.stopReason).toBe("error");
    expect(result.error).toMatchObject({ code: "INVALID_CONFIGURATION" });
    expect(result.error?.message).toContain('Run id "r1" is already used');
  });

  it("a new run started again after its first process died before its first checkpoint keeps its input once", async () => {
    const storage = createMemoryStorage();
    await run({ provider: scriptedModel(["A1"]), model: "m", input: "Q1", storage, conversationId: "c1" });
    // The first process claimed "r2", appended its input, and died before its first checkpoint (its lease ran out).
    const now = Date.now();
    await storage.claimRun("r2", { owner: "dead", leaseMs: 10, now: now - 1_000 });
    await storage.appendMessages("c1", [{ role: "user", parts: [{ type: "text", text: "Q2" }], runId: "r2", agentPath: "main" }]);
    // Another run appended to the conversation meanwhile: it comes after the input and is not read.
    await storage.appendMessages("c1", [{ role: "user", parts: [{ type: "text", text: "later" }], runId: "r3", agentPath: "main" }]);
    const model = scriptedModel(["A2"]);
    const result = await run({ provider: model, model: "m", input: "Q2", storage, conversationId: "c1", runId: "r2" });
    expect(result.stopReason).toBe("completed");
    expect(model.requests[0]!.messages).toEqual([
      { role: "user", content: [{ type: "text", text: "Q1" }] },
      { role: "assistant", content: [{ type: "text", text: "A1" }] },
      { role: "user", content: [{ type: "text", text: "Q2" }] },
    ]);
    const stored = await storage.loadMessages("c1");
    expect(stored.map((m) => [m.seq, m.role, m.runId])).toEqual([
      [1, "user", expect.any(String)],
      [2, "assistant", expect.any(String)],
      [3, "user", "r2"],
      [4, "user", "r3"],
      [5, "assistant", "r2"],
    ]);
    expect(await storage.loadCheckpoint("r2")).toMatchObject({ conversation: { id: "c1", throughSeq: 3 }, stopReason: "completed" });
  });

  it("a new run whose id was claimed before without appending anything appends its input as usual", async () => {
    const storage = createMemoryStorage();
    await storage.claimRun("r1", { owner: "gave-up", leaseMs: 0 });
    const model = scriptedModel(["A"]);
    await run({ provider: model, model: "m", input: "Q", storage, conversationId: "c1", runId: "r1" });
    expect((await storage.loadMessages("c1")).map((m) => [m.seq, m.role, m.runId])).toEqual([
      [1, "user", "r1"],
      [2, "assistant", "r1"],
    ]);
  });

  it("stores a summary the context engine asks to keep, and the next run reads it instead of the turns it covers", async () => {
    const storage: Storage = createMemoryStorage();
    await run({ provider: scriptedModel(["A1"]), model: "m", input: "Q1", storage, conversationId: "c1" });
    const summarizing: ContextEngine = { prepare: async (input) => ({ inLoop: input.inLoop, summary: "They asked Q1 and Q2.", persistSummary: true }) };
    await run({ provider: scriptedModel(["A2"]), model: "m", input: "Q2", storage, conversationId: "c1", contextEngine: summarizing });
    expect(await storage.loadSummary("c1")).toMatchObject({ text: "They asked Q1 and Q2.", throughSeq: 3 });
    const third = scriptedModel(["A3"]);
    await run({ provider: third, model: "m", input: "Q3", storage, conversationId: "c1" });
    expect(third.requests[0]!.messages).toEqual([
      { role: "system", content: "Summary of the earlier conversation:\nThey asked Q1 and Q2." },
      { role: "assistant", content: [{ type: "text", text: "A2" }] },
      { role: "user", content: [{ type: "text", text: "Q3" }] },
    ]);
  });

  it("uses the store-everything policy by default", () => {
    expect(STORE_EVERYTHING.storeText && STORE_EVERYTHING.storeToolCalls && STORE_EVERYTHING.storeToolResults).toBe(true);
  });
});
