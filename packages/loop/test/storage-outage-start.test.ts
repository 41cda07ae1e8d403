import { describe, expect, it } from "vitest";
import { StorageError, type AgentConfig, type ModelProvider, type Storage, type StreamEvent, type Tool } from "@baton/core";
import { fakeTool, scriptedModel } from "@baton/testing";
import { createMemoryStorage } from "@baton/storage-memory";
import { resume, run } from "../src/index.js";
import { faultyStorage } from "./support/faulty-storage.js";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Holds the calls of the named tools for a person's approval. */
const needsApproval = (...names: string[]): AgentConfig => ({
  beforeToolCalls: ({ calls }) => ({
    decisions: Object.fromEntries(
      calls.filter((planned) => names.includes(planned.call.toolName)).map((planned) => [planned.call.toolCallId, { type: "interrupt" }]),
    ),
  }),
});

/** Makes the first `times` calls of `operation` on `storage` fail as an unreachable database does. */
function failFirst(storage: Storage, operation: "claimRun" | "appendMessages", times: number): { readonly refused: () => number } {
  const original = (storage[operation] as (...args: unknown[]) => Promise<unknown>).bind(storage);
  let refused = 0;
  (storage as unknown as Record<string, unknown>)[operation] = async (...args: unknown[]) => {
    if (refused < times) {
      refused++;
      throw unreachable(operation);
    }
    return original(...args);
  };
  return { refused: () => refused };
}

/** A model that calls `lookup` once, then answers. */
const lookupModel = () => scriptedModel([{ toolCalls: [{ name: "lookup", arguments: {} }] }, "Done."]);

/** The error a database adapter throws while its server is unreachable. */
function unreachable(operation: string): StorageError {
  return new StorageError(`${operation} failed: the store is unreachable (connect ECONNREFUSED)`, { retryable: true });
}

/** Asserts that the stored conversation holds the run's input and its answer, once each. */
async function expectInputAndAnswerOnce(storage: Storage, conversationId: string, runId: string): Promise<void> {
  const stored = (await storage.loadMessages(conversationId)).map((message) => [message.role, message.runId]);
  expect(stored).toEqual([
    ["user", runId],
    ["assistant", runId],
  ]);
}

/** Starts `runId` again with `run()` (storage answers by now): it completes, and its conversation holds its input and answer once. */
async function expectRunAgainCompletes(
  storage: Storage,
  view: Storage,
  model: ModelProvider,
  tools: Tool[],
  runId: string,
  conversationId: string,
): Promise<void> {
  const again = await run({ provider: model, model: "m", input: "Go.", tools, storage: view, runId, conversationId });
  expect(again).toMatchObject({ stopReason: "completed", text: "Done.", persisted: true });
  await expectInputAndAnswerOnce(storage, conversationId, runId);
}

/**
 * Pauses a run for approval, then resumes it while `operation` fails as `fault` says:
 * the attempt ends at the storage wait, resumable, having called no model and left the
 * stored run as it was; once storage answers, the run resumes and completes (unless
 * `resumesAfter` is false: an attempt whose claim answered holds the run until its
 * lease ends). Returns the faulty view, with its counts.
 */
async function resumeThroughOutage(
  fault: "down" | "hang",
  operation: string,
  runId: string,
  storageWaitMs: number,
  resumesAfter = true,
): Promise<ReturnType<typeof faultyStorage>> {
  const storage = createMemoryStorage();
  const tools = [fakeTool({ name: "lookup" })];
  const paused = await run({ provider: lookupModel(), model: "m", input: "Go.", tools, config: needsApproval("lookup"), storage, runId });
  expect(paused.stopReason).toBe("interrupted");
  const before = await storage.loadCheckpoint(runId);
  const view = faultyStorage(storage);
  view.fault = fault;
  view.only = new Set([operation]);
  const decisions = { [paused.interruptions![0]!.id]: { approve: true as const } };
  const model = lookupModel();
  const attempt = await resume({ provider: model, model: "m", tools, storage: view, runId, decisions, storageWaitMs });
  expect(attempt).toMatchObject({ stopReason: "error", resumable: true, persisted: false, error: { code: "STORAGE_UNAVAILABLE" } });
  expect(model.callCount).toBe(0);
  expect(await storage.loadCheckpoint(runId)).toEqual(before);
  if (!resumesAfter) return view;

  view.fault = "none";
  const resumed = await resume({ provider: scriptedModel(["Done."]), model: "m", tools, storage: view, runId, decisions });
  expect(resumed).toMatchObject({ stopReason: "completed", text: "Done.", persisted: true });
  return view;
}

describe("a run's start through a storage outage", () => {
  it("a new run whose claim meets an outage shorter than the storage wait starts once storage answers, and completes", async () => {
    const storage = createMemoryStorage();
    const claims = failFirst(storage, "claimRun", 3);
    const model = lookupModel();
    const result = await run({
      provider: model,
      model: "m",
      input: "Go.",
      tools: [fakeTool({ name: "lookup" })],
      storage,
      runId: "r1",
      conversationId: "c1",
      storageWaitMs: 2_000,
    });
    expect(result).toMatchObject({ stopReason: "completed", text: "Done.", persisted: true });
    expect(claims.refused()).toBe(3);
    expect(model.callCount).toBe(2);
    await expectInputAndAnswerOnce(storage, "c1", "r1");
    expect((await storage.loadCheckpoint("r1"))?.stopReason).toBe("completed");
  });

  it("an input append whose reply was lost is not made twice when it is tried again", async () => {
    const storage = createMemoryStorage();
    const append = storage.appendMessages.bind(storage);
    let lost = 1;
    // The first append is done, but its reply never comes back: the connection dropped after the write.
    storage.appendMessages = async (conversationId, messages, options) => {
      const written = await append(conversationId, messages, options);
      if (lost-- > 0) throw unreachable("appendMessages");
      return written;
    };
    const result = await run({
      provider: scriptedModel(["Hello."]),
      model: "m",
      input: "Hi.",
      storage,
      runId: "r2",
      conversationId: "c2",
      storageWaitMs: 2_000,
    });
    expect(result).toMatchObject({ stopReason: "completed", persisted: true });
    await expectInputAndAnswerOnce(storage, "c2", "r2");
  });

  it("a new run whose storage stays away past the wait ends the attempt, writes nothing, and runs again under its id once storage is back", async () => {
    const storage = createMemoryStorage();
    const view = faultyStorage(storage);
    // The claim goes through; the input's append does not, for longer than the wait.
    view.fault = "down";
    view.only = new Set(["appendMessages"]);
    const events: StreamEvent[] = [];
    const model = lookupModel();
    const tools = [fakeTool({ name: "lookup" })];
    const first = await run({
      provider: model,
      model: "m",
      input: "Go.",
      tools,
      storage: view,
      runId: "r3",
      conversationId: "c3",
      storageWaitMs: 200,
      claimLeaseMs: 100,
      onEvent: (event) => void events.push(event),
    });
    expect(first).toMatchObject({ stopReason: "error", persisted: false, error: { code: "STORAGE_UNAVAILABLE", retryable: true } });
    // No checkpoint was stored: there is nothing for resume(), and the run is not marked finished with the error.
    expect(first.resumable).toBeUndefined();
    expect(await storage.loadCheckpoint("r3")).toBeUndefined();
    expect(model.callCount).toBe(0);
    expect(events.map((event) => event.type)).toEqual(["run-start", "error", "run-end"]);
    await expect(resume({ provider: model, model: "m", storage, runId: "r3" })).resolves.toMatchObject({ error: { code: "RUN_NOT_RESUMABLE" } });

    view.fault = "none";
    await sleep(120);
    await expectRunAgainCompletes(storage, view, model, tools, "r3", "c3");
  });

  it("a new run whose claim never answers says resumable (an earlier attempt's write may land); resume() finds no checkpoint, and run() starts it", async () => {
    const storage = createMemoryStorage();
    const view = faultyStorage(storage);
    view.fault = "down";
    view.only = new Set(["claimRun"]);
    const model = lookupModel();
    const tools = [fakeTool({ name: "lookup" })];
    const first = await run({ provider: model, model: "m", input: "Go.", tools, storage: view, runId: "r7", conversationId: "c7", storageWaitMs: 150 });
    expect(first).toMatchObject({ stopReason: "error", persisted: false, resumable: true, error: { code: "STORAGE_UNAVAILABLE" } });
    expect(model.callCount).toBe(0);
    view.fault = "none";
    await expect(resume({ provider: model, model: "m", tools, storage: view, runId: "r7" })).resolves.toMatchObject({
      error: { code: "RUN_NOT_RESUMABLE" },
    });
    await expectRunAgainCompletes(storage, view, model, tools, "r7", "c7");
  });

  it("a new run whose claim hangs (a partition: no answer, no failure) ends at the storage wait, resumable; run() starts it once storage answers", async () => {
    const storage = createMemoryStorage();
    const view = faultyStorage(storage);
    view.fault = "hang";
    view.only = new Set(["claimRun"]);
    const model = lookupModel();
    const tools = [fakeTool({ name: "lookup" })];
    const events: StreamEvent[] = [];
    const first = await run({
      provider: model,
      model: "m",
      input: "Go.",
      tools,
      storage: view,
      runId: "r8",
      conversationId: "c8",
      storageWaitMs: 150,
      onEvent: (event) => events.push(event),
    });
    expect(first).toMatchObject({ stopReason: "error", persisted: false, resumable: true, error: { code: "STORAGE_UNAVAILABLE", retryable: true } });
    expect(view.refused.claimRun).toBe(1);
    expect(model.callCount).toBe(0);
    expect(events.map((event) => event.type)).toEqual(["run-start", "error", "run-end"]);
    expect(await storage.loadMessages("c8")).toEqual([]);
    view.fault = "none";
    await expectRunAgainCompletes(storage, view, model, tools, "r8", "c8");
  });

  it("a resume whose checkpoint read hangs ends at the storage wait, resumable, and resumes once storage answers", async () => {
    await resumeThroughOutage("hang", "loadCheckpoint", "r9", 150);
  });

  it("a resume whose claim hangs after its checkpoint read answered ends at the storage wait, and resumes once storage answers (one timer for the start, restarted by each step)", async () => {
    await resumeThroughOutage("hang", "claimRun", "r9-claim", 150);
  });

  it("a resume whose journal read, its third start step, hangs ends at the storage wait without calling the model", async () => {
    // Its claim answered: the attempt holds the run until its lease ends, so it is not resumed again here.
    const view = await resumeThroughOutage("hang", "loadToolJournal", "r9-journal", 150, false);
    expect(view.refused.loadToolJournal).toBe(1);
  });

  it("a resume whose storage stays away past the wait ends the attempt resumable, and leaves the stored run as it was", async () => {
    await resumeThroughOutage("down", "claimRun", "r4", 200);
  });

  it('with retryableErrorEnds "attempt", a finished run whose end is still unwritten at the wait says resumable; resume() then finishes it once', async () => {
    const storage = createMemoryStorage();
    const view = faultyStorage(storage);
    const provider = scriptedModel(["Answer."], { repeatLast: true });
    const stream = provider.stream.bind(provider);
    // Storage stops answering as the model answers: the run's last writes hang.
    provider.stream = (request) => {
      view.fault = "hang";
      view.only = new Set(["appendMessages", "saveCheckpoint"]);
      return stream(request);
    };
    const first = await run({
      provider,
      model: "m",
      input: "Q",
      storage: view,
      runId: "r5",
      conversationId: "c5",
      storageWaitMs: 150,
      claimLeaseMs: 100,
      retryableErrorEnds: "attempt",
    });
    expect(first).toMatchObject({ stopReason: "completed", text: "Answer.", persisted: false, resumable: true });
    expect((await storage.loadCheckpoint("r5"))?.stopReason).toBeUndefined();

    view.fault = "none";
    await sleep(120);
    const resumed = await resume({ provider: scriptedModel(["Answer."]), model: "m", storage: view, runId: "r5" });
    expect(resumed).toMatchObject({ stopReason: "completed", persisted: true });
    await expectInputAndAnswerOnce(storage, "c5", "r5");
  });
});

describe("the run's stream", () => {
  it("ends with the root's run-end: a write of the run that fails after it is logged, not streamed", async () => {
    const storage = createMemoryStorage();
    const append = storage.appendMessages.bind(storage);
    // The answer's append fails, late: after the run's storage wait, so after its run-end.
    storage.appendMessages = async (conversationId, messages, options) => {
      if (messages.some((message) => message.role === "assistant")) {
        await sleep(250);
        throw new StorageError("appendMessages failed: Command timed out", { retryable: true });
      }
      return append(conversationId, messages, options);
    };
    const events: StreamEvent[] = [];
    const warnings: string[] = [];
    const logger = {
      level: "warn" as const,
      warn: (_fields: object, message: string) => void warnings.push(message),
      error: () => undefined,
      info: () => undefined,
      debug: () => undefined,
    };
    const result = await run({
      provider: scriptedModel(["Answer."]),
      model: "m",
      input: "Q",
      storage,
      runId: "r6",
      conversationId: "c6",
      storageWaitMs: 100,
      logger,
      onEvent: (event) => void events.push(event),
    });
    expect(result).toMatchObject({ stopReason: "completed", persisted: false });
    await sleep(400);
    expect(events.at(-1)?.type).toBe("run-end");
    expect(events.filter((event) => event.type === "run-end")).toHaveLength(1);
    expect(warnings).toContain("storage write failed");
  });
});
