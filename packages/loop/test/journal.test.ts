import { describe, expect, it } from "vitest";
import {
  BatonError,
  StorageError,
  type ModelRequest,
  type RunCheckpoint,
  type RunResult,
  type Storage,
  type StreamEvent,
  type Tool,
  type ToolEffects,
  type ToolExecutionContext,
} from "@baton/core";
import { fakeTool, scriptedModel } from "@baton/testing";
import { createMemoryStorage, type MemoryStorage } from "@baton/storage-memory";
import { defineCheckpointWithJournal } from "@baton/core/storage-kit";
import { resume, run } from "../src/index.js";
import { eventually, faultyStorage } from "./support/faulty-storage.js";

/** The results the model got so far, as `name=result` (the model answers with them once `turns` calls were made). */
function resultsOf(request: ModelRequest): string[] {
  return request.messages.flatMap((message) =>
    message.role === "tool" ? message.content.map((part) => `${part.toolName}=${JSON.stringify(part.result)}`) : [],
  );
}

/** A model that calls `charge` once, then answers with what it got: its reply depends only on the request, so a resumed process can use a fresh one. */
function chargeModel() {
  const reply = (request: ModelRequest) =>
    resultsOf(request).length === 0
      ? { toolCalls: [{ id: "call_charge", name: "charge", arguments: { cents: 500 } }] }
      : { text: resultsOf(request).join("; ") };
  return scriptedModel([reply], { repeatLast: true });
}

/** A tool that records every start (with its idempotency key) and hangs while `hang()` says so, until its signal fires. */
function chargeTool(starts: string[], effects: ToolEffects | undefined, hang: () => boolean): Tool {
  return {
    ...fakeTool({ name: "charge" }),
    ...(effects === undefined ? {} : { effects }),
    execute: async (_args: unknown, ctx: ToolExecutionContext) => {
      starts.push(ctx.idempotencyKey);
      if (hang()) await new Promise((_, reject) => ctx.signal.addEventListener("abort", () => reject(new Error("stopped"))));
      return { charged: 500 };
    },
  };
}

/**
 * A stored run whose first process stopped while its `charge` call ran: the call's
 * intent is journaled, its outcome is not. The process's claim renewals stop reaching
 * the store, so it stops itself (its lease ran out), signalling the tool.
 */
async function chargeInDoubt(storage: MemoryStorage, starts: string[], effects?: ToolEffects): Promise<RunResult> {
  const claims = storage.claimRun.bind(storage);
  let renewals = 0;
  storage.claimRun = async (runId, claim) => (claim.owner === "A" && renewals++ > 0 ? Promise.reject(new Error("partition")) : claims(runId, claim));
  const first = await run({
    provider: chargeModel(),
    model: "m",
    input: "Charge me.",
    tools: [chargeTool(starts, effects, () => true)],
    storage,
    conversationId: "c1",
    runId: "r1",
    claimOwner: "A",
    claimLeaseMs: 400,
  });
  storage.claimRun = claims;
  expect(first).toMatchObject({ stopReason: "error", resumable: true, error: { code: "STORAGE_UNAVAILABLE" } });
  expect((await storage.loadToolJournal("r1")).map((entry) => [entry.toolCallId, entry.attempt, entry.outcome])).toEqual([["call_charge", 1, undefined]]);
  // Its lease runs out in storage too: another process may take the run.
  await new Promise((resolve) => setTimeout(resolve, 420));
  return first;
}

const resumeCharge = (storage: MemoryStorage, starts: string[], options: { effects?: ToolEffects; decisions?: Record<string, unknown> } = {}) =>
  resume({
    provider: chargeModel(),
    model: "m",
    tools: [chargeTool(starts, options.effects, () => false)],
    storage,
    runId: "r1",
    ...(options.decisions === undefined ? {} : { decisions: options.decisions as never }),
  });

describe("the tool-call journal", () => {
  it("stores a call's intent before the call starts and its outcome once it ended, under the run's claim", async () => {
    const storage = createMemoryStorage();
    const seen: unknown[] = [];
    const look: Tool = {
      ...fakeTool({ name: "look" }),
      execute: async (_args, ctx) => {
        // While the call runs, the journal holds its intent (and no outcome).
        seen.push((await storage.loadToolJournal(ctx.runId)).map((entry) => [entry.toolCallId, entry.outcome?.status ?? "started"]));
        return ctx.idempotencyKey;
      },
    };
    const result = await run({
      provider: scriptedModel([
        {
          toolCalls: [
            { id: "a", name: "look" },
            { id: "b", name: "look" },
          ],
        },
        "done",
      ]),
      model: "m",
      input: "x",
      tools: [look],
      storage,
      runId: "r-j",
    });
    expect(result.stopReason).toBe("completed");
    // Both calls' intents were written together, before either started.
    expect(seen).toEqual([
      [
        ["a", "started"],
        ["b", "started"],
      ],
      [
        ["a", "started"],
        ["b", "started"],
      ],
    ]);
    const journal = await storage.loadToolJournal("r-j");
    expect(journal.map((entry) => [entry.toolCallId, entry.toolName, entry.attempt, entry.token, entry.outcome?.status])).toEqual([
      ["a", "look", 1, 1, "ok"],
      ["b", "look", 1, 1, "ok"],
    ]);
    // The key a tool passes to an external API: the run and the call, the same in every attempt.
    expect(journal.map((entry) => (entry.outcome as { result?: unknown }).result)).toEqual(["r-j:a", "r-j:b"]);
  });

  it("writes a batch's intents in the slot of the checkpoint its calls wait for, and each outcome in the slot of the next: one storage call more per step, and no checkpoint ahead of the journal", async () => {
    const storage = createMemoryStorage();
    /** What the run wrote, in order: each journal write with its entries, each checkpoint with its calls' statuses. */
    const writes: string[] = [];
    const view = Object.create(storage) as typeof storage;
    view.writeToolJournal = (entries, fence) => {
      writes.push(`journal ${entries.map((entry) => `${entry.toolCallId}:${entry.outcome?.status ?? "intent"}`).join(",")}`);
      return storage.writeToolJournal(entries, fence);
    };
    view.saveCheckpoint = async (checkpoint, claim) => {
      // The invariant a resumed run relies on: a call the checkpoint shows done is done in the journal already.
      const journal = await storage.loadToolJournal(checkpoint.runId);
      for (const entry of checkpoint.root.batch?.calls ?? []) {
        if (entry.status === "done") expect(journal.find((journaled) => journaled.toolCallId === entry.call.toolCallId)?.outcome).toBeDefined();
      }
      writes.push(`checkpoint ${(checkpoint.root.batch?.calls ?? []).map((entry) => `${entry.call.toolCallId}:${entry.status}`).join(",")}`);
      return storage.saveCheckpoint(checkpoint, claim);
    };
    const result = await run({
      provider: scriptedModel([{ toolCalls: [{ id: "a", name: "step" }] }, { toolCalls: [{ id: "b", name: "step" }] }, "done"]),
      model: "m",
      input: "x",
      tools: [fakeTool({ name: "step" })],
      storage: view,
      runId: "r-slots",
    });
    expect(result.stopReason).toBe("completed");
    expect(writes).toEqual([
      // The run's start.
      "checkpoint ",
      // The first batch: its call's intent, then the checkpoint the call waits for.
      "journal a:intent",
      "checkpoint a:pending",
      // Call a's outcome, in the slot of the checkpoint asked for after it (the next batch's, which its call waits for).
      "journal a:ok,b:intent",
      "checkpoint b:pending",
      // Call b's outcome, with the checkpoint after it; then the run's end.
      "journal b:ok",
      "checkpoint ",
      "checkpoint ",
    ]);
    expect((await storage.loadToolJournal("r-slots")).map((entry) => [entry.toolCallId, entry.outcome?.status])).toEqual([
      ["a", "ok"],
      ["b", "ok"],
    ]);
  });

  it("with a storage that saves a checkpoint and its journal entries in one call, the entries that ride cost no storage call of their own", async () => {
    const storage = createMemoryStorage();
    const writes: string[] = [];
    const statuses = (checkpoint: RunCheckpoint) => (checkpoint.root.batch?.calls ?? []).map((entry) => `${entry.call.toolCallId}:${entry.status}`).join(",");
    const view: Storage = {
      ...storage,
      writeToolJournal: (entries, fence) => {
        writes.push(`journal ${entries.map((entry) => entry.toolCallId).join(",")}`);
        return storage.writeToolJournal(entries, fence);
      },
      saveCheckpoint: (checkpoint, claim) => {
        writes.push(`checkpoint ${statuses(checkpoint)}`);
        return storage.saveCheckpoint(checkpoint, claim);
      },
    };
    const both = defineCheckpointWithJournal(view, (checkpoint, claim, entries) => {
      writes.push(`both ${entries.map((entry) => `${entry.toolCallId}:${entry.outcome?.status ?? "intent"}`).join(",")} | ${statuses(checkpoint)}`);
      return storage.saveCheckpointWithJournal!(checkpoint, claim, entries);
    });
    const result = await run({
      provider: scriptedModel([{ toolCalls: [{ id: "a", name: "step" }] }, { toolCalls: [{ id: "b", name: "step" }] }, "done"]),
      model: "m",
      input: "x",
      tools: [fakeTool({ name: "step" })],
      storage: { ...view, saveCheckpointWithJournal: both },
      runId: "r-one-call",
    });
    expect(result).toMatchObject({ stopReason: "completed", persisted: true });
    expect(writes).toEqual(["checkpoint ", "both a:intent | a:pending", "both a:ok,b:intent | b:pending", "both b:ok | ", "checkpoint "]);
    expect((await storage.loadToolJournal("r-one-call")).map((entry) => [entry.toolCallId, entry.outcome?.status])).toEqual([
      ["a", "ok"],
      ["b", "ok"],
    ]);
  });

  it("a one-call write that fails is reported once; its entries are written again by themselves before their calls start, and the run completes", async () => {
    const storage = createMemoryStorage();
    const journalWrites: string[] = [];
    const starts: string[][] = [];
    const look: Tool = {
      ...fakeTool({ name: "look" }),
      execute: async (_args, ctx) => {
        starts.push((await storage.loadToolJournal(ctx.runId)).map((entry) => `${entry.toolCallId}:${entry.outcome?.status ?? "intent"}`));
        return "seen";
      },
    };
    const view: Storage = {
      ...storage,
      writeToolJournal: (entries, fence) => {
        journalWrites.push(entries.map((entry) => entry.toolCallId).join(","));
        return storage.writeToolJournal(entries, fence);
      },
    };
    let failures = 1;
    const both = defineCheckpointWithJournal(view, (checkpoint, claim, entries) =>
      failures-- > 0
        ? Promise.reject(new StorageError("saveCheckpointWithJournal failed: the store is unreachable", { retryable: true }))
        : storage.saveCheckpointWithJournal!(checkpoint, claim, entries),
    );
    const errors: StreamEvent[] = [];
    const result = await run({
      provider: scriptedModel([{ toolCalls: [{ id: "a", name: "look" }] }, "done"]),
      model: "m",
      input: "x",
      tools: [look],
      storage: { ...view, saveCheckpointWithJournal: both },
      runId: "r-one-call-fails",
      onEvent: (event) => {
        if (event.type === "error") errors.push(event);
      },
    });
    expect(result).toMatchObject({ stopReason: "completed", persisted: false });
    // One failure, one error event (not one for the checkpoint and one for its entries).
    expect(errors.map((event) => (event as { error: { code: string } }).error.code)).toEqual(["STORAGE_ERROR"]);
    // The intent was written again by itself, and the call started only then.
    expect(journalWrites).toEqual(["a"]);
    expect(starts).toEqual([["a:intent"]]);
    expect((await storage.loadToolJournal("r-one-call-fails")).map((entry) => [entry.toolCallId, entry.outcome?.status])).toEqual([["a", "ok"]]);
    expect((await storage.loadCheckpoint("r-one-call-fails"))?.stopReason).toBe("completed");
  });

  it("a call that waits for a free slot of maxConcurrentTools writes its intent when it starts, and a ride whose write fails is tried again before its calls start", async () => {
    const storage = createMemoryStorage();
    const faulty = faultyStorage(storage);
    const seen: [string, string[]][] = [];
    const look: Tool = {
      ...fakeTool({ name: "look" }),
      execute: async (_args, ctx) => {
        seen.push([ctx.toolCallId, (await storage.loadToolJournal(ctx.runId)).map((entry) => `${entry.toolCallId}:${entry.outcome?.status ?? "intent"}`)]);
        return "ok";
      },
    };
    // The first write of the journal (the batch's ride) fails once: the calls wait for it to be written again.
    let failures = 1;
    faulty.writeToolJournal = (entries, fence) =>
      failures-- > 0
        ? Promise.reject(new StorageError("writeToolJournal failed: the store is unreachable", { retryable: true }))
        : storage.writeToolJournal(entries, fence);
    const result = await run({
      provider: scriptedModel([
        {
          toolCalls: [
            { id: "a", name: "look" },
            { id: "b", name: "look" },
            { id: "c", name: "look" },
          ],
        },
        "done",
      ]),
      model: "m",
      input: "x",
      tools: [look],
      storage: faulty,
      runId: "r-slot",
      maxConcurrentTools: 2,
    });
    expect(result).toMatchObject({ stopReason: "completed", persisted: false });
    // a and b started at once, after their ride was written again; c only once its own intent was stored (a's
    // outcome rides with the checkpoint asked for after a, which c does not wait for).
    expect(seen).toEqual([
      ["a", ["a:intent", "b:intent"]],
      ["b", ["a:intent", "b:intent"]],
      ["c", ["a:intent", "b:intent", "c:intent"]],
    ]);
    expect((await storage.loadToolJournal("r-slot")).map((entry) => [entry.toolCallId, entry.attempt, entry.outcome?.status])).toEqual([
      ["a", 1, "ok"],
      ["b", 1, "ok"],
      ["c", 1, "ok"],
    ]);
  });

  it("a call whose outcome was journaled never runs again, though the run's last checkpoint still shows it pending", async () => {
    const storage = createMemoryStorage();
    const faulty = faultyStorage(storage);
    const executed: string[] = [];
    const tools = (process: string): Tool[] =>
      ["one", "two", "three"].map((name) => ({
        ...fakeTool({ name }),
        execute: async () => {
          // Once the batch runs (its checkpoint at the start is stored), checkpoints and renewals stop reaching the store: the journal still does.
          faulty.fault = "down";
          faulty.only = new Set(["saveCheckpoint", "claimRun"]);
          executed.push(`${process}:${name}`);
          return `${name} done`;
        },
      }));
    const model = (hang: boolean) =>
      scriptedModel(
        [
          (request: ModelRequest) =>
            resultsOf(request).length === 0
              ? {
                  toolCalls: [
                    { id: "c1", name: "one" },
                    { id: "c2", name: "two" },
                    { id: "c3", name: "three" },
                  ],
                }
              : { text: resultsOf(request).join("; "), ...(hang ? { delayMs: 60_000 } : {}) },
        ],
        { repeatLast: true },
      );
    // The first process stops while the model answers (its claim could not be renewed).
    const first = await run({ provider: model(true), model: "m", input: "x", tools: tools("A"), storage: faulty, runId: "r-8", claimLeaseMs: 400 });
    expect(first).toMatchObject({ stopReason: "error", resumable: true, error: { code: "STORAGE_UNAVAILABLE" } });
    expect((await storage.loadCheckpoint("r-8"))?.root.batch?.calls.map((entry) => entry.status)).toEqual(["pending", "pending", "pending"]);
    faulty.fault = "none";
    await new Promise((resolve) => setTimeout(resolve, 420));
    const resumed = await resume({ provider: model(false), model: "m", tools: tools("B"), storage, runId: "r-8" });
    expect(resumed).toMatchObject({ stopReason: "completed", text: 'one="one done"; two="two done"; three="three done"' });
    expect(executed.sort()).toEqual(["A:one", "A:three", "A:two"]);
  });

  it("a `once` call in doubt pauses the resumed run with an in-doubt interruption; run again, it runs once more with the same idempotency key", async () => {
    const storage = createMemoryStorage();
    const starts: string[] = [];
    await chargeInDoubt(storage, starts);
    const events: StreamEvent[] = [];
    const paused = await resume({
      provider: chargeModel(),
      model: "m",
      tools: [chargeTool(starts, undefined, () => false)],
      storage,
      runId: "r1",
      onEvent: (e) => void events.push(e),
    });
    expect(paused.stopReason).toBe("interrupted");
    expect(paused.interruptions).toEqual([
      {
        id: "call_charge",
        kind: "in-doubt",
        agentPath: "main",
        toolCallId: "call_charge",
        toolName: "charge",
        arguments: { cents: 500 },
        payload: { idempotencyKey: "r1:call_charge", attempt: 1, startedAt: expect.any(Number) },
      },
    ]);
    expect(events.find((event) => event.type === "tool-interrupted")).toMatchObject({ toolCallId: "call_charge", kind: "in-doubt" });
    expect(starts).toEqual(["r1:call_charge"]);
    const done = await resumeCharge(storage, starts, { decisions: { call_charge: { runAgain: true } } });
    expect(done).toMatchObject({ stopReason: "completed", text: 'charge={"charged":500}' });
    expect(starts).toEqual(["r1:call_charge", "r1:call_charge"]);
    expect((await storage.loadToolJournal("r1")).map((entry) => [entry.attempt, entry.outcome?.status])).toEqual([[2, "ok"]]);
  });

  it("a run started again whose claim's reply was lost (the claim took the run over) still finds the dead process's call in doubt", async () => {
    const storage = createMemoryStorage();
    // The first process claimed "r1", journaled its `charge` call's intent and died before its first checkpoint.
    await storage.claimRun("r1", { owner: "dead", leaseMs: 0, now: 0 });
    await storage.writeToolJournal([{ runId: "r1", toolCallId: "call_charge", toolName: "charge", agentPath: "main", attempt: 1, token: 1, startedAt: 1 }], {
      runId: "r1",
      owner: "dead",
      token: 1,
    });
    // The new start's first claim takes the run over, and its reply is lost: tried again, the claim is its own already.
    const claims = storage.claimRun.bind(storage);
    let tries = 0;
    storage.claimRun = async (runId, claim) => {
      const claimed = await claims(runId, claim);
      if (tries++ === 0) throw new StorageError("claimRun failed: the connection was reset", { retryable: true });
      return claimed;
    };
    const starts: string[] = [];
    const again = await run({
      provider: chargeModel(),
      model: "m",
      input: "Charge me.",
      tools: [chargeTool(starts, undefined, () => false)],
      storage,
      conversationId: "c1",
      runId: "r1",
    });
    expect(tries).toBe(2);
    expect(again.stopReason).toBe("interrupted");
    expect(again.interruptions).toMatchObject([{ kind: "in-doubt", toolCallId: "call_charge" }]);
    expect(starts).toEqual([]);
  });

  it("a decision gives a call in doubt its result, or fails it: the call does not run again, and the model reads what was decided", async () => {
    for (const [decision, text, status] of [
      [{ result: { charged: 500, by: "ledger" } }, 'charge={"charged":500,"by":"ledger"}', "ok"],
      [{ fail: "The charge could not be confirmed." }, "charge=", "error"],
    ] as const) {
      const storage = createMemoryStorage();
      const starts: string[] = [];
      await chargeInDoubt(storage, starts);
      expect((await resumeCharge(storage, starts)).stopReason).toBe("interrupted");
      const done = await resumeCharge(storage, starts, { decisions: { call_charge: decision } });
      expect(done.stopReason).toBe("completed");
      expect(done.text.startsWith(text)).toBe(true);
      if (status === "error") expect(done.text).toContain("The charge could not be confirmed.");
      expect(starts).toEqual(["r1:call_charge"]);
      expect(done.toolCalls.map((call) => [call.toolCallId, call.status])).toEqual([["call_charge", status]]);
      expect((await storage.loadToolJournal("r1")).map((entry) => [entry.attempt, entry.outcome?.status])).toEqual([[1, status]]);
    }
  });

  it("a decision on a call in doubt whose pause was reported but never stored settles the call once the journal finds it in doubt again", async () => {
    const storage = createMemoryStorage();
    const starts: string[] = [];
    await chargeInDoubt(storage, starts);
    // The resumed attempt finds the call in doubt and pauses; the checkpoint of its pause never lands (it hangs past the storage wait).
    const save = storage.saveCheckpoint.bind(storage);
    storage.saveCheckpoint = (state, fence) => (state.status === "interrupted" ? new Promise<void>(() => {}) : save(state, fence));
    const paused = await resume({
      provider: chargeModel(),
      model: "m",
      tools: [chargeTool(starts, undefined, () => false)],
      storage,
      runId: "r1",
      claimLeaseMs: 100,
      storageWaitMs: 100,
    });
    storage.saveCheckpoint = save;
    expect(paused).toMatchObject({ stopReason: "interrupted", persisted: false });
    expect(paused.interruptions?.map((item) => [item.id, item.kind])).toEqual([["call_charge", "in-doubt"]]);
    expect((await storage.loadCheckpoint("r1"))?.status).toBe("running");
    await new Promise((resolve) => setTimeout(resolve, 150)); // the paused attempt's claim runs out
    // The decision the caller was asked for applies: the call takes the result given and never runs again.
    const done = await resumeCharge(storage, starts, { decisions: { call_charge: { result: { charged: 500, by: "ledger" } } } });
    expect(done).toMatchObject({ stopReason: "completed", text: 'charge={"charged":500,"by":"ledger"}' });
    expect(starts).toEqual(["r1:call_charge"]);
    expect((await storage.loadToolJournal("r1")).map((entry) => [entry.attempt, entry.outcome?.status])).toEqual([[1, "ok"]]);
  });

  it("refuses a decision of the wrong kind for a call in doubt, and leaves the run as it was", async () => {
    const storage = createMemoryStorage();
    const starts: string[] = [];
    await chargeInDoubt(storage, starts);
    expect((await resumeCharge(storage, starts)).stopReason).toBe("interrupted");
    for (const wrong of [{ approve: true }, { answer: 1 }, { runAgain: false }, { result: 10n }, { fail: 3 }, { runAgain: true, result: 1 }]) {
      await expect(resumeCharge(storage, starts, { decisions: { call_charge: wrong } })).rejects.toMatchObject({ code: "INVALID_DECISIONS" });
    }
    expect(starts).toEqual(["r1:call_charge"]);
    expect((await resumeCharge(storage, starts, { decisions: { call_charge: { runAgain: true } } })).stopReason).toBe("completed");
  });

  it("a call run again after a decision and cut short again is asked about again", async () => {
    const storage = createMemoryStorage();
    const starts: string[] = [];
    await chargeInDoubt(storage, starts);
    expect((await resumeCharge(storage, starts)).stopReason).toBe("interrupted");
    // The second attempt is cut short too (its process loses its claim while the call runs).
    const claims = storage.claimRun.bind(storage);
    let renewals = 0;
    storage.claimRun = async (runId, claim) => (claim.owner === "B" && renewals++ > 0 ? Promise.reject(new Error("partition")) : claims(runId, claim));
    const again = await resume({
      provider: chargeModel(),
      model: "m",
      tools: [chargeTool(starts, undefined, () => true)],
      storage,
      runId: "r1",
      claimOwner: "B",
      claimLeaseMs: 400,
      decisions: { call_charge: { runAgain: true } },
    });
    storage.claimRun = claims;
    expect(again).toMatchObject({ stopReason: "error", resumable: true });
    await new Promise((resolve) => setTimeout(resolve, 420));
    const paused = await resumeCharge(storage, starts);
    expect(paused.interruptions?.map((item) => [item.kind, (item.payload as { attempt: number }).attempt])).toEqual([["in-doubt", 2]]);
    expect(starts).toHaveLength(2);
  });

  it("an approved call that a dead process had started is in doubt too, though its stored state still shows the approval", async () => {
    const storage = createMemoryStorage();
    const starts: string[] = [];
    const hold = { beforeToolCalls: () => ({ decisions: { call_charge: { type: "interrupt" as const } } }) };
    const paused = await run({
      provider: chargeModel(),
      model: "m",
      input: "x",
      tools: [chargeTool(starts, undefined, () => false)],
      config: hold,
      storage,
      runId: "r1",
    });
    expect(paused.stopReason).toBe("interrupted");
    // A process took the run with the approval and started the charge (its intent is journaled), then died before
    // any checkpoint said more than the approval.
    const claim = await storage.claimRun("r1", { owner: "dead", leaseMs: 0 });
    if (!claim.claimed) throw new Error("not claimed");
    const state = claim.checkpoint!;
    state.root.batch!.calls[0]!.approval = { approved: true };
    await storage.saveCheckpoint(
      { ...state, status: "running", root: { ...state.root, status: "running" } },
      { owner: "dead", token: claim.token, leaseMs: 0 },
    );
    await storage.writeToolJournal(
      [{ runId: "r1", toolCallId: "call_charge", toolName: "charge", agentPath: "main", attempt: 1, token: claim.token, startedAt: 1 }],
      {
        runId: "r1",
        owner: "dead",
        token: claim.token,
      },
    );
    const resumed = await resume({
      provider: chargeModel(),
      model: "m",
      tools: [chargeTool(starts, undefined, () => false)],
      config: hold,
      storage,
      runId: "r1",
    });
    expect(resumed.interruptions?.map((item) => [item.id, item.kind])).toEqual([["call_charge", "in-doubt"]]);
    expect(starts).toEqual([]);
  });

  it("an idempotent tool's call in doubt, and a read-only tool's, runs again by itself", async () => {
    for (const declared of ["idempotent", "readonly"] as const) {
      const storage = createMemoryStorage();
      const starts: string[] = [];
      const tool = (hang: boolean): Tool => {
        const base = chargeTool(starts, declared === "idempotent" ? "idempotent" : undefined, () => hang);
        return declared === "readonly" ? { ...base, preset: "readonly" } : base;
      };
      const claims = storage.claimRun.bind(storage);
      let renewals = 0;
      storage.claimRun = async (runId, claim) => (claim.owner === "A" && renewals++ > 0 ? Promise.reject(new Error("partition")) : claims(runId, claim));
      await run({ provider: chargeModel(), model: "m", input: "x", tools: [tool(true)], storage, runId: "r1", claimOwner: "A", claimLeaseMs: 400 });
      storage.claimRun = claims;
      await new Promise((resolve) => setTimeout(resolve, 420));
      const done = await resume({ provider: chargeModel(), model: "m", tools: [tool(false)], storage, runId: "r1" });
      expect(done).toMatchObject({ stopReason: "completed", text: 'charge={"charged":500}' });
      expect(starts).toEqual(["r1:call_charge", "r1:call_charge"]);
    }
  });

  it("starts no call whose intent cannot be stored: an outage past the storage wait ends the attempt, and the run resumes when storage is back", async () => {
    const storage = createMemoryStorage();
    const faulty = faultyStorage(storage);
    const executed: number[] = [];
    const step: Tool = { ...fakeTool({ name: "step" }), execute: async (args: unknown) => (executed.push((args as { n: number }).n), "ok") };
    const model = (down?: () => void) =>
      scriptedModel(
        [
          (request: ModelRequest) => {
            const done = resultsOf(request).length;
            // Storage goes away shortly before the model answers its fourth turn (which takes 300 ms), and only
            // once the write of call 3's outcome (which starts as the model is asked) is stored: so call 3 is not
            // in doubt, however long this process waits for the CPU.
            if (done === 3 && down) {
              const asked = Date.now();
              const stored = async () => ((await storage.loadToolJournal("r-o")).find((entry) => entry.toolCallId === "s3")?.outcome ? true : undefined);
              void eventually(stored, "call 3's outcome").then(() => setTimeout(down, Math.max(0, asked + 270 - Date.now())));
              return { delayMs: 300, toolCalls: [{ id: "s4", name: "step", arguments: { n: 4 } }] };
            }
            return done < 8 ? { toolCalls: [{ id: `s${done + 1}`, name: "step", arguments: { n: done + 1 } }] } : { text: `${done} steps` };
          },
        ],
        { repeatLast: true },
      );
    const errors: string[] = [];
    const first = await run({
      provider: model(() => (faulty.fault = "down")),
      model: "m",
      input: "x",
      tools: [step],
      storage: faulty,
      runId: "r-o",
      storageWaitMs: 200,
      claimLeaseMs: 600,
      onEvent: (event) => void (event.type === "error" && errors.push(event.error.code)),
    });
    expect(first).toMatchObject({ stopReason: "error", persisted: false, resumable: true, error: { code: "STORAGE_UNAVAILABLE", retryable: true } });
    expect(executed).toEqual([1, 2, 3]);
    expect(errors.at(-1)).toBe("STORAGE_UNAVAILABLE");
    // The intent of call 4 was tried again, and no call started.
    expect(faulty.refused.writeToolJournal).toBeGreaterThan(1);
    faulty.fault = "none";
    const second = await resume({ provider: model(), model: "m", tools: [step], storage: faulty, runId: "r-o", claimOwner: "B" }).catch((error) => error);
    // The first process's lease has not run out yet: the store says who holds the run.
    expect(second).toMatchObject({ stopReason: "error", error: { code: "RUN_NOT_RESUMABLE" } });
    const done = await eventually(async () => {
      const attempt = await resume({ provider: model(), model: "m", tools: [step], storage: faulty, runId: "r-o" });
      return attempt.error?.code === "RUN_NOT_RESUMABLE" ? undefined : attempt;
    }, "the lease to lapse");
    expect(done).toMatchObject({ stopReason: "completed", text: "8 steps", persisted: true });
    expect(executed).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });
});

describe("an abort is kept", () => {
  it("an abort while storage is away is stored once it comes back; resume() then gives the aborted outcome and runs nothing", async () => {
    const storage = createMemoryStorage();
    const faulty = faultyStorage(storage);
    const executed: string[] = [];
    const controller = new AbortController();
    const work: Tool = {
      ...fakeTool({ name: "work" }),
      execute: async (_args, ctx) => {
        executed.push(ctx.toolCallId);
        if (ctx.toolCallId === "w3") {
          faulty.fault = "down";
          setTimeout(() => controller.abort(), 5);
          await new Promise((_, reject) => ctx.signal.addEventListener("abort", () => reject(new Error("stopped"))));
        }
        return "ok";
      },
    };
    const model = () =>
      scriptedModel(
        [
          (request: ModelRequest) =>
            resultsOf(request).length < 7 ? { toolCalls: [{ id: `w${resultsOf(request).length + 1}`, name: "work" }] } : { text: "done" },
        ],
        { repeatLast: true },
      );
    const first = await run({
      provider: model(),
      model: "m",
      input: "x",
      tools: [work],
      storage: faulty,
      conversationId: "c",
      runId: "r-a",
      signal: controller.signal,
    });
    expect(first).toMatchObject({ stopReason: "aborted", persisted: false });
    // In this process, resume() before storage is back gives the abort at once, and runs nothing.
    const early = await resume({ provider: model(), model: "m", tools: [work], storage: faulty, runId: "r-a", storageWaitMs: 50 });
    expect(early).toMatchObject({ stopReason: "aborted", persisted: false });
    expect((await storage.loadCheckpoint("r-a"))?.stopReason).toBeUndefined();
    faulty.fault = "none";
    // Once storage is back, the kept end lands.
    await eventually(async () => ((await storage.loadCheckpoint("r-a"))?.stopReason === "aborted" ? true : undefined), "the abort to be stored");
    const events: string[] = [];
    const later = await resume({ provider: model(), model: "m", tools: [work], storage, runId: "r-a", onEvent: (event) => void events.push(event.type) });
    expect(later).toMatchObject({ stopReason: "aborted", persisted: true });
    expect(events).toEqual(["run-start", "run-end"]);
    expect(executed).toEqual(["w1", "w2", "w3"]);
  });
});

describe("an attempt another process took over", () => {
  it("aborted with RUN_CLAIM_LOST (a queue's relay found a newer claim), it writes no end and keeps none: the run goes on elsewhere", async () => {
    const storage = createMemoryStorage();
    const controller = new AbortController();
    const wait: Tool = {
      ...fakeTool({ name: "wait" }),
      execute: (_args, ctx) =>
        new Promise((_, reject) => {
          setTimeout(() => controller.abort(new BatonError("RUN_CLAIM_LOST", "Another attempt of the run now writes its events.")), 5);
          ctx.signal.addEventListener("abort", () => reject(new Error("stopped")));
        }),
    };
    const result = await run({
      provider: scriptedModel([{ toolCalls: [{ id: "w1", name: "wait" }] }]),
      model: "m",
      input: "x",
      tools: [wait],
      storage,
      runId: "r-l",
      signal: controller.signal,
    });
    expect(result).toMatchObject({ stopReason: "aborted", persisted: false });
    const stored = await storage.loadCheckpoint("r-l");
    expect(stored?.stopReason).toBeUndefined();
    expect(stored?.root.batch?.calls.map((entry) => entry.status)).toEqual(["pending"]);
    // The call it cut short is not journaled as aborted: whoever holds the run finds it in doubt.
    expect((await storage.loadToolJournal("r-l")).map((entry) => [entry.toolCallId, entry.outcome])).toEqual([["w1", undefined]]);
  });
});

describe("onClaim", () => {
  it("is told the claim's owner and fencing token each time the run takes it, before any event of that attempt", async () => {
    const storage = createMemoryStorage();
    const seen: string[] = [];
    const hold = { beforeToolCalls: () => ({ decisions: { d1: { type: "interrupt" as const } } }) };
    const tools = [fakeTool({ name: "delete_file", result: "ok" })];
    const common = {
      model: "m",
      tools,
      config: hold,
      storage,
      onEvent: (event: StreamEvent) => void seen.push(event.type),
      onClaim: (claim: { runId: string; owner: string; token: number }) => void seen.push(`claim ${claim.runId} ${claim.token} ${claim.owner}`),
    };
    await run({ ...common, provider: scriptedModel([{ toolCalls: [{ id: "d1", name: "delete_file" }] }]), input: "x", runId: "r-c", claimOwner: "first" });
    expect(seen[0]).toBe("claim r-c 1 first");
    expect(seen[1]).toBe("run-start");
    seen.length = 0;
    await resume({ ...common, provider: scriptedModel(["done"]), runId: "r-c", claimOwner: "second", decisions: { d1: { approve: true } } });
    expect(seen.slice(0, 2)).toEqual(["claim r-c 2 second", "run-start"]);
  });
});
