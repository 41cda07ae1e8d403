import { describe, expect, it } from "vitest";
import type { AgentState, ConversationMessage, ModelRequest, RunState, Storage, Tool } from "@baton/core";
import { fakeTool, scriptedModel } from "@baton/testing";
import { createMemoryStorage, type MemoryStorage } from "@baton/storage-memory";
import { resume, run } from "../src/index.js";
import { toolsOf } from "./support/process-tools.js";

/** A view of a storage that can lose its connection: after `cut()` every call fails. */
function cuttable(storage: Storage): Storage & { cut(): void } {
  let cut = false;
  const view = {} as Storage & { cut(): void };
  for (const name of [...Object.keys(storage), ...Object.getOwnPropertyNames(Object.getPrototypeOf(storage))] as (keyof Storage)[]) {
    if (name === ("constructor" as keyof Storage) || typeof storage[name] !== "function") continue;
    (view as unknown as Record<string, unknown>)[name] = (...args: unknown[]) =>
      cut ? Promise.reject(new Error("connection lost")) : (storage[name] as (...a: unknown[]) => unknown).apply(storage, args);
  }
  view.cut = () => {
    cut = true;
  };
  return view;
}

/** The model's reply depends only on how far the conversation is, so a resumed process can use a fresh one. */
function researchModel() {
  return scriptedModel([
    (request: ModelRequest) => reply(request),
    (request: ModelRequest) => reply(request),
    (request: ModelRequest) => reply(request),
    (request: ModelRequest) => reply(request),
  ]);
  function reply(request: ModelRequest) {
    const toolMessages = request.messages.filter((message) => message.role === "tool").length;
    if (toolMessages === 0)
      return {
        text: "Looking.",
        toolCalls: [
          { id: "call_fast", name: "fast", arguments: { n: 1 } },
          { id: "call_slow", name: "slow", arguments: { n: 2 } },
        ],
        usage: { inputTokens: 10, outputTokens: 5 },
      };
    if (toolMessages === 1) return { toolCalls: [{ id: "call_fast2", name: "fast", arguments: { n: 3 } }], usage: { inputTokens: 20, outputTokens: 5 } };
    return { text: "Both are done.", usage: { inputTokens: 30, outputTokens: 4 } };
  }
}

async function waitFor<T>(probe: () => Promise<T | undefined>, what: string): Promise<T> {
  const deadline = Date.now() + 5000;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}.`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

const normalise = (messages: readonly ConversationMessage[]) => messages.map(({ role, parts }) => ({ role, parts }));

/** Starts run "A" on a storage that is then cut while `slow` hangs and `fast` is done: a process that died mid-batch. */
async function interruptedRun(storage: MemoryStorage, log: string[]) {
  const connection = cuttable(storage);
  const abortA = new AbortController();
  const first = run({
    provider: researchModel(),
    model: "m",
    input: "Check both.",
    tools: toolsOf(log, "A", true),
    storage: connection,
    config: { beforeToolCalls: () => void log.push("A:selected") },
    conversationId: "c1",
    runId: "r1",
    claimOwner: "A",
    claimLeaseMs: 150,
    signal: abortA.signal,
  });
  await waitFor(
    async () => ((await storage.loadCheckpoint("r1"))?.root.batch?.calls.filter((call) => call.status === "done").length === 1 ? true : undefined),
    "fast to finish",
  );
  connection.cut();
  // The dead process's lease lapses.
  await new Promise((resolve) => setTimeout(resolve, 200));
  return {
    /** Lets the hung process end (its writes fail: it can no longer touch the store). */
    bury: async () => {
      abortA.abort();
      return first;
    },
  };
}

async function referenceConversation() {
  const storage = createMemoryStorage();
  const log: string[] = [];
  await run({ provider: researchModel(), model: "m", input: "Check both.", tools: toolsOf(log, "R", false), storage, conversationId: "c1", runId: "r1" });
  expect(log).toEqual(["R:fast", "R:slow", "R:fast"]);
  return normalise(await storage.loadMessages("c1"));
}

describe("resuming an interrupted run", () => {
  it("runs only the unfinished calls of the interrupted batch and ends with the conversation of an uninterrupted run", async () => {
    const storage = createMemoryStorage();
    const log: string[] = [];
    const dead = await interruptedRun(storage, log);
    expect(log).toEqual(["A:selected", "A:fast", "A:slow"]);
    const model = researchModel();
    const events: string[] = [];
    const result = await resume({
      provider: model,
      model: "m",
      tools: toolsOf(log, "B", false),
      storage,
      runId: "r1",
      claimOwner: "B",
      config: { beforeToolCalls: () => void log.push("B:selected") },
      onEvent: (event) => void events.push(event.type),
    });
    expect(result.stopReason).toBe("completed");
    expect(result.text).toBe("Both are done.");
    // The finished `fast` call did not run again; the batch's `slow` call did (its selection hook is not repeated), then the run went on.
    expect(log).toEqual(["A:selected", "A:fast", "A:slow", "B:slow", "B:selected", "B:fast"]);
    expect(result.iterations).toBe(3);
    expect(result.toolCallCount).toBe(3);
    expect(result.usage.calls.map((call) => [call.iteration, call.tools])).toEqual([
      [1, ["fast", "slow"]],
      [2, ["fast"]],
      [3, []],
    ]);
    expect(model.requests).toHaveLength(2);
    expect(events.slice(0, 3)).toEqual(["run-start", "step-start", "tool-call"]);
    expect(normalise(await storage.loadMessages("c1"))).toEqual(await referenceConversation());
    expect((await storage.queryUsage({ runId: "r1" })).map((usage) => usage.iteration)).toEqual([1, 2, 3]);
    expect(await storage.claimRun("r1", { owner: "C", leaseMs: 1000 })).toEqual({ claimed: false, reason: "finished" });
    const late = await dead.bury();
    expect(late.persisted).toBe(false);
    expect(normalise(await storage.loadMessages("c1"))).toEqual(await referenceConversation());
  });

  it("lets exactly one of two processes resuming at once win", async () => {
    const storage = createMemoryStorage();
    const log: string[] = [];
    const dead = await interruptedRun(storage, log);
    const [b, c] = await Promise.all([
      resume({ provider: researchModel(), model: "m", tools: toolsOf(log, "B", false), storage, runId: "r1", claimOwner: "B" }),
      resume({ provider: researchModel(), model: "m", tools: toolsOf(log, "C", false), storage, runId: "r1", claimOwner: "C" }),
    ]);
    const outcomes = [b, c].map((result) => result.stopReason).sort();
    expect(outcomes).toEqual(["completed", "error"]);
    const loser = b.stopReason === "error" ? b : c;
    expect(loser.error).toMatchObject({ code: "RUN_NOT_RESUMABLE" });
    expect(loser.error?.message).toMatch(/holds it until/);
    expect(log.filter((entry) => entry.endsWith(":slow"))).toHaveLength(2);
    expect((await storage.loadMessages("c1")).map((message) => message.role)).toEqual(["user", "assistant"]);
    await dead.bury();
  });

  it("refuses to resume a finished run, an unknown run, or one whose owner is alive", async () => {
    const storage = createMemoryStorage();
    await run({ provider: scriptedModel(["done"]), model: "m", input: "x", storage, runId: "finished" });
    const finished = await resume({ provider: scriptedModel(["never"]), model: "m", storage, runId: "finished" });
    expect(finished.stopReason).toBe("error");
    expect(finished.error).toMatchObject({ code: "RUN_NOT_RESUMABLE", message: 'Run "finished" cannot be resumed: it has finished.' });
    const unknown = await resume({ provider: scriptedModel(["never"]), model: "m", storage, runId: "nope" });
    expect(unknown.error).toMatchObject({ code: "RUN_NOT_RESUMABLE", message: 'Run "nope" cannot be resumed: no checkpoint of it is stored.' });
    const log: string[] = [];
    const abort = new AbortController();
    const alive = run({
      provider: researchModel(),
      model: "m",
      input: "x",
      tools: toolsOf(log, "A", true),
      storage,
      runId: "alive",
      claimOwner: "A",
      signal: abort.signal,
    });
    await waitFor(async () => ((await storage.loadCheckpoint("alive"))?.root.batch ? true : undefined), "the batch to start");
    const held = await resume({ provider: researchModel(), model: "m", storage, runId: "alive", claimOwner: "B" });
    expect(held.error).toMatchObject({ code: "RUN_NOT_RESUMABLE" });
    abort.abort();
    expect((await alive).stopReason).toBe("aborted");
  });

  it("stops a run whose claim another process took over, without writing after it", async () => {
    const storage = createMemoryStorage();
    let gate: (() => void) | undefined;
    let slowEnded = false;
    const tools: Tool[] = [
      { ...fakeTool({ name: "fast" }), execute: async () => "f" },
      { ...fakeTool({ name: "slow" }), execute: () => new Promise((resolve) => (gate = () => resolve("s"))).finally(() => (slowEnded = true)) },
    ];
    const errors: string[] = [];
    const first = run({
      provider: researchModel(),
      model: "m",
      input: "x",
      tools,
      storage,
      conversationId: "c1",
      runId: "r1",
      claimOwner: "A",
      claimLeaseMs: 60_000,
      onEvent: (event) => void (event.type === "error" && errors.push(event.error.code)),
    });
    // The fast call's outcome rides with the checkpoint asked for as it ended: both are stored a moment later.
    const fastStored = async () => (await storage.loadToolJournal("r1")).some((entry) => entry.toolName === "fast" && entry.outcome !== undefined);
    await waitFor(async () => (gate && (await fastStored()) ? true : undefined), "the slow tool to start and the fast call's outcome to be stored");
    const before = await storage.loadCheckpoint("r1");
    // Another process takes the run over (as if A's lease had run out while it was paused, say).
    expect(await storage.claimRun("r1", { owner: "B", leaseMs: 60_000, now: Date.now() + 120_000 })).toMatchObject({ claimed: true, token: 2 });
    gate!();
    const result = await first;
    expect(slowEnded).toBe(true);
    expect(result.stopReason).toBe("aborted");
    expect(errors).toContain("RUN_CLAIM_LOST");
    expect(result.persisted).toBe(false);
    // Nothing A wrote after the takeover landed: not the slow call's outcome, not a checkpoint, not the answer.
    expect((await storage.loadMessages("c1")).map((message) => message.role)).toEqual(["user"]);
    expect(await storage.loadCheckpoint("r1")).toEqual(before);
    expect((await storage.loadToolJournal("r1")).map((entry) => [entry.toolName, entry.outcome?.status])).toEqual([
      ["fast", "ok"],
      ["slow", undefined],
    ]);
  });

  it("stops starting calls and signals its running tools once its claim can no longer be renewed, before another process may take the run", async () => {
    const storage = createMemoryStorage();
    let gate: (() => void) | undefined;
    let signalledAt: number | undefined;
    const tools: Tool[] = [
      { ...fakeTool({ name: "fast" }), execute: async () => "f" },
      {
        ...fakeTool({ name: "slow" }),
        execute: (_args, ctx) =>
          new Promise((resolve) => {
            gate = () => resolve("s");
            ctx.signal.addEventListener("abort", () => (signalledAt = Date.now()));
          }),
      },
    ];
    const claims = storage.claimRun.bind(storage);
    let renewals = 0;
    // The process's heartbeats stop reaching the store (a network partition).
    storage.claimRun = async (runId, claim) => (claim.owner === "A" && renewals++ > 0 ? Promise.reject(new Error("partition")) : claims(runId, claim));
    const first = run({
      provider: researchModel(),
      model: "m",
      input: "x",
      tools,
      storage,
      conversationId: "c1",
      runId: "r1",
      claimOwner: "A",
      // Long enough that the margin the run keeps before its lease ends (a third of it) outlasts a busy machine's pauses.
      claimLeaseMs: 600,
    });
    await waitFor(async () => (gate ? true : undefined), "the slow tool to start");
    const result = await first;
    expect(result).toMatchObject({
      stopReason: "error",
      persisted: false,
      resumable: true,
      error: { code: "STORAGE_UNAVAILABLE", details: { reason: "lease" } },
    });
    // The running tool was signalled before anybody could take the run over: its stored lease still held then.
    expect(signalledAt).toBeDefined();
    expect(signalledAt!).toBeLessThan(storage.database.runs.get("r1")!.leaseUntil);
    expect(await storage.claimRun("r1", { owner: "B", leaseMs: 1000, now: Date.now() + 1_000 })).toMatchObject({ claimed: true, token: 2, previousOwner: "A" });
    expect((await storage.loadMessages("c1")).map((message) => message.role)).toEqual(["user"]);
  });

  it("resumes a run that died before its first tool batch from the start of the loop, without storing its input twice", async () => {
    const storage = createMemoryStorage();
    const connection = cuttable(storage);
    const abort = new AbortController();
    let started: () => void = () => {};
    const hanging = scriptedModel([
      () => {
        started();
        return { text: "never", delayMs: 60_000 };
      },
    ]);
    const startedPromise = new Promise<void>((resolve) => (started = resolve));
    const dying = run({
      provider: hanging,
      model: "m",
      input: "Hello?",
      storage: connection,
      conversationId: "c1",
      runId: "r1",
      claimOwner: "A",
      claimLeaseMs: 150,
      signal: abort.signal,
    });
    await startedPromise;
    connection.cut();
    await new Promise((resolve) => setTimeout(resolve, 200));
    const model = scriptedModel(["Hi!"]);
    const result = await resume({ provider: model, model: "m", storage, runId: "r1", instructions: "Be kind." });
    expect(result.stopReason).toBe("completed");
    expect(model.requests[0]!.messages).toEqual([
      { role: "system", content: "Be kind." },
      { role: "user", content: [{ type: "text", text: "Hello?" }] },
    ]);
    expect((await storage.loadMessages("c1")).map((message) => message.role)).toEqual(["user", "assistant"]);
    abort.abort();
    await dying;
  });
});

describe("a state stored while a finished batch's usage was recorded", () => {
  /** A model that calls `add` until a result is in, then answers with the results (its reply depends only on the request, so a resumed run can use a fresh one). */
  const addThenAnswer = () =>
    scriptedModel(
      [
        (request: ModelRequest) => {
          const results = request.messages.flatMap((message) => (message.role === "tool" ? message.content : []));
          if (results.length === 0)
            return { text: "Adding.", toolCalls: [{ id: "call_add", name: "add", arguments: {} }], usage: { inputTokens: 4, outputTokens: 2 } };
          return { text: `sum ${JSON.stringify(results.map((part) => part.result))}`, usage: { inputTokens: 6, outputTokens: 2 } };
        },
      ],
      { repeatLast: true },
    );

  it("is at the end of the step, and a state an earlier version stored at the tools step without its batch resumes at the end of the step", async () => {
    // What the state holds while the batch's usage is recorded (an async adjustUsage hook makes that wait): a checkpoint may be taken then.
    let whileRecorded: AgentState | undefined;
    const adjustUsage = async ({ state }: { state: AgentState }) => {
      if (whileRecorded === undefined && state.added.at(-1)?.role === "tool") whileRecorded = structuredClone(state);
      await new Promise((resolve) => setTimeout(resolve, 5));
      return undefined;
    };
    const storage = createMemoryStorage();
    const first = await run({
      provider: addThenAnswer(),
      model: "m",
      input: "Add.",
      tools: [fakeTool({ name: "add", result: 3 })],
      config: { adjustUsage },
      storage,
      runId: "r-usage",
    });
    expect(first.text).toBe("sum [3]");
    expect(whileRecorded).toMatchObject({ step: "end", batch: undefined });

    // What an earlier version had there (and could store): the tools step without its batch. Resumed, the step ends and the model gets the result; no tool runs again.
    const stored: RunState = { ...first.state!, status: "running", stopReason: undefined, root: { ...whileRecorded!, step: "tools" } };
    const executions: string[] = [];
    const model = addThenAnswer();
    const resumed = await run({
      provider: model,
      model: "m",
      tools: [{ ...fakeTool({ name: "add" }), execute: () => (executions.push("add"), 3) }],
      resume: stored,
    });
    expect(model.requests.map((request) => request.messages.map((message) => message.role))).toEqual([["user", "assistant", "tool"]]);
    expect(resumed).toMatchObject({ stopReason: "completed", text: "sum [3]" });
    expect(executions).toEqual([]);
  });
});
