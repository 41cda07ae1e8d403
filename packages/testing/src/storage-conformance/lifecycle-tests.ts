import { StorageError, type Storage } from "@baton/core";
import { expect, it } from "vitest";
import { expectRejectionOf } from "./expect-error.js";
import type { StorageHarness } from "./harness.js";
import { checkpoint, journalEntry, usageRecord, userTurn } from "./sample-data.js";

/** One call of every operation of the `Storage` contract, by name. */
const EVERY_OPERATION: Readonly<Record<Exclude<keyof Storage, "close" | "saveCheckpointWithJournal">, (storage: Storage) => Promise<unknown>>> = {
  appendMessages: (storage) => storage.appendMessages("c1", [userTurn("hi")]),
  loadMessages: (storage) => storage.loadMessages("c1"),
  claimRun: (storage) => storage.claimRun("run-1", { owner: "a", leaseMs: 1_000 }),
  saveCheckpoint: (storage) => storage.saveCheckpoint(checkpoint("run-1"), { owner: "a", token: 1, leaseMs: 1_000 }),
  loadCheckpoint: (storage) => storage.loadCheckpoint("run-1"),
  writeToolJournal: (storage) => storage.writeToolJournal([journalEntry("run-1", "call-1")], { runId: "run-1", owner: "a", token: 1 }),
  loadToolJournal: (storage) => storage.loadToolJournal("run-1"),
  loadSessionState: (storage) => storage.loadSessionState("k"),
  saveSessionState: (storage) => storage.saveSessionState("k", { a: 1 }),
  archiveToolOutput: (storage) => storage.archiveToolOutput({ id: "a1", toolName: "t", toolCallId: "call-1", result: 1 }),
  loadToolOutput: (storage) => storage.loadToolOutput("a1"),
  saveSummary: (storage) => storage.saveSummary("c1", { text: "s", throughSeq: 1 }),
  loadSummary: (storage) => storage.loadSummary("c1"),
  recordUsage: (storage) => storage.recordUsage([usageRecord()]),
  queryUsage: (storage) => storage.queryUsage({ runId: "run-1" }),
  prune: (storage) => storage.prune("usage", 0),
};

/** What a storage does once closed. */
export function lifecycleTests(current: () => StorageHarness): void {
  it("after close(), every operation rejects with a StorageError that is not retryable and names the operation; closing again is fine", async () => {
    const { storage } = current();
    await storage.close();
    await storage.close();
    for (const [operation, call] of Object.entries(EVERY_OPERATION)) {
      const error = await expectRejectionOf(call(storage), StorageError);
      expect([operation, (error as StorageError).retryable, (error as StorageError).message]).toEqual([operation, false, expect.stringContaining(operation)]);
      expect((error as StorageError).message).toMatch(/closed/);
    }
    // The optional one-call write, when offered, is refused like every operation.
    const oneCall = storage.saveCheckpointWithJournal;
    if (oneCall !== undefined) {
      const error = await expectRejectionOf(oneCall(checkpoint("run-1"), { owner: "a", token: 1, leaseMs: 1_000 }, []), StorageError);
      expect([(error as StorageError).retryable, (error as StorageError).message]).toEqual([false, expect.stringContaining("saveCheckpointWithJournal")]);
    }
  });
}
