import { RunClaimLostError, type RunFence, type ToolJournalEntry } from "@baton/core";
import { withDataPolicy } from "@baton/core/storage-kit";
import { expect, it } from "vitest";
import { expectRejectionOf } from "./expect-error.js";
import type { StorageHarness } from "./harness.js";
import { JOURNAL_POLICY, journalEntry, policedJournalEntries } from "./sample-data.js";

const LEASE = 60_000;
const FENCE: RunFence = { runId: "run-j", owner: "a", token: 1 };

/** The tool-call journal: one entry per call, intents then outcomes, in first-written order, fenced. */
export function journalTests(current: () => StorageHarness): void {
  it("keeps one entry per call in the order calls were first written; an outcome replaces its call's intent in place", async () => {
    const harness = current();
    const { storage } = harness;
    await storage.claimRun("run-j", { owner: "a", leaseMs: LEASE });
    const a = journalEntry("run-j", "call-a");
    const b = journalEntry("run-j", "call-b", { toolName: "send_email", agentPath: "main/researcher#1" });
    const c = journalEntry("run-j", "call-c");
    await storage.writeToolJournal([a, b], FENCE);
    expect(await storage.loadToolJournal("run-j")).toEqual([a, b]);
    const bDone: ToolJournalEntry = {
      ...b,
      outcome: { status: "ok", result: { sent: true, to: ["x@y.z"], n: 1.5 }, durationMs: 12.25 },
      endedAt: 1_700_000_000_012,
    };
    await storage.writeToolJournal([bDone], FENCE);
    await storage.writeToolJournal([c], FENCE);
    const aFailed: ToolJournalEntry = {
      ...a,
      outcome: {
        status: "error",
        error: { name: "ToolExecutionError", code: "TOOL_EXECUTION_FAILED", message: "card declined", retryable: false },
        durationMs: 3,
      },
      endedAt: 1_700_000_000_003,
    };
    await storage.writeToolJournal([aFailed], FENCE);
    const other = await harness.openAnother();
    expect(await other.loadToolJournal("run-j")).toEqual([aFailed, bDone, c]);
  });

  it("records a call started again (attempt 2, under a newer claim) and a call that paused its run", async () => {
    const { storage } = current();
    await storage.claimRun("run-j", { owner: "a", leaseMs: 0, now: 0 });
    const first = journalEntry("run-j", "call-a");
    const paused = journalEntry("run-j", "call-q", { toolName: "ask", outcome: { status: "interrupted", durationMs: 1 }, endedAt: 1_700_000_000_001 });
    await storage.writeToolJournal([first, paused], FENCE);
    expect(await storage.claimRun("run-j", { owner: "b", leaseMs: LEASE, now: 1 })).toMatchObject({ token: 2 });
    const again = journalEntry("run-j", "call-a", { attempt: 2, token: 2, startedAt: 1_700_000_000_100 });
    await storage.writeToolJournal([again], { runId: "run-j", owner: "b", token: 2 });
    expect(await storage.loadToolJournal("run-j")).toEqual([again, paused]);
  });

  it("gives an empty journal for an unknown run, and keeps runs' journals apart", async () => {
    const { storage } = current();
    expect(await storage.loadToolJournal("run-none")).toEqual([]);
    await storage.claimRun("run-j", { owner: "a", leaseMs: LEASE });
    await storage.claimRun("run-k", { owner: "a", leaseMs: LEASE });
    await storage.writeToolJournal([journalEntry("run-j", "call-1")], FENCE);
    await storage.writeToolJournal([journalEntry("run-k", "call-1", { toolName: "other" })], { runId: "run-k", owner: "a", token: 1 });
    expect((await storage.loadToolJournal("run-j")).map((entry) => [entry.runId, entry.toolName])).toEqual([["run-j", "charge_card"]]);
    expect((await storage.loadToolJournal("run-k")).map((entry) => [entry.runId, entry.toolName])).toEqual([["run-k", "other"]]);
  });

  it("refuses a whole batch under a stale claim: nothing of it is written, the journal stays as the new holder left it", async () => {
    const harness = current();
    const { storage } = harness;
    await storage.claimRun("run-j", { owner: "a", leaseMs: 0, now: 0 });
    const intent = journalEntry("run-j", "call-a");
    await storage.writeToolJournal([intent], FENCE);
    await storage.claimRun("run-j", { owner: "b", leaseMs: LEASE, now: 1 });
    const other = await harness.openAnother();
    const late = [{ ...intent, outcome: { status: "ok" as const, result: 1, durationMs: 1 } }, journalEntry("run-j", "call-b")];
    const error = await expectRejectionOf(other.writeToolJournal(late, FENCE), RunClaimLostError);
    expect(error).toMatchObject({ runId: "run-j", owner: "a", heldBy: "b" });
    expect(await storage.loadToolJournal("run-j")).toEqual([intent]);
  });

  it("writes through a data policy only what it allows: no entry of an excluded tool, no excluded result", async () => {
    const harness = current();
    const storage = withDataPolicy(harness.storage, JOURNAL_POLICY);
    await storage.claimRun("run-j", { owner: "a", leaseMs: LEASE });
    await storage.writeToolJournal(policedJournalEntries("run-j"), FENCE);
    const dump = await harness.dump();
    expect(dump.match(/SECRET-[a-z]+/g) ?? []).toEqual([]);
    expect(dump).not.toContain("memory_lookup");
    expect(dump).toContain("KEPT-search");
    expect(
      (await storage.loadToolJournal("run-j")).map((entry) => [
        entry.toolCallId,
        entry.outcome && "result" in entry.outcome ? entry.outcome.result : undefined,
      ]),
    ).toEqual([
      ["call-c", "[This tool result was not stored.]"],
      ["call-s", "KEPT-search"],
    ]);
  });
}
