import { RunClaimLostError, type RunFence, type Storage } from "@baton/core";
import { expect, it } from "vitest";
import { expectErrorOf, expectRejectionOf } from "./expect-error.js";
import type { StorageHarness } from "./harness.js";
import { assistantTurn, checkpoint, journalEntry, usageRecord, userTurn } from "./sample-data.js";

const LEASE = 60_000;

/** Claims `runId` for owner `a` (token 1), lets the lease run out, and has owner `b` take it over (token 2). */
async function takenOver(storage: Storage, runId: string): Promise<{ readonly stale: RunFence; readonly current: RunFence }> {
  expect(await storage.claimRun(runId, { owner: "a", leaseMs: LEASE, now: 0 })).toEqual({ claimed: true, token: 1 });
  await storage.saveCheckpoint(checkpoint(runId), { owner: "a", token: 1, leaseMs: LEASE, now: 1 });
  expect(await storage.claimRun(runId, { owner: "b", leaseMs: LEASE, now: 2 + LEASE })).toMatchObject({ claimed: true, token: 2, previousOwner: "a" });
  return { stale: { runId, owner: "a", token: 1 }, current: { runId, owner: "b", token: 2 } };
}

/** The writes of a run that carry its fence, each with what shows whether it landed. */
const FENCED_WRITES: readonly {
  readonly name: string;
  write(storage: Storage, fence: RunFence): Promise<unknown>;
  landed(storage: Storage): Promise<unknown>;
  readonly before: unknown;
}[] = [
  {
    name: "a conversation append",
    write: (storage, fence) => storage.appendMessages("conv-f", [assistantTurn("fenced")], { fence }),
    landed: async (storage) => (await storage.loadMessages("conv-f")).length,
    before: 1,
  },
  {
    name: "usage records",
    write: (storage, fence) => storage.recordUsage([usageRecord({ runId: fence.runId }), usageRecord({ runId: fence.runId, iteration: 2 })], { fence }),
    landed: async (storage) => (await storage.queryUsage({ runId: "run-f" })).length,
    before: 0,
  },
  {
    name: "a summary",
    write: (storage, fence) => storage.saveSummary("conv-f", { text: `by token ${fence.token}`, throughSeq: 1 }, { fence }),
    landed: async (storage) => (await storage.loadSummary("conv-f"))?.text,
    before: undefined,
  },
  {
    name: "journal entries",
    write: (storage, fence) => storage.writeToolJournal([journalEntry(fence.runId, "call-1"), journalEntry(fence.runId, "call-2")], fence),
    landed: async (storage) => (await storage.loadToolJournal("run-f")).length,
    before: 0,
  },
];

/**
 * Fencing: every claim has a token that only grows, and every write of a run carries
 * it; once another process has claimed the run, nothing the old holder writes lands.
 */
export function fencingTests(current: () => StorageHarness): void {
  it("gives a new run token 1, keeps its holder's token on renewal (also after the lease ran out, while nobody took it), and one more to each takeover", async () => {
    const { storage } = current();
    expect(await storage.claimRun("run-1", { owner: "a", leaseMs: LEASE, now: 0 })).toEqual({ claimed: true, token: 1 });
    // The holder's lease ran out, nobody claimed the run: renewing keeps the token, and its writes still land.
    expect(await storage.claimRun("run-1", { owner: "a", leaseMs: LEASE, now: 5 * LEASE })).toEqual({ claimed: true, token: 1 });
    await storage.saveCheckpoint(checkpoint("run-1"), { owner: "a", token: 1, leaseMs: LEASE, now: 5 * LEASE + 1 });
    expect(await storage.claimRun("run-1", { owner: "b", leaseMs: LEASE, now: 7 * LEASE })).toEqual({
      claimed: true,
      token: 2,
      checkpoint: checkpoint("run-1"),
      previousOwner: "a",
    });
    // A claim given up at once (lease 0) and taken by its old holder again: a takeover, so a new token.
    expect(await storage.claimRun("run-1", { owner: "b", leaseMs: 0, now: 7 * LEASE + 1 })).toEqual({
      claimed: true,
      token: 2,
      checkpoint: checkpoint("run-1"),
    });
    expect(await storage.claimRun("run-1", { owner: "a", leaseMs: LEASE, now: 7 * LEASE + 2 })).toEqual({
      claimed: true,
      token: 3,
      checkpoint: checkpoint("run-1"),
      previousOwner: "b",
    });
  });

  it("fences checkpoints by token, not by owner: an owner that took the run back cannot write with the token it held before", async () => {
    const harness = current();
    const { storage } = harness;
    await takenOver(storage, "run-1");
    await storage.saveCheckpoint(checkpoint("run-1", { root: { iteration: 2 } }), { owner: "b", token: 2, leaseMs: 0, now: 3 + LEASE });
    expect(await storage.claimRun("run-1", { owner: "a", leaseMs: LEASE, now: 4 + LEASE })).toMatchObject({ claimed: true, token: 3, previousOwner: "b" });
    const other = await harness.openAnother();
    for (const [owner, token] of [
      ["a", 1],
      ["b", 2],
      ["a", 4],
    ] as const) {
      const error = await expectRejectionOf(
        other.saveCheckpoint(checkpoint("run-1", { root: { iteration: 9 } }), { owner, token, leaseMs: LEASE, now: 5 + LEASE }),
        RunClaimLostError,
      );
      expect(error).toMatchObject({ code: "RUN_CLAIM_LOST", runId: "run-1", owner, heldBy: "a" });
    }
    expect((await storage.loadCheckpoint("run-1"))?.root.iteration).toBe(2);
    await storage.saveCheckpoint(checkpoint("run-1", { root: { iteration: 3 } }), { owner: "a", token: 3, leaseMs: LEASE, now: 6 + LEASE });
    expect((await other.loadCheckpoint("run-1"))?.root.iteration).toBe(3);
  });

  for (const fenced of FENCED_WRITES) {
    it(`fences ${fenced.name}: the run's current token writes, a stale token or an unknown run is refused with RUN_CLAIM_LOST and nothing of it is written`, async () => {
      const harness = current();
      const { storage } = harness;
      await storage.appendMessages("conv-f", [userTurn("question")]);
      const { stale, current: holder } = await takenOver(storage, "run-f");
      const other = await harness.openAnother();
      const refused = await expectRejectionOf(fenced.write(other, stale), RunClaimLostError);
      expect(refused).toMatchObject({ code: "RUN_CLAIM_LOST", runId: "run-f", owner: "a", heldBy: "b" });
      expect(await fenced.landed(storage)).toEqual(fenced.before);
      await expectRejectionOf(fenced.write(storage, { runId: "run-unknown", owner: "a", token: 1 }), RunClaimLostError);
      expect(await fenced.landed(storage)).toEqual(fenced.before);
      await fenced.write(other, holder);
      expect(await fenced.landed(storage)).not.toEqual(fenced.before);
    });
  }

  it("lets the holder that finished a run still write its own last records, and nobody else", async () => {
    const { storage } = current();
    await storage.claimRun("run-f", { owner: "a", leaseMs: LEASE, now: 0 });
    await storage.saveCheckpoint(checkpoint("run-f", { stopReason: "completed" }), { owner: "a", token: 1, leaseMs: LEASE, now: 1 });
    await storage.recordUsage([usageRecord({ runId: "run-f" })], { fence: { runId: "run-f", owner: "a", token: 1 } });
    expect(await storage.queryUsage({ runId: "run-f" })).toHaveLength(1);
    await expectRejectionOf(storage.recordUsage([usageRecord({ runId: "run-f" })], { fence: { runId: "run-f", owner: "z", token: 2 } }), RunClaimLostError);
    expect(await storage.queryUsage({ runId: "run-f" })).toHaveLength(1);
  });

  it("checks the fence and writes in one atomic step: appends racing a takeover each land whole or not at all, and none lands after it", async () => {
    const harness = current();
    const other = await harness.openAnother();
    await harness.storage.claimRun("run-r", { owner: "a", leaseMs: 0, now: 0 });
    const fence: RunFence = { runId: "run-r", owner: "a", token: 1 };
    const appends = Array.from({ length: 24 }, (_, i) =>
      (i % 2 === 0 ? harness.storage : other).appendMessages("conv-r", [userTurn(`a${i}`), userTurn(`b${i}`)], { fence }).then(
        () => "landed" as const,
        (error: unknown) => {
          expectErrorOf(error, RunClaimLostError);
          return "refused" as const;
        },
      ),
    );
    const takeover = other.claimRun("run-r", { owner: "b", leaseMs: LEASE, now: 1 });
    const outcomes = await Promise.all(appends);
    expect(await takeover).toMatchObject({ claimed: true, token: 2 });
    const stored = await harness.storage.loadMessages("conv-r");
    const landed = outcomes.filter((outcome) => outcome === "landed").length;
    expect(stored).toHaveLength(landed * 2);
    // Each append is one contiguous block of its two messages.
    for (let i = 0; i < stored.length; i += 2) {
      const first = (stored[i]!.parts[0] as { text: string }).text;
      expect((stored[i + 1]!.parts[0] as { text: string }).text).toBe(`b${first.slice(1)}`);
    }
    await expectRejectionOf(harness.storage.appendMessages("conv-r", [userTurn("late")], { fence }), RunClaimLostError);
    expect(await harness.storage.loadMessages("conv-r")).toHaveLength(landed * 2);
  });

  it("does not check a write that carries no fence (an application appending its own messages)", async () => {
    const { storage } = current();
    await takenOver(storage, "run-f");
    await storage.appendMessages("conv-free", [userTurn("hi")]);
    await storage.recordUsage([usageRecord({ runId: "run-f" })]);
    await storage.saveSummary("conv-free", { text: "s", throughSeq: 1 });
    expect(await storage.loadMessages("conv-free")).toHaveLength(1);
    expect(await storage.queryUsage({ runId: "run-f" })).toHaveLength(1);
  });
}
