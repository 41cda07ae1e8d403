import { RunClaimLostError, type CheckpointWithJournalWrite, type RunClaim, type Storage, type ToolJournalEntry } from "@baton/core";
import { checkpointWithJournalOf, withDataPolicy } from "@baton/core/storage-kit";
import { expect, it, type TestContext } from "vitest";
import { expectRejectionOf } from "./expect-error.js";
import type { StorageHarness } from "./harness.js";
import { JOURNAL_POLICY, checkpoint, journalEntry, policedJournalEntries } from "./sample-data.js";

const LEASE = 60_000;
const CLAIM: RunClaim = { owner: "a", token: 1, leaseMs: LEASE, now: 10 };

/** The storage's one-call write; an adapter that does not offer one skips these tests (the loop then writes the entries and the checkpoint one after the other). */
function oneCallWrite(storage: Storage, context: TestContext): CheckpointWithJournalWrite {
  const write = checkpointWithJournalOf(storage);
  if (write === undefined) context.skip();
  return write!;
}

/** The optional `saveCheckpointWithJournal`: journal entries and a checkpoint of their run in one storage call, all or none. */
export function checkpointWithJournalTests(current: () => StorageHarness): void {
  it("writes the entries and saves the checkpoint in one call: the journal as writeToolJournal leaves it, the checkpoint, the lease renewed", async (context) => {
    const harness = current();
    const { storage } = harness;
    const write = oneCallWrite(storage, context);
    await storage.claimRun("run-w", { owner: "a", leaseMs: LEASE, now: 0 });
    const a = journalEntry("run-w", "call-a");
    const b = journalEntry("run-w", "call-b", { toolName: "search" });
    await storage.writeToolJournal([a], { runId: "run-w", owner: "a", token: 1 });
    const aDone: ToolJournalEntry = { ...a, outcome: { status: "ok", result: { charged: 12.5 }, durationMs: 4 }, endedAt: 1_700_000_000_004 };
    const state = checkpoint("run-w", { root: { iteration: 2 } });
    await write(state, CLAIM, [b, aDone]);
    const other = await harness.openAnother();
    // The outcome replaced its call's intent in place; the new call comes after it.
    expect(await other.loadToolJournal("run-w")).toEqual([aDone, b]);
    expect(await other.loadCheckpoint("run-w")).toEqual(state);
    // The save renewed the lease from its `now`: another owner is refused until it ends.
    expect(await other.claimRun("run-w", { owner: "b", leaseMs: LEASE, now: 10 + LEASE - 1 })).toMatchObject({ claimed: false, reason: "held", owner: "a" });
    expect(await other.claimRun("run-w", { owner: "b", leaseMs: LEASE, now: 10 + LEASE })).toMatchObject({ claimed: true, token: 2 });
  });

  it("refuses the whole write under a stale claim: neither the entries nor the checkpoint land, and the error names the holder", async (context) => {
    const harness = current();
    const { storage } = harness;
    const write = oneCallWrite(storage, context);
    await storage.claimRun("run-w", { owner: "a", leaseMs: 0, now: 0 });
    const before = checkpoint("run-w");
    await storage.saveCheckpoint(before, { ...CLAIM, leaseMs: 0, now: 0 });
    const intent = journalEntry("run-w", "call-a");
    await storage.writeToolJournal([intent], { runId: "run-w", owner: "a", token: 1 });
    expect(await storage.claimRun("run-w", { owner: "b", leaseMs: LEASE, now: 1 })).toMatchObject({ claimed: true, token: 2 });
    const other = await harness.openAnother();
    const late = [{ ...intent, outcome: { status: "ok" as const, result: 1, durationMs: 1 } }, journalEntry("run-w", "call-b")];
    const error = await expectRejectionOf(
      checkpointWithJournalOf(other)!(checkpoint("run-w", { root: { iteration: 9 } }), { ...CLAIM, now: 2 }, late),
      RunClaimLostError,
    );
    expect(error).toMatchObject({ runId: "run-w", owner: "a", heldBy: "b" });
    expect(await storage.loadToolJournal("run-w")).toEqual([intent]);
    expect(await storage.loadCheckpoint("run-w")).toEqual(before);
    // The write is refused for an unknown run too, and creates nothing.
    await expectRejectionOf(write(checkpoint("run-none"), CLAIM, [journalEntry("run-none", "call-a")]), RunClaimLostError);
    expect(await storage.loadToolJournal("run-none")).toEqual([]);
    expect(await storage.loadCheckpoint("run-none")).toBeUndefined();
  });

  it("finishes the run with a checkpoint that has a stopReason, its entries stored; a finished run refuses the next write", async (context) => {
    const { storage } = current();
    const write = oneCallWrite(storage, context);
    await storage.claimRun("run-w", { owner: "a", leaseMs: LEASE, now: 0 });
    const done = journalEntry("run-w", "call-a", { outcome: { status: "ok", result: "sent", durationMs: 2 }, endedAt: 1_700_000_000_002 });
    const last = checkpoint("run-w", { stopReason: "completed" });
    await write(last, CLAIM, [done]);
    expect(await storage.loadToolJournal("run-w")).toEqual([done]);
    expect(await storage.loadCheckpoint("run-w")).toEqual(last);
    expect(await storage.claimRun("run-w", { owner: "b", leaseMs: LEASE, now: 20 + LEASE })).toEqual({ claimed: false, reason: "finished" });
    await expectRejectionOf(write(checkpoint("run-w"), { ...CLAIM, now: 30 }, [journalEntry("run-w", "call-b")]), RunClaimLostError);
    expect(await storage.loadToolJournal("run-w")).toEqual([done]);
    expect(await storage.loadCheckpoint("run-w")).toEqual(last);
  });

  it("with no entries, saves the checkpoint alone", async (context) => {
    const { storage } = current();
    const write = oneCallWrite(storage, context);
    await storage.claimRun("run-w", { owner: "a", leaseMs: LEASE, now: 0 });
    const state = checkpoint("run-w", { root: { iteration: 3 } });
    await write(state, CLAIM, []);
    expect(await storage.loadCheckpoint("run-w")).toEqual(state);
    expect(await storage.loadToolJournal("run-w")).toEqual([]);
  });

  it("through a data policy, writes only what it allows, in one call; entries all excluded leave the checkpoint alone", async (context) => {
    const harness = current();
    oneCallWrite(harness.storage, context);
    const storage = withDataPolicy(harness.storage, JOURNAL_POLICY);
    const write = checkpointWithJournalOf(storage);
    expect(write).toBeDefined();
    await storage.claimRun("run-w", { owner: "a", leaseMs: LEASE, now: 0 });
    await write!(checkpoint("run-w"), CLAIM, policedJournalEntries("run-w"));
    const dump = await harness.dump();
    expect(dump.match(/SECRET-[a-z]+/g) ?? []).toEqual([]);
    expect(dump).not.toContain("memory_lookup");
    expect(dump).toContain("KEPT-search");
    expect((await storage.loadToolJournal("run-w")).map((entry) => entry.toolCallId)).toEqual(["call-c", "call-s"]);
    const onlyExcluded = checkpoint("run-w", { root: { iteration: 4 } });
    await write!(onlyExcluded, { ...CLAIM, now: 20 }, [journalEntry("run-w", "call-m2", { toolName: "memory_lookup" })]);
    expect((await storage.loadCheckpoint("run-w"))?.root.iteration).toBe(4);
    expect((await storage.loadToolJournal("run-w")).map((entry) => entry.toolCallId)).toEqual(["call-c", "call-s"]);
  });
}
