import { StorageCorruptionError, type Storage } from "@baton/core";
import { expect, it } from "vitest";
import { expectErrorOf } from "./expect-error.js";
import type { CorruptionTarget, Garbage, StorageHarness } from "./harness.js";
import { checkpoint, journalEntry, usageRecord, userTurn } from "./sample-data.js";

interface Case {
  readonly target: CorruptionTarget;
  readonly record: string;
  readonly read: (storage: Storage) => Promise<unknown>;
  /** A neighbouring record of the same kind that must stay readable. */
  readonly neighbour: (storage: Storage) => Promise<unknown>;
}

const CASES: readonly Case[] = [
  {
    target: { kind: "message", conversationId: "conv-1", seq: 2 },
    record: 'conversation "conv-1" message 2',
    read: (storage) => storage.loadMessages("conv-1"),
    neighbour: (storage) => storage.loadMessages("conv-2"),
  },
  {
    target: { kind: "checkpoint", runId: "run-1", agentPath: "main" },
    record: 'run "run-1" checkpoint "main"',
    read: (storage) => storage.loadCheckpoint("run-1"),
    neighbour: (storage) => storage.loadCheckpoint("run-2"),
  },
  {
    target: { kind: "session", key: "s1" },
    record: 'session "s1"',
    read: (storage) => storage.loadSessionState("s1"),
    neighbour: (storage) => storage.loadSessionState("s2"),
  },
  {
    target: { kind: "archive", id: "out-1" },
    record: 'tool output "out-1"',
    read: (storage) => storage.loadToolOutput("out-1"),
    neighbour: (storage) => storage.loadToolOutput("out-2"),
  },
  {
    target: { kind: "summary", conversationId: "conv-1" },
    record: 'summary of conversation "conv-1"',
    read: (storage) => storage.loadSummary("conv-1"),
    neighbour: (storage) => storage.loadSummary("conv-2"),
  },
  {
    target: { kind: "usage", runId: "run-1" },
    record: "usage record",
    read: (storage) => storage.queryUsage({ runId: "run-1" }),
    neighbour: (storage) => storage.queryUsage({ runId: "run-2" }),
  },
  {
    target: { kind: "journal", runId: "run-1", toolCallId: "call-1" },
    record: 'run "run-1" journal entry "call-1"',
    read: (storage) => storage.loadToolJournal("run-1"),
    neighbour: (storage) => storage.loadToolJournal("run-2"),
  },
];

async function writeRecords(storage: Storage): Promise<void> {
  for (const conversation of ["conv-1", "conv-2"]) {
    await storage.appendMessages(conversation, [userTurn("a"), userTurn("b"), userTurn("c")]);
    await storage.saveSummary(conversation, { text: "summary", throughSeq: 1 });
  }
  for (const run of ["run-1", "run-2"]) {
    await storage.claimRun(run, { owner: "a", leaseMs: 60_000 });
    await storage.saveCheckpoint(checkpoint(run), { owner: "a", token: 1, leaseMs: 60_000 });
    await storage.recordUsage([usageRecord({ runId: run })]);
    await storage.writeToolJournal([journalEntry(run, "call-1")], { runId: run, owner: "a", token: 1 });
  }
  await storage.saveSessionState("s1", { n: 1 });
  await storage.saveSessionState("s2", { n: 2 });
  await storage.archiveToolOutput({ id: "out-1", toolName: "t", toolCallId: "c1", result: 1 });
  await storage.archiveToolOutput({ id: "out-2", toolName: "t", toolCallId: "c2", result: 2 });
}

/** Corrupt or foreign records: a clear error naming the record, and the rest stays readable. */
export function corruptionTests(current: () => StorageHarness): void {
  for (const garbage of ["not-json", "wrong-shape"] as const satisfies readonly Garbage[]) {
    for (const testCase of CASES) {
      it(`names the ${testCase.target.kind} record when it holds ${garbage === "not-json" ? "text that is not JSON" : "JSON of the wrong shape"}`, async () => {
        const harness = current();
        await writeRecords(harness.storage);
        if ((await harness.corrupt(testCase.target, garbage)) === false) return;
        const error = await testCase.read(harness.storage).then(
          () => undefined,
          (failure: unknown) => failure,
        );
        expectErrorOf(error, StorageCorruptionError);
        expect((error as StorageCorruptionError).code).toBe("STORAGE_CORRUPT");
        expect((error as StorageCorruptionError).record.startsWith(testCase.record)).toBe(true);
        expect((error as Error).message).toContain(testCase.record);
        await expect(testCase.neighbour(harness.storage)).resolves.toBeDefined();
      });
    }
  }
}
