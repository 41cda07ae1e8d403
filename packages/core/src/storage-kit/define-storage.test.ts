import { describe, expect, expectTypeOf, it } from "vitest";
import { StorageConflictError, StorageError } from "../errors/index.js";
import type { Storage } from "../storage/index.js";
import { checkpointWithJournalOf } from "./checkpoint-with-journal.js";
import { defineStorage, STORAGE_OPERATION_NAMES, type StorageCallName, type StorageOperationName, type StorageOperations } from "./define-storage.js";

interface Context {
  readonly calls: string[];
  value: number;
}

/** Operations that record their calls; `loadSummary` fails as a driver would, `loadSessionState` with a Baton error. */
function operations(): StorageOperations<Context> {
  const record =
    <R>(name: string, result: R) =>
    (context: Context, ...args: unknown[]): R => {
      context.calls.push(`${name}(${args.map((arg) => JSON.stringify(arg)).join(", ")})`);
      return result;
    };
  return {
    appendMessages: record("appendMessages", { firstSeq: 1, version: 1 }),
    loadMessages: record("loadMessages", []),
    claimRun: record("claimRun", { claimed: true, token: 1 }),
    saveCheckpoint: record("saveCheckpoint", undefined),
    loadCheckpoint: record("loadCheckpoint", undefined),
    writeToolJournal: record("writeToolJournal", undefined),
    loadToolJournal: record("loadToolJournal", []),
    loadSessionState: () => {
      throw new StorageConflictError('session "k"', 1, 2);
    },
    saveSessionState: (context, _key, value) => {
      // Reads its argument at once, as an operation that serializes first does.
      context.value = (value as { n: number }).n;
      return Promise.resolve(context.value);
    },
    archiveToolOutput: record("archiveToolOutput", undefined),
    loadToolOutput: record("loadToolOutput", undefined),
    saveSummary: record("saveSummary", undefined),
    loadSummary: () => Promise.reject(new Error("socket hang up")),
    recordUsage: record("recordUsage", undefined),
    queryUsage: record("queryUsage", []),
    prune: record("prune", 3),
  };
}

describe("defineStorage", () => {
  it("knows every method of the Storage contract (checked by the compiler: a method added to Storage and not listed fails the typecheck)", () => {
    expectTypeOf<Exclude<StorageOperationName, (typeof STORAGE_OPERATION_NAMES)[number]>>().toEqualTypeOf<never>();
    expect(new Set(STORAGE_OPERATION_NAMES).size).toBe(STORAGE_OPERATION_NAMES.length);
  });

  it("gives every Storage method, forwarding its arguments to the operation with the context first, and copies the adapter's properties", async () => {
    const context: Context = { calls: [], value: 0 };
    const storage: Storage & { readonly handle: string } = defineStorage(
      { label: "test storage", context: () => context, operations: operations() },
      { handle: "h" },
    );
    expect(Object.keys(storage).sort()).toEqual([...STORAGE_OPERATION_NAMES, "close", "handle"].sort());
    expect(storage.handle).toBe("h");
    expect(await storage.appendMessages("c1", [], { expectedVersion: 0 })).toEqual({ firstSeq: 1, version: 1 });
    expect(await storage.prune("usage", 5)).toBe(3);
    expect(context.calls).toEqual(['appendMessages("c1", [], {"expectedVersion":0})', 'prune("usage", 5)']);
  });

  it("runs the operation in the same turn as the call when the context is at hand, so a later change of the argument is not seen", async () => {
    const context: Context = { calls: [], value: 0 };
    const storage = defineStorage({ label: "test storage", context: () => context, operations: operations() });
    const state = { n: 1 };
    const saving = storage.saveSessionState("k", state);
    state.n = 99;
    expect(await saving).toBe(1);
  });

  it("waits for a context given as a promise", async () => {
    const context: Context = { calls: [], value: 0 };
    const storage = defineStorage({ label: "test storage", context: () => Promise.resolve(context), operations: operations() });
    expect(await storage.claimRun("r1", { owner: "a", leaseMs: 10 })).toEqual({ claimed: true, token: 1 });
    expect(context.calls).toEqual(['claimRun("r1", {"owner":"a","leaseMs":10})']);
  });

  it("turns a failure that is not a Baton error into the adapter's error, naming the operation; Baton errors pass through", async () => {
    const wrapped: string[] = [];
    const storage = defineStorage({
      label: "test storage",
      context: () => ({ calls: [], value: 0 }),
      operations: operations(),
      wrapError: (error, operation) => {
        wrapped.push(operation);
        return new StorageError(`${operation} failed: ${(error as Error).message}`, { cause: error });
      },
    });
    await expect(storage.loadSummary("c1")).rejects.toMatchObject({ code: "STORAGE_ERROR", message: "loadSummary failed: socket hang up", retryable: true });
    await expect(storage.loadSessionState("k")).rejects.toMatchObject({ code: "STORAGE_CONFLICT" });
    expect(wrapped).toEqual(["loadSummary"]);
  });

  it("reports a failing context like a failing operation, as a rejection", async () => {
    const storage = defineStorage({
      label: "test storage",
      context: (): Context => {
        throw new Error("schema missing");
      },
      operations: operations(),
      wrapError: (error, operation) => new StorageError(`${operation}: ${(error as Error).message}`),
    });
    const call = storage.loadMessages("c1");
    await expect(call).rejects.toMatchObject({ message: "loadMessages: schema missing" });
  });

  it("leaves failures as they are without wrapError", async () => {
    const storage = defineStorage({ label: "test storage", context: () => ({ calls: [], value: 0 }), operations: operations() });
    await expect(storage.loadSummary("c1")).rejects.toThrow(/^socket hang up$/);
  });

  it("after close(), rejects every operation with a StorageError that is not retryable; close() releases once", async () => {
    let released = 0;
    const context: Context = { calls: [], value: 0 };
    const storage = defineStorage({
      label: "test storage",
      context: () => context,
      operations: operations(),
      release: () => {
        released++;
      },
    });
    await Promise.all([storage.close(), storage.close()]);
    await storage.close();
    expect(released).toBe(1);
    const error = await storage.loadMessages("c1").catch((failure: unknown) => failure);
    expect(StorageError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({
      retryable: false,
      message: "Cannot loadMessages: the test storage is closed (used after close()).",
      details: { operation: "loadMessages" },
    });
    expect(context.calls).toEqual([]);
  });
});

describe("defineStorage: the optional one-call checkpoint with journal", () => {
  const checkpoint = { runId: "r1", agentPath: "main" } as unknown as Parameters<Storage["saveCheckpoint"]>[0];
  const claim = { owner: "o", leaseMs: 1_000, token: 3 };
  const entries = [{ runId: "r1", toolCallId: "c1", toolName: "t", agentPath: "main", attempt: 1, token: 3, startedAt: 1 }];

  it("is offered only when the adapter's table has the operation, tied to the storage's saveCheckpoint and writeToolJournal", async () => {
    const context: Context = { calls: [], value: 0 };
    const without = defineStorage({ label: "test storage", context: () => context, operations: operations() });
    expect(without.saveCheckpointWithJournal).toBeUndefined();
    expect(checkpointWithJournalOf(without)).toBeUndefined();

    const storage = defineStorage({
      label: "test storage",
      context: () => context,
      operations: {
        ...operations(),
        saveCheckpointWithJournal: (ctx, state, runClaim, journal) => {
          ctx.calls.push(`both(${state.runId}, ${runClaim.token}, ${journal.map((entry) => entry.toolCallId).join()})`);
        },
      },
    });
    expect(storage.saveCheckpointWithJournal?.parts).toEqual({ saveCheckpoint: storage.saveCheckpoint, writeToolJournal: storage.writeToolJournal });
    expect(checkpointWithJournalOf(storage)).toBe(storage.saveCheckpointWithJournal);
    await storage.saveCheckpointWithJournal!(checkpoint, claim, entries);
    expect(context.calls).toEqual(["both(r1, 3, c1)"]);
  });

  it("names itself in the adapter's errors, and is refused after close() like every operation", async () => {
    const seen: StorageCallName[] = [];
    const storage = defineStorage({
      label: "test storage",
      context: () => ({ calls: [], value: 0 }),
      operations: { ...operations(), saveCheckpointWithJournal: () => Promise.reject(new Error("connection reset")) },
      wrapError: (error, operation) => {
        seen.push(operation);
        return new StorageError(`${operation}: ${(error as Error).message}`, { retryable: true });
      },
    });
    await expect(storage.saveCheckpointWithJournal!(checkpoint, claim, entries)).rejects.toMatchObject({
      message: "saveCheckpointWithJournal: connection reset",
      retryable: true,
    });
    expect(seen).toEqual(["saveCheckpointWithJournal"]);
    await storage.close();
    await expect(storage.saveCheckpointWithJournal!(checkpoint, claim, entries)).rejects.toMatchObject({
      retryable: false,
      details: { operation: "saveCheckpointWithJournal" },
    });
  });

  it("is not used through a copy that replaced saveCheckpoint or writeToolJournal, nor through a proxy: the replacement is called instead", () => {
    const storage = defineStorage({
      label: "test storage",
      context: () => ({ calls: [], value: 0 }),
      operations: { ...operations(), saveCheckpointWithJournal: () => undefined },
    });
    const write = storage.saveCheckpointWithJournal;
    expect(checkpointWithJournalOf({ ...storage })).toBe(write);
    expect(checkpointWithJournalOf({ ...storage, saveCheckpoint: () => Promise.resolve() })).toBeUndefined();
    expect(checkpointWithJournalOf({ ...storage, writeToolJournal: () => Promise.resolve() })).toBeUndefined();
    const proxy = new Proxy(storage, {
      get: (target, property) => {
        const value: unknown = Reflect.get(target, property);
        return typeof value === "function" ? (value as (...args: unknown[]) => unknown).bind(target) : value;
      },
    });
    expect(checkpointWithJournalOf(proxy)).toBeUndefined();
    // A write without the methods it does the work of is not used either.
    const bare = Object.assign(() => Promise.resolve(), {}) as unknown as Storage["saveCheckpointWithJournal"];
    expect(checkpointWithJournalOf({ ...storage, saveCheckpointWithJournal: bare })).toBeUndefined();
  });
});
