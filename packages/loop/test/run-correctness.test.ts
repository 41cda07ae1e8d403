import { describe, expect, it } from "vitest";
import type { ModelRequest, Storage, StreamEvent, Tool } from "@baton/core";
import { fakeTool, scriptedModel } from "@baton/testing";
import { createMemoryStorage, type MemoryStorage } from "@baton/storage-memory";
import { resume, run } from "../src/index.js";
import { toolsOf } from "./support/process-tools.js";

async function waitFor<T>(probe: () => Promise<T | undefined>, what: string): Promise<T> {
  const deadline = Date.now() + 5000;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}.`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/** A model that repeats one tool-call id for two calls of a turn, then answers from the results it got. */
function duplicatingModel() {
  const reply = (request: ModelRequest) => {
    const results = request.messages.flatMap((message) => (message.role === "tool" ? message.content : []));
    if (results.length === 0)
      return {
        toolCalls: [
          { id: "dup", name: "fast", arguments: { n: 1 } },
          { id: "dup", name: "slow", arguments: { n: 2 } },
        ],
      };
    return { text: results.map((result) => `${result.toolName}=${String(result.result)}`).join("; ") };
  };
  return scriptedModel([reply, reply]);
}

/** A stored run whose process died mid-batch: `fast` finished, `slow` hangs; its lease has lapsed. */
async function diedMidBatch(storage: MemoryStorage, log: string[]) {
  const abort = new AbortController();
  const first = run({
    provider: duplicatingModel(),
    model: "m",
    input: "x",
    tools: toolsOf(log, "A", true),
    storage,
    runId: "r1",
    claimOwner: "A",
    claimLeaseMs: 150,
    signal: abort.signal,
  });
  await waitFor(
    async () => ((await storage.loadCheckpoint("r1"))?.root.batch?.calls.some((call) => call.status === "done") ? true : undefined),
    "fast to finish",
  );
  // The process stops renewing its claim (it died): only the test's abort lets its promise settle later.
  const claims = storage.claimRun.bind(storage);
  storage.claimRun = async (runId, claim) => (claim.owner === "A" ? Promise.reject(new Error("dead")) : claims(runId, claim));
  await new Promise((resolve) => setTimeout(resolve, 200));
  return async () => {
    abort.abort();
    await first;
  };
}

describe("tool-call ids", () => {
  it("a model that repeats an id within a turn gets a unique id per call; the provider's id goes back to it", async () => {
    const model = duplicatingModel();
    const result = await run({ provider: model, model: "m", input: "x", tools: toolsOf([], "A", false) });
    expect(result.text).toBe('fast=fast {"n":1}; slow=slow {"n":2}');
    expect(result.toolCalls.map((call) => [call.toolCallId, call.toolName])).toEqual([
      ["dup", "fast"],
      ["dup~2", "slow"],
    ]);
    const [turn, results] = model.requests[1]!.messages.slice(-2);
    expect(turn!.content).toMatchObject([{ toolCallId: "dup" }, { toolCallId: "dup~2", providerToolCallId: "dup" }]);
    expect(results!.content).toMatchObject([
      { toolCallId: "dup", result: 'fast {"n":1}' },
      { toolCallId: "dup~2", providerToolCallId: "dup", result: 'slow {"n":2}' },
    ]);
  });

  it("a resumed batch with a repeated id pairs every result with its own call", async () => {
    const storage = createMemoryStorage();
    const log: string[] = [];
    const bury = await diedMidBatch(storage, log);
    const result = await resume({ provider: duplicatingModel(), model: "m", tools: toolsOf(log, "B", false), storage, runId: "r1" });
    expect(result.text).toBe('fast=fast {"n":1}; slow=slow {"n":2}');
    expect(log).toEqual(["A:fast", "A:slow", "B:slow"]);
    await bury();
  });

  it("ids repeated across agents of one tree stay apart (results and tool metadata)", async () => {
    const nested = scriptedModel([{ toolCalls: [{ id: "call_1", name: "note" }] }, "nested done"]);
    const note: Tool = { ...fakeTool({ name: "note" }), execute: (_args, ctx) => ((ctx.metadata.by = ctx.agentPath), "noted") };
    const delegate: Tool = {
      ...fakeTool({ name: "delegate" }),
      execute: async (_args, ctx) => {
        ctx.metadata.by = ctx.agentPath;
        return (await ctx.runSubAgent({ name: "helper", input: "go", tools: [note], provider: nested })).text;
      },
    };
    const result = await run({
      provider: scriptedModel([{ toolCalls: [{ id: "call_1", name: "delegate" }] }, "all done"]),
      model: "m",
      input: "x",
      tools: [delegate],
    });
    expect(result.toolMetadata).toEqual({ call_1: { by: "main" }, "call_1~2": { by: "main/helper#1" } });
  });
});

describe("several resumers of one run in one process", () => {
  it("exactly one wins; the others end with RUN_NOT_RESUMABLE and the interrupted call runs once more in all", async () => {
    const storage = createMemoryStorage();
    const log: string[] = [];
    const bury = await diedMidBatch(storage, log);
    const results = await Promise.all(
      [1, 2, 3].map(() => resume({ provider: duplicatingModel(), model: "m", tools: toolsOf(log, "B", false), storage, runId: "r1" })),
    );
    expect(results.map((result) => result.stopReason).sort()).toEqual(["completed", "error", "error"]);
    expect(results.filter((result) => result.error).map((result) => result.error!.code)).toEqual(["RUN_NOT_RESUMABLE", "RUN_NOT_RESUMABLE"]);
    expect(log.filter((entry) => entry === "B:slow")).toHaveLength(1);
    await bury();
  });

  it("also for a paused run resumed with decisions", async () => {
    const storage = createMemoryStorage();
    const hold = { beforeToolCalls: () => ({ decisions: { d1: { type: "interrupt" as const } } }) };
    const log: string[] = [];
    const del: Tool = { ...fakeTool({ name: "delete_file" }), execute: async () => (log.push("deleted"), "ok") };
    await run({
      provider: scriptedModel([{ toolCalls: [{ id: "d1", name: "delete_file" }] }]),
      model: "m",
      input: "x",
      tools: [del],
      config: hold,
      storage,
      runId: "p1",
    });
    const attempts = await Promise.allSettled(
      [1, 2].map(() =>
        resume({ provider: scriptedModel(["done"]), model: "m", tools: [del], config: hold, storage, runId: "p1", decisions: { d1: { approve: true } } }),
      ),
    );
    const results = attempts.map((attempt) => (attempt.status === "fulfilled" ? attempt.value.stopReason : "rejected"));
    expect(results.sort()).toEqual(["completed", "error"]);
    expect(log).toEqual(["deleted"]);
  });
});

describe("events and results a user relies on", () => {
  it("a step cut short by an abort still ends with step-end (finish reason aborted) before run-end", async () => {
    const controller = new AbortController();
    const events: StreamEvent[] = [];
    const hang = {
      ...fakeTool({ name: "wait" }),
      execute: (_args: unknown, ctx: { signal: AbortSignal }) => new Promise((_, reject) => ctx.signal.addEventListener("abort", () => reject(new Error("x")))),
    };
    const running = run({
      provider: scriptedModel([{ toolCalls: [{ name: "wait" }] }]),
      model: "m",
      input: "x",
      tools: [hang],
      signal: controller.signal,
      onEvent: (event) => void events.push(event),
    });
    await waitFor(async () => (events.some((event) => event.type === "tool-start") ? true : undefined), "the tool to start");
    controller.abort();
    const result = await running;
    expect(result.stopReason).toBe("aborted");
    const types = events.map((event) => event.type);
    expect(types.slice(-2)).toEqual(["step-end", "run-end"]);
    expect(types.indexOf("tool-error")).toBeGreaterThan(types.indexOf("tool-start"));
    expect(events.at(-2)).toMatchObject({ type: "step-end", iteration: 1, finishReason: "aborted" });

    const streaming = new AbortController();
    const streamed: StreamEvent[] = [];
    const slowModel = scriptedModel([{ text: ["a", "b", "c", "d"], chunkDelayMs: 20 }]);
    const cut = run({ provider: slowModel, model: "m", input: "x", signal: streaming.signal, onEvent: (event) => void streamed.push(event) });
    await waitFor(async () => (streamed.some((event) => event.type === "text-delta") ? true : undefined), "text to stream");
    streaming.abort();
    await cut;
    expect(streamed.map((event) => event.type).slice(-2)).toEqual(["step-end", "run-end"]);
    expect(streamed.at(-2)).toMatchObject({ finishReason: "aborted" });
  });

  it("usage.calls is in the order the calls started: a parent's call before the nested calls its tools made", async () => {
    const early = scriptedModel([{ text: "early done", delayMs: 30, usage: { inputTokens: 1, outputTokens: 1 } }]);
    const late = scriptedModel([{ text: "late done", usage: { inputTokens: 2, outputTokens: 1 } }]);
    const spawn = (name: string, provider: ReturnType<typeof scriptedModel>): Tool => ({
      ...fakeTool({ name }),
      execute: async (_args, ctx) => (await ctx.runSubAgent({ name, input: "go", provider })).text,
    });
    const result = await run({
      provider: scriptedModel([
        { toolCalls: [{ name: "first" }, { name: "second" }], usage: { inputTokens: 100, outputTokens: 1 } },
        { text: "done", usage: { inputTokens: 200, outputTokens: 1 } },
      ]),
      model: "m",
      input: "x",
      tools: [spawn("first", early), spawn("second", late)],
    });
    // `first`'s nested call started before `second`'s but finished after it.
    expect(result.usage.calls.map((call) => [call.agentPath, call.inputTokens])).toEqual([
      ["main", 100],
      ["main/first#1", 1],
      ["main/second#1", 2],
      ["main", 200],
    ]);
    const starts = result.usage.calls.map((call) => call.startedAt!);
    expect(starts).toEqual([...starts].sort((a, b) => a - b));
  });

  it("text a hook sends is stored and ordered with the answer", async () => {
    const storage = createMemoryStorage();
    const images = fakeTool({ name: "images", shouldUse: () => false });
    const result = await run({
      provider: scriptedModel([{ toolCalls: [{ name: "images" }] }, "Here is a description instead."]),
      model: "m",
      input: "Draw a cat.",
      tools: [images],
      storage,
      conversationId: "c1",
      config: {
        afterToolBatch: ({ state, context }) => void (state.toolsNotEnabled.length > 0 && context.sendText("Image generation is off. ")),
        shouldStop: ({ answered, context }) => void (answered && context.sendText(" (Ask again to retry.)")),
      },
    });
    expect(result.text).toBe("Image generation is off. Here is a description instead. (Ask again to retry.)");
    const stored = await storage.loadMessages("c1");
    const texts = stored[1]!.parts.filter((part) => part.type === "text").map((part) => (part as { text: string }).text);
    expect(texts).toEqual(["", "Image generation is off. Here is a description instead. (Ask again to retry.)"]);
  });
});

describe("storage never holds a run", () => {
  /** A storage whose writes, once `stall()` is called, never answer (a database that stopped responding). */
  function stalling(storage: Storage) {
    let stalled = false;
    let claims = 0;
    const never = new Promise<never>(() => undefined);
    const view = Object.create(storage) as Storage & { stall(): void; readonly claims: number };
    for (const name of ["saveCheckpoint", "appendMessages", "recordUsage", "claimRun", "saveSummary", "writeToolJournal"] as const) {
      (view as unknown as Record<string, unknown>)[name] = (...args: unknown[]) => {
        if (name === "claimRun") claims++;
        return stalled ? never : (storage[name] as (...a: unknown[]) => unknown).apply(storage, args);
      };
    }
    view.stall = () => void (stalled = true);
    Object.defineProperty(view, "claims", { get: () => claims });
    return view;
  }

  it("a run whose storage stops answering starts no further tool call and ends the attempt at the storage wait, resumable", async () => {
    const storage = stalling(createMemoryStorage());
    const errors: string[] = [];
    let searches = 0;
    const search = { ...fakeTool({ name: "search" }), execute: async () => (searches++, storage.stall(), "r") };
    const result = await run({
      provider: scriptedModel([{ toolCalls: [{ name: "search" }] }, { toolCalls: [{ name: "search" }] }, "done"]),
      model: "m",
      input: "x",
      tools: [search],
      storage,
      storageWaitMs: 30,
      claimLeaseMs: 60_000,
      onEvent: (event) => void (event.type === "error" && errors.push(event.error.code)),
    });
    // The call's outcome rides with the checkpoint that follows it, which never lands: the model's next turn
    // (asked while that write was pending) was not acted on, and no other call started.
    expect(result).toMatchObject({
      stopReason: "error",
      persisted: false,
      resumable: true,
      iterations: 2,
      error: { code: "STORAGE_UNAVAILABLE", retryable: true },
    });
    expect(searches).toBe(1);
    expect(errors.at(-1)).toBe("STORAGE_UNAVAILABLE");
    // Lease renewals do not pile up behind a write that never ends: only the first claim was asked.
    await new Promise((resolve) => setTimeout(resolve, 120));
    expect(storage.claims).toBe(1);
  });

  it("abort() ends a run that waits for a storage write at once", async () => {
    const storage = stalling(createMemoryStorage());
    const controller = new AbortController();
    const search = { ...fakeTool({ name: "search" }), execute: async () => (storage.stall(), setTimeout(() => controller.abort(), 10), "r") };
    // The second batch waits for its checkpoint, which never comes: the abort ends the wait (the default wait is 10 s).
    const result = await run({
      provider: scriptedModel([{ toolCalls: [{ name: "search" }] }, { toolCalls: [{ name: "search" }] }, "never"]),
      model: "m",
      input: "x",
      tools: [search],
      storage,
      signal: controller.signal,
    });
    expect(result.stopReason).toBe("aborted");
    expect(result.persisted).toBe(false);
  });
});
