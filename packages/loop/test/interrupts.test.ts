import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parseRunState } from "@baton/core/run-state";
import { InvalidDecisionsError, StorageError, type AgentConfig, type RunCheckpoint, type Storage, type StreamEvent, type Tool } from "@baton/core";
import { fakeTool, scriptedModel } from "@baton/testing";
import { createMemoryStorage } from "@baton/storage-memory";
import { resume, run, type RunOptions } from "../src/index.js";

/** Holds the calls of the named tools for a person's approval. */
const needsApproval = (...names: string[]): AgentConfig => ({
  beforeToolCalls: ({ calls }) => ({
    decisions: Object.fromEntries(
      calls
        .filter((planned) => names.includes(planned.call.toolName))
        .map((planned) => [planned.call.toolCallId, { type: "interrupt", payload: { why: `${planned.call.toolName} changes files` } }]),
    ),
  }),
});

/** The tools of one process: each records its calls. */
function toolsOf(log: string[]): Tool[] {
  return [
    { ...fakeTool({ name: "search" }), execute: async (args: { q: string }) => (log.push(`search ${args.q}`), `results for ${args.q}`) },
    { ...fakeTool({ name: "delete_file" }), execute: async (args: { path: string }) => (log.push(`delete ${args.path}`), `deleted ${args.path}`) },
  ];
}

const firstTurn = {
  text: "Searching, then deleting.",
  toolCalls: [
    { id: "s1", name: "search", arguments: { q: "reports" } },
    { id: "d1", name: "delete_file", arguments: { path: "old.txt" } },
  ],
};

/** A stored run whose first turn pauses for the approval of `delete_file`. */
const pausingRun = (storage: Storage, runId: string, extra: Partial<RunOptions> = {}) =>
  run({ provider: scriptedModel([firstTurn]), model: "m", input: "x", tools: toolsOf([]), config: needsApproval("delete_file"), storage, runId, ...extra });

/** Resumes the run `pausingRun` stored with `delete_file` approved; its tools record their calls in `log`. */
const approvingResume = (storage: Storage, runId: string, log: string[], extra: Partial<RunOptions> = {}) =>
  resume({
    provider: scriptedModel(["Done."]),
    model: "m",
    tools: toolsOf(log),
    config: needsApproval("delete_file"),
    storage,
    runId,
    decisions: { d1: { approve: true } },
    ...extra,
  });

describe("interruptions: approvals", () => {
  it("a resumed run that pauses again announces again what it waits for: this attempt's consumer may never have had the first one's events", async () => {
    const storage = createMemoryStorage();
    await pausingRun(storage, "r-again");
    const events: StreamEvent[] = [];
    const again = await resume({
      provider: scriptedModel(["unused"]),
      model: "m",
      tools: toolsOf([]),
      config: needsApproval("delete_file"),
      storage,
      runId: "r-again",
      onEvent: (event) => void events.push(event),
    });
    expect(again.stopReason).toBe("interrupted");
    expect(again.interruptions?.map((item) => item.id)).toEqual(["d1"]);
    expect(events.map((event) => event.type)).toEqual(["run-start", "step-start", "tool-call", "tool-call", "tool-interrupted", "run-end"]);
    expect(events.find((event) => event.type === "tool-interrupted")).toMatchObject({
      toolCallId: "d1",
      toolName: "delete_file",
      kind: "approval",
      payload: { why: "delete_file changes files" },
    });
    // Decided, it is not announced again: it runs.
    const log: string[] = [];
    const decidedEvents: string[] = [];
    const done = await approvingResume(storage, "r-again", log, { onEvent: (event) => void decidedEvents.push(event.type) });
    expect(done.stopReason).toBe("completed");
    expect(decidedEvents).not.toContain("tool-interrupted");
    expect(log).toEqual(["search reports", "delete old.txt"]);
  });

  it("a call needing approval pauses the run before anything of its batch runs, and says what waits", async () => {
    const log: string[] = [];
    const events: StreamEvent[] = [];
    const result = await run({
      provider: scriptedModel([firstTurn]),
      model: "m",
      input: "Clean up.",
      tools: toolsOf(log),
      config: needsApproval("delete_file"),
      onEvent: (event) => void events.push(event),
    });
    expect(result.stopReason).toBe("interrupted");
    expect(log).toEqual([]);
    expect(result.interruptions).toEqual([
      {
        id: "d1",
        kind: "approval",
        agentPath: "main",
        toolCallId: "d1",
        toolName: "delete_file",
        arguments: { path: "old.txt" },
        payload: { why: "delete_file changes files" },
      },
    ]);
    expect(events.map((event) => event.type)).toEqual([
      "run-start",
      "step-start",
      "text-delta",
      "message",
      "tool-call",
      "tool-call",
      "tool-interrupted",
      "usage",
      "run-end",
    ]);
    expect(events.at(-1)).toMatchObject({ type: "run-end", stopReason: "interrupted", interruptions: result.interruptions });
    expect(result.state).toMatchObject({ status: "interrupted", root: { status: "interrupted", step: "tools" } });
    expect(result.usage.total).toMatchObject({ calls: 1 });
  });

  it("resumed from its JSON in another process: approved calls run inside the loop (events, limits), rejected ones are refused", async () => {
    const paused = await run({
      provider: scriptedModel([firstTurn]),
      model: "m",
      input: "Clean up.",
      tools: toolsOf([]),
      config: needsApproval("delete_file"),
      toolCallLimit: 2,
    });
    const json = JSON.stringify(paused.state);

    const log: string[] = [];
    const events: StreamEvent[] = [];
    const model = scriptedModel(["Deleted old.txt; here are the reports."]);
    const result = await run({
      provider: model,
      model: "m",
      tools: toolsOf(log),
      config: needsApproval("delete_file"),
      toolCallLimit: 2,
      resume: json,
      decisions: { d1: { approve: true } },
      onEvent: (event) => void events.push(event),
    });
    expect(result.stopReason).toBe("tool_call_limit");
    expect(result.text).toBe("Deleted old.txt; here are the reports.");
    expect(log).toEqual(["search reports", "delete old.txt"]);
    expect(
      events
        .filter((event) => event.type === "tool-start" || event.type === "tool-done")
        .map((event) => `${event.type}:${(event as { toolName: string }).toolName}`),
    ).toEqual(["tool-start:search", "tool-start:delete_file", "tool-done:search", "tool-done:delete_file"]);
    // Both calls counted: the limit of 2 is reached, so the next call answers without tools.
    expect(result.toolCallCount).toBe(2);
    expect(model.requests[0]!.tools).toBeUndefined();
    expect(model.requests[0]!.messages.at(-2)).toEqual({
      role: "tool",
      content: [
        { type: "tool-result", toolCallId: "s1", toolName: "search", result: "results for reports" },
        { type: "tool-result", toolCallId: "d1", toolName: "delete_file", result: "deleted old.txt" },
      ],
    });
    expect(result.usage.calls.map((call) => call.iteration)).toEqual([1, 2]);
    expect(result.messages.map((message) => message.role)).toEqual(["assistant", "tool", "assistant"]);

    const rejected = await run({
      provider: scriptedModel(["I left old.txt alone."]),
      model: "m",
      tools: toolsOf(log),
      config: needsApproval("delete_file"),
      resume: json,
      decisions: { d1: { approve: false, reason: "keep it for the audit" } },
    });
    expect(rejected.toolCalls.map((call) => [call.toolName, call.status])).toEqual([
      ["search", "ok"],
      ["delete_file", "refused"],
    ]);
    expect(rejected.messages[1]!.content[1]).toMatchObject({
      result: "The user rejected this tool call, so it was not run. Reason: keep it for the audit",
      isError: true,
    });
  });

  it("decided in parts: the batch waits (nothing runs, the model is not called) until every held call is decided", async () => {
    const log: string[] = [];
    const paused = await run({
      provider: scriptedModel([firstTurn]),
      model: "m",
      input: "x",
      tools: toolsOf(log),
      config: needsApproval("search", "delete_file"),
    });
    expect(paused.interruptions!.map((item) => item.id)).toEqual(["s1", "d1"]);
    const model = scriptedModel(["done"]);
    const half = await run({
      provider: model,
      model: "m",
      tools: toolsOf(log),
      config: needsApproval("search", "delete_file"),
      resume: paused.state!,
      decisions: { s1: { approve: true } },
    });
    expect(half.stopReason).toBe("interrupted");
    expect(half.interruptions!.map((item) => item.id)).toEqual(["d1"]);
    expect(log).toEqual([]);
    expect(model.requests).toHaveLength(0);
    const done = await run({
      provider: model,
      model: "m",
      tools: toolsOf(log),
      config: needsApproval("search", "delete_file"),
      resume: half.state!,
      decisions: { d1: { approve: true } },
    });
    expect(done.stopReason).toBe("completed");
    expect(log).toEqual(["search reports", "delete old.txt"]);
  });

  it("a paused run's state is retried through a short storage outage: stored paused, its claim given up, nothing reported", async () => {
    const storage = createMemoryStorage();
    const save = storage.saveCheckpoint.bind(storage);
    let refused = 0;
    storage.saveCheckpoint = async (state, claim) => {
      if (state.status === "interrupted" && refused++ < 2)
        throw new StorageError("Redis storage: saveCheckpoint failed: Redis is unreachable (Connection is closed.)");
      return save(state, claim);
    };
    const errors: unknown[] = [];
    const paused = await pausingRun(storage, "r-paused", { onEvent: (event) => event.type === "error" && errors.push(event.error) });
    expect(paused).toMatchObject({ stopReason: "interrupted", persisted: true });
    expect(errors).toEqual([]);
    expect(refused).toBe(3);
    expect((await storage.loadCheckpoint("r-paused"))?.status).toBe("interrupted");
    // The claim was given up with the paused state: another process may resume it at once.
    expect(await storage.claimRun("r-paused", { owner: "other", leaseMs: 1_000 })).toMatchObject({ claimed: true });
  });

  it("decisions that do not match what waits reject with INVALID_DECISIONS, and leave a stored run paused and resumable", async () => {
    const storage = createMemoryStorage();
    const paused = await pausingRun(storage, "r1");
    expect(paused.persisted).toBe(true);
    await expect(
      resume({ provider: scriptedModel(["x"]), model: "m", tools: toolsOf([]), storage, runId: "r1", decisions: { nope: { approve: true } } }),
    ).rejects.toThrow(InvalidDecisionsError);
    await expect(
      resume({ provider: scriptedModel(["x"]), model: "m", tools: toolsOf([]), storage, runId: "r1", decisions: { d1: { answer: "yes" } } }),
    ).rejects.toThrow(/needs an approval/);
    expect((await storage.loadCheckpoint("r1"))?.status).toBe("interrupted");
    const log: string[] = [];
    const result = await approvingResume(storage, "r1", log);
    expect(result.stopReason).toBe("completed");
    expect(log).toEqual(["search reports", "delete old.txt"]);
    expect(await storage.claimRun("r1", { owner: "x", leaseMs: 1000 })).toEqual({ claimed: false, reason: "finished" });
  });

  it("a finished state cannot be resumed", async () => {
    const done = await run({ provider: scriptedModel(["hi"]), model: "m", input: "x" });
    const again = await run({ provider: scriptedModel(["hi"]), model: "m", resume: done.state! });
    expect(again.error).toMatchObject({ code: "RUN_NOT_RESUMABLE" });
  });
});

describe("interruptions: questions", () => {
  it("a tool asks the user; answered, it runs again from its start and askUser gives the answer", async () => {
    const asked: string[] = [];
    const weather: Tool = {
      ...fakeTool({ name: "weather" }),
      execute: async (_args, ctx) => {
        asked.push("started");
        const city = await ctx.askUser<string>("Which city?");
        const unit = await ctx.askUser<string>("Celsius or Fahrenheit?");
        return `18° ${unit} in ${city}`;
      },
    };
    const first = await run({ provider: scriptedModel([{ toolCalls: [{ id: "w1", name: "weather" }] }]), model: "m", input: "Weather?", tools: [weather] });
    expect(first.interruptions).toMatchObject([{ id: "w1", kind: "question", payload: "Which city?", toolName: "weather" }]);
    const second = await run({
      provider: scriptedModel([]),
      model: "m",
      tools: [weather],
      resume: JSON.stringify(first.state),
      decisions: { w1: { answer: "Oslo" } },
    });
    expect(second.interruptions).toMatchObject([{ id: "w1", kind: "question", payload: "Celsius or Fahrenheit?" }]);
    const model = scriptedModel(["It is 18° Celsius in Oslo."]);
    const last = await run({ provider: model, model: "m", tools: [weather], resume: JSON.stringify(second.state), decisions: { w1: { answer: "Celsius" } } });
    expect(last.text).toBe("It is 18° Celsius in Oslo.");
    expect(last.toolCalls).toMatchObject([{ toolCallId: "w1", status: "ok", result: "18° Celsius in Oslo" }]);
    expect(asked).toHaveLength(3);
  });
});

describe("interruptions anywhere in the tree", () => {
  /** A tool that hands a task to a nested "cleaner" agent whose deletions need approval. */
  const cleanupTool = (nestedModel: ReturnType<typeof scriptedModel>, log: string[]): Tool => ({
    ...fakeTool({ name: "cleanup" }),
    execute: async (args: { task: string }, ctx) => {
      log.push("cleanup started");
      const result = await ctx.runSubAgent({
        name: "cleaner",
        input: args.task,
        tools: toolsOf(log),
        provider: nestedModel,
        config: needsApproval("delete_file"),
      });
      return result.text;
    },
  });

  it("an approval inside a nested run pauses the root; resumed, the nested run continues where it stopped, then its parent", async () => {
    const log: string[] = [];
    const root = scriptedModel([
      { toolCalls: [{ id: "c1", name: "cleanup", arguments: { task: "Delete old.txt." } }], usage: { inputTokens: 10, outputTokens: 1 } },
    ]);
    const nested = scriptedModel([
      { toolCalls: [{ id: "c1", name: "delete_file", arguments: { path: "old.txt" } }], usage: { inputTokens: 5, outputTokens: 1 } },
    ]);
    const paused = await run({ provider: root, model: "m", input: "Tidy up.", tools: [cleanupTool(nested, log)] });
    expect(paused.stopReason).toBe("interrupted");
    // The nested model repeated the parent's call id: it got a unique one.
    expect(paused.interruptions).toEqual([
      {
        id: "c1~2",
        kind: "approval",
        agentPath: "main/cleaner#1",
        toolCallId: "c1~2",
        toolName: "delete_file",
        arguments: { path: "old.txt" },
        payload: { why: "delete_file changes files" },
      },
    ]);
    expect(log).toEqual(["cleanup started"]);

    const log2: string[] = [];
    const root2 = scriptedModel([{ text: "All tidy.", usage: { inputTokens: 20, outputTokens: 2 } }]);
    const nested2 = scriptedModel([{ text: "Deleted old.txt.", usage: { inputTokens: 7, outputTokens: 2 } }]);
    const events: StreamEvent[] = [];
    const result = await run({
      provider: root2,
      model: "m",
      tools: [cleanupTool(nested2, log2)],
      resume: JSON.stringify(paused.state),
      decisions: { "c1~2": { approve: true } },
      onEvent: (event) => void events.push(event),
    });
    expect(result.stopReason).toBe("completed");
    expect(result.text).toBe("All tidy.");
    // The cleanup tool ran again, its nested run went on from its held call: deleted once, its model asked only for its last turn.
    expect(log2).toEqual(["cleanup started", "delete old.txt"]);
    expect(nested2.requests).toHaveLength(1);
    expect(nested2.requests[0]!.messages.at(-1)).toMatchObject({
      role: "tool",
      content: [{ toolCallId: "c1~2", providerToolCallId: "c1", result: "deleted old.txt" }],
    });
    expect(root2.requests[0]!.messages.at(-1)).toMatchObject({ role: "tool", content: [{ toolCallId: "c1", result: "Deleted old.txt." }] });
    // Each model call's usage once, in the order the calls started; tool calls counted once.
    expect(result.usage.calls.map((call) => [call.agentPath, call.iteration, call.inputTokens])).toEqual([
      ["main", 1, 10],
      ["main/cleaner#1", 1, 5],
      ["main/cleaner#1", 2, 7],
      ["main", 2, 20],
    ]);
    expect(result.toolCallCount).toBe(2);
    expect(events.filter((event) => event.type === "run-start").map((event) => event.agentPath)).toEqual(["main", "main/cleaner#1"]);
  });
});

describe("frozen run states of every published format continue", () => {
  const fixtures = new URL("../../core/test/fixtures/run-state/", import.meta.url);
  const fixture = (name: string) => readFileSync(new URL(name, fixtures), "utf8");

  it("format 3: the paused nested run's approval, then the run's end", async () => {
    const log: string[] = [];
    const nested = scriptedModel(["Deleted report.txt."]);
    const cleanup: Tool = {
      ...fakeTool({ name: "cleanup_agent" }),
      execute: async (args: { task: string }, ctx) =>
        (await ctx.runSubAgent({ name: "cleaner", input: args.task, tools: toolsOf(log), provider: nested, config: needsApproval("delete_file") })).text,
    };
    const result = await run({
      provider: scriptedModel(["Reports found; report.txt deleted."]),
      model: "test-model",
      tools: [toolsOf(log)[0]!, cleanup],
      resume: fixture("run-state.v3.json"),
      decisions: { call_del_1: { approve: true } },
    });
    expect(result.stopReason).toBe("completed");
    expect(log).toEqual(["delete report.txt"]);
    expect(result.custom).toEqual({ retries: 0 });
  });

  it("approval state 1: the held call runs once approved", async () => {
    const log: string[] = [];
    const result = await run({
      provider: scriptedModel(["report.txt is gone."]),
      model: "m",
      tools: toolsOf(log),
      resume: fixture("approval-state.v1.json"),
      decisions: { call_del_1: { approve: true } },
    });
    expect(result.stopReason).toBe("completed");
    expect(log).toEqual(["delete report.txt"]);
    expect(result.messages[0]).toMatchObject({
      role: "assistant",
      content: [{ type: "reasoning", signature: "sig-abc" }, { type: "text", text: "I will delete report.txt." }, { toolCallId: "call_del_1" }],
    });
  });

  it("format 2 (a stored checkpoint): the unfinished call runs, the finished one does not", async () => {
    const storage = createMemoryStorage();
    await storage.appendMessages("conv-1", [{ role: "user", parts: [{ type: "text", text: "Check both." }], runId: "run-v2", agentPath: "main" }]);
    await storage.claimRun("run-v2", { owner: "dead", leaseMs: 0 });
    await storage.saveCheckpoint(JSON.parse(fixture("run-state.v2.json")) as RunCheckpoint, { owner: "dead", token: 1, leaseMs: 0 });
    expect(parseRunState((await storage.loadCheckpoint("run-v2"))!).version).toBe(3);
    const log: string[] = [];
    const tools: Tool[] = [
      { ...fakeTool({ name: "fast" }), execute: async () => (log.push("fast"), "fast again") },
      { ...fakeTool({ name: "slow" }), execute: async (args: unknown) => (log.push("slow"), `slow ${JSON.stringify(args)}`) },
    ];
    const model = scriptedModel(["Both are done."]);
    const result = await resume({ provider: model, model: "test-model", instructions: "You check things.", tools, storage, runId: "run-v2" });
    expect(result.stopReason).toBe("completed");
    expect(log).toEqual(["slow"]);
    expect(model.requests[0]!.messages).toEqual([
      { role: "system", content: "You check things." },
      { role: "user", content: [{ type: "text", text: "Check both." }] },
      expect.objectContaining({ role: "assistant" }),
      {
        role: "tool",
        content: [
          expect.objectContaining({ toolCallId: "call_fast", result: 'fast {"n":1}' }),
          expect.objectContaining({ toolCallId: "call_slow", result: 'slow {"n":2}' }),
        ],
      },
    ]);
    expect((await storage.loadMessages("conv-1")).map((message) => message.role)).toEqual(["user", "assistant"]);
  });
});
