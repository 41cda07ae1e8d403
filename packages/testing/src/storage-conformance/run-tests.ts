import { RunClaimLostError } from "@baton/core";
import { expect, it } from "vitest";
import { expectErrorOf, expectRejectionOf } from "./expect-error.js";
import type { StorageHarness } from "./harness.js";
import { checkpoint, checkpointWithNestedRun } from "./sample-data.js";

const LEASE = 60_000;

/** Runs: atomic claims with leases and fencing tokens, one fenced checkpoint per run (the run state), finishing. */
export function runTests(current: () => StorageHarness): void {
  it("creates an unknown run on claim, renews its owner's lease and refuses other owners while it holds", async () => {
    const { storage } = current();
    const now = 1_000_000;
    expect(await storage.claimRun("run-1", { owner: "a", leaseMs: LEASE, now })).toEqual({ claimed: true, token: 1 });
    expect(await storage.claimRun("run-1", { owner: "a", leaseMs: LEASE, now: now + 10 })).toEqual({ claimed: true, token: 1 });
    expect(await storage.claimRun("run-1", { owner: "b", leaseMs: LEASE, now: now + 20 })).toEqual({
      claimed: false,
      reason: "held",
      owner: "a",
      leaseUntil: now + 10 + LEASE,
    });
    // Once the lease has run out, another owner takes the run, and learns whose it was.
    expect(await storage.claimRun("run-1", { owner: "b", leaseMs: LEASE, now: now + 10 + LEASE })).toEqual({ claimed: true, token: 2, previousOwner: "a" });
    // Its owner renewing is not a takeover: the token stays.
    expect(await storage.claimRun("run-1", { owner: "b", leaseMs: LEASE, now: now + 11 + LEASE })).toEqual({ claimed: true, token: 2 });
    expect(await storage.claimRun("run-1", { owner: "a", leaseMs: LEASE, now: now + 12 + LEASE })).toMatchObject({
      claimed: false,
      reason: "held",
      owner: "b",
    });
  });

  it("saves the run's checkpoint, loads it exactly and hands it to the next claimer", async () => {
    const { storage } = current();
    await storage.claimRun("run-1", { owner: "a", leaseMs: LEASE, now: 0 });
    const first = checkpoint("run-1");
    await storage.saveCheckpoint(first, { owner: "a", token: 1, leaseMs: LEASE, now: 10 });
    expect(await storage.loadCheckpoint("run-1")).toEqual(first);
    expect(await storage.loadCheckpoint("run-2")).toBeUndefined();
    const next = checkpoint("run-1", { savedAt: 1_700_000_000_020, root: { iteration: 2, toolCallCount: 3, custom: { retries: 2 } } });
    await storage.saveCheckpoint(next, { owner: "a", token: 1, leaseMs: LEASE, now: 20 });
    expect(await storage.loadCheckpoint("run-1")).toEqual(next);
    // The saved checkpoint renewed the lease: at 20 + LEASE - 1 it is still held.
    expect(await storage.claimRun("run-1", { owner: "b", leaseMs: LEASE, now: 20 + LEASE - 1 })).toMatchObject({ claimed: false, reason: "held" });
    expect(await storage.claimRun("run-1", { owner: "b", leaseMs: LEASE, now: 20 + LEASE })).toEqual({
      claimed: true,
      token: 2,
      checkpoint: next,
      previousOwner: "a",
    });
  });

  it("keeps one checkpoint per run: a save replaces it, whatever the agent path of either", async () => {
    const { storage } = current();
    await storage.claimRun("run-1", { owner: "a", leaseMs: LEASE, now: 0 });
    await storage.saveCheckpoint(checkpoint("run-1"), { owner: "a", token: 1, leaseMs: LEASE, now: 1 });
    const renamed = checkpoint("run-1", { agentPath: "triage", root: { iteration: 4 } });
    await storage.saveCheckpoint(renamed, { owner: "a", token: 1, leaseMs: LEASE, now: 2 });
    expect(await storage.loadCheckpoint("run-1")).toEqual(renamed);
    expect(await storage.claimRun("run-1", { owner: "b", leaseMs: LEASE, now: 2 + LEASE })).toEqual({
      claimed: true,
      token: 2,
      checkpoint: renamed,
      previousOwner: "a",
    });
  });

  it("writes the checkpoint as it was when saveCheckpoint was called, though the caller changes it right after", async () => {
    const { storage } = current();
    await storage.claimRun("run-1", { owner: "a", leaseMs: LEASE, now: 0 });
    const state = checkpoint("run-1");
    const expected = structuredClone(state);
    const saving = storage.saveCheckpoint(state, { owner: "a", token: 1, leaseMs: LEASE, now: 1 });
    // The loop goes on with the same objects while the save is in flight.
    state.root.iteration = 99;
    state.root.custom.retries = 99;
    state.root.added.push({ role: "assistant", content: [{ type: "text", text: "later" }] });
    await saving;
    expect(await storage.loadCheckpoint("run-1")).toEqual(expected);
  });

  it("refuses checkpoints from a process that does not hold the run, and writes nothing", async () => {
    const { storage } = current();
    const unknown = await storage.saveCheckpoint(checkpoint("run-x"), { owner: "a", token: 1, leaseMs: LEASE }).catch((error: unknown) => error);
    expectErrorOf(unknown, RunClaimLostError);
    expect(await storage.loadCheckpoint("run-x")).toBeUndefined();
    await storage.claimRun("run-1", { owner: "a", leaseMs: LEASE, now: 0 });
    await storage.saveCheckpoint(checkpoint("run-1"), { owner: "a", token: 1, leaseMs: LEASE, now: 0 });
    // The lease expires, b claims the run: a's late checkpoint is fenced off.
    await storage.claimRun("run-1", { owner: "b", leaseMs: LEASE, now: LEASE + 1 });
    const lost = await storage
      .saveCheckpoint(checkpoint("run-1", { root: { iteration: 9 } }), { owner: "a", token: 1, leaseMs: LEASE, now: LEASE + 2 })
      .catch((error: unknown) => error);
    expectErrorOf(lost, RunClaimLostError);
    expect(lost).toMatchObject({ code: "RUN_CLAIM_LOST", runId: "run-1", owner: "a", heldBy: "b" });
    expect((await storage.loadCheckpoint("run-1"))?.root.iteration).toBe(1);
  });

  it("finishes a run with a checkpoint that has a stopReason: it can no longer be claimed or written", async () => {
    const { storage } = current();
    await storage.claimRun("run-1", { owner: "a", leaseMs: LEASE, now: 0 });
    await storage.saveCheckpoint(checkpoint("run-1"), { owner: "a", token: 1, leaseMs: LEASE, now: 1 });
    expect(await storage.claimRun("run-1", { owner: "a", leaseMs: LEASE, now: 2 })).toEqual({ claimed: true, token: 1, checkpoint: checkpoint("run-1") });
    await storage.saveCheckpoint(checkpoint("run-1", { stopReason: "completed" }), { owner: "a", token: 1, leaseMs: LEASE, now: 3 });
    expect(await storage.claimRun("run-1", { owner: "b", leaseMs: LEASE, now: 10 * LEASE })).toEqual({ claimed: false, reason: "finished" });
    expect(await storage.claimRun("run-1", { owner: "a", leaseMs: LEASE, now: 4 })).toEqual({ claimed: false, reason: "finished" });
    await expectRejectionOf(storage.saveCheckpoint(checkpoint("run-1"), { owner: "a", token: 1, leaseMs: LEASE, now: 5 }), RunClaimLostError);
    expect((await storage.loadCheckpoint("run-1"))?.stopReason).toBe("completed");
  });

  it("finishes a run whose root agent is not named main (a root named triage)", async () => {
    const harness = current();
    const { storage } = harness;
    await storage.claimRun("run-t", { owner: "a", leaseMs: LEASE, now: 0 });
    const going = checkpoint("run-t", { agentPath: "triage" });
    await storage.saveCheckpoint(going, { owner: "a", token: 1, leaseMs: LEASE, now: 1 });
    expect(going.root.agentPath).toBe("triage");
    // Its checkpoint is the run's, whatever the root is called.
    expect(await storage.loadCheckpoint("run-t")).toEqual(going);
    expect(await storage.claimRun("run-t", { owner: "a", leaseMs: LEASE, now: 2 })).toEqual({ claimed: true, token: 1, checkpoint: going });
    const done = checkpoint("run-t", { agentPath: "triage", stopReason: "completed", root: { status: "finished", step: "end", text: "Routed." } });
    await storage.saveCheckpoint(done, { owner: "a", token: 1, leaseMs: LEASE, now: 3 });
    const other = await harness.openAnother();
    expect(await other.claimRun("run-t", { owner: "b", leaseMs: LEASE, now: 10 * LEASE })).toEqual({ claimed: false, reason: "finished" });
    expect(await storage.claimRun("run-t", { owner: "a", leaseMs: LEASE, now: 4 })).toEqual({ claimed: false, reason: "finished" });
    await expectRejectionOf(storage.saveCheckpoint(going, { owner: "a", token: 1, leaseMs: LEASE, now: 5 }), RunClaimLostError);
    expect(await other.loadCheckpoint("run-t")).toEqual(done);
  });

  it("round-trips a run state with a nested run inside its open tool batch, through loadCheckpoint and claimRun", async () => {
    const harness = current();
    const { storage } = harness;
    const state = checkpointWithNestedRun("run-n");
    await storage.claimRun("run-n", { owner: "a", leaseMs: LEASE, now: 0 });
    await storage.saveCheckpoint(state, { owner: "a", token: 1, leaseMs: LEASE, now: 1 });
    const loaded = await storage.loadCheckpoint("run-n");
    expect(loaded).toEqual(state);
    expect(loaded?.root.batch?.calls[0]?.subRuns?.[0]).toEqual(state.root.batch!.calls[0]!.subRuns![0]);
    expect(loaded?.root.batch?.calls[0]?.subRuns?.[0]?.batch?.calls[0]?.outcome).toEqual({ status: "ok", result: { body: "y is 42" }, durationMs: 30 });
    const other = await harness.openAnother();
    expect(await other.claimRun("run-n", { owner: "b", leaseMs: LEASE, now: 1 + LEASE })).toEqual({
      claimed: true,
      token: 2,
      checkpoint: state,
      previousOwner: "a",
    });
  });

  it("lets exactly one of many processes claiming one run at once win, new or expired", async () => {
    const harness = current();
    const other = await harness.openAnother();
    const claimAll = (runId: string, now: number) =>
      Promise.all(Array.from({ length: 16 }, (_, i) => (i % 2 === 0 ? harness.storage : other).claimRun(runId, { owner: `p${i}`, leaseMs: LEASE, now })));
    const fresh = await claimAll("run-new", 0);
    expect(fresh.filter((result) => result.claimed)).toHaveLength(1);
    const winner = fresh.findIndex((result) => result.claimed);
    for (const result of fresh) if (!result.claimed) expect(result).toMatchObject({ reason: "held", owner: `p${winner}` });
    expect(fresh[winner]).toEqual({ claimed: true, token: 1 });
    await harness.storage.saveCheckpoint(checkpoint("run-new"), { owner: `p${winner}`, token: 1, leaseMs: LEASE, now: 1 });
    const expired = await claimAll("run-new", 1 + LEASE);
    const claimed = expired.filter((result) => result.claimed);
    expect(claimed).toHaveLength(1);
    const taker = expired.findIndex((result) => result.claimed);
    expect(claimed[0]).toEqual(
      taker === winner
        ? { claimed: true, token: 1, checkpoint: checkpoint("run-new") }
        : { claimed: true, token: 2, checkpoint: checkpoint("run-new"), previousOwner: `p${winner}` },
    );
  });

  it("tells the claimer that takes over a run with no checkpoint yet that the run existed (its first process may have started it)", async () => {
    const { storage } = current();
    expect(await storage.claimRun("run-early", { owner: "a", leaseMs: LEASE, now: 0 })).toEqual({ claimed: true, token: 1 });
    expect(await storage.claimRun("run-early", { owner: "b", leaseMs: LEASE, now: LEASE })).toEqual({ claimed: true, token: 2, previousOwner: "a" });
    // A claim given up at once (lease 0) is taken over at once.
    expect(await storage.claimRun("run-early", { owner: "b", leaseMs: 0, now: LEASE + 1 })).toEqual({ claimed: true, token: 2 });
    expect(await storage.claimRun("run-early", { owner: "c", leaseMs: LEASE, now: LEASE + 1 })).toEqual({ claimed: true, token: 3, previousOwner: "b" });
  });
}
