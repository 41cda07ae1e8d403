import { RunClaimLostError } from "@baton/core";
import { expect, it } from "vitest";
import type { StorageHarness } from "./harness.js";
import { checkpoint } from "./sample-data.js";

const LEASE = 60_000;

/** Runs: atomic claims with leases, fenced checkpoints, finishing. */
export function runTests(current: () => StorageHarness): void {
  it("creates an unknown run on claim, renews its owner's lease and refuses other owners while it holds", async () => {
    const { storage } = current();
    const now = 1_000_000;
    expect(await storage.claimRun("run-1", { owner: "a", leaseMs: LEASE, now })).toEqual({ claimed: true });
    expect(await storage.claimRun("run-1", { owner: "a", leaseMs: LEASE, now: now + 10 })).toEqual({ claimed: true });
    expect(await storage.claimRun("run-1", { owner: "b", leaseMs: LEASE, now: now + 20 })).toEqual({ claimed: false, reason: "held", owner: "a", leaseUntil: now + 10 + LEASE });
    // Once the lease has run out, another owner takes the run.
    expect(await storage.claimRun("run-1", { owner: "b", leaseMs: LEASE, now: now + 10 + LEASE })).toEqual({ claimed: true });
    expect(await storage.claimRun("run-1", { owner: "a", leaseMs: LEASE, now: now + 11 + LEASE })).toMatchObject({ claimed: false, reason: "held", owner: "b" });
  });

  it("saves checkpoints per agent, loads them exactly and hands the main one to the next claimer", async () => {
    const { storage } = current();
    await storage.claimRun("run-1", { owner: "a", leaseMs: LEASE, now: 0 });
    const main = checkpoint("run-1");
    const researcher = checkpoint("run-1", { agentPath: "main/researcher#1", iteration: 3 });
    await storage.saveCheckpoint(main, { owner: "a", leaseMs: LEASE, now: 10 });
    await storage.saveCheckpoint(researcher, { owner: "a", leaseMs: LEASE, now: 10 });
    expect(await storage.loadCheckpoint("run-1")).toEqual(main);
    expect(await storage.loadCheckpoint("run-1", "main/researcher#1")).toEqual(researcher);
    expect(await storage.loadCheckpoint("run-1", "main/other")).toBeUndefined();
    expect(await storage.loadCheckpoint("run-2")).toBeUndefined();
    const next = checkpoint("run-1", { iteration: 2, pending: { results: [{ type: "tool-result", toolCallId: "call_2", toolName: "search", result: "done" }], usage: checkpoint("x").usage[0]! } });
    await storage.saveCheckpoint(next, { owner: "a", leaseMs: LEASE, now: 20 });
    expect(await storage.loadCheckpoint("run-1")).toEqual(next);
    // The saved checkpoint renewed the lease: at 20 + LEASE - 1 it is still held.
    expect(await storage.claimRun("run-1", { owner: "b", leaseMs: LEASE, now: 20 + LEASE - 1 })).toMatchObject({ claimed: false, reason: "held" });
    expect(await storage.claimRun("run-1", { owner: "b", leaseMs: LEASE, now: 20 + LEASE })).toEqual({ claimed: true, checkpoint: next });
  });

  it("refuses checkpoints from a process that does not hold the run, and writes nothing", async () => {
    const { storage } = current();
    const unknown = await storage.saveCheckpoint(checkpoint("run-x"), { owner: "a", leaseMs: LEASE }).catch((error: unknown) => error);
    expect(unknown).toBeInstanceOf(RunClaimLostError);
    expect(await storage.loadCheckpoint("run-x")).toBeUndefined();
    await storage.claimRun("run-1", { owner: "a", leaseMs: LEASE, now: 0 });
    await storage.saveCheckpoint(checkpoint("run-1"), { owner: "a", leaseMs: LEASE, now: 0 });
    // The lease expires, b claims the run: a's late checkpoint is fenced off.
    await storage.claimRun("run-1", { owner: "b", leaseMs: LEASE, now: LEASE + 1 });
    const lost = await storage.saveCheckpoint(checkpoint("run-1", { iteration: 9 }), { owner: "a", leaseMs: LEASE, now: LEASE + 2 }).catch((error: unknown) => error);
    expect(lost).toBeInstanceOf(RunClaimLostError);
    expect(lost).toMatchObject({ code: "RUN_CLAIM_LOST", runId: "run-1", owner: "a", heldBy: "b" });
    expect((await storage.loadCheckpoint("run-1"))?.iteration).toBe(1);
  });

  it("finishes a run with the main agent's final checkpoint: it can no longer be claimed or written", async () => {
    const { storage } = current();
    await storage.claimRun("run-1", { owner: "a", leaseMs: LEASE, now: 0 });
    await storage.saveCheckpoint(checkpoint("run-1", { agentPath: "main/researcher#1", stopReason: "completed" }), { owner: "a", leaseMs: LEASE, now: 1 });
    expect(await storage.claimRun("run-1", { owner: "a", leaseMs: LEASE, now: 2 })).toEqual({ claimed: true });
    await storage.saveCheckpoint(checkpoint("run-1", { stopReason: "completed" }), { owner: "a", leaseMs: LEASE, now: 3 });
    expect(await storage.claimRun("run-1", { owner: "b", leaseMs: LEASE, now: 10 * LEASE })).toEqual({ claimed: false, reason: "finished" });
    expect(await storage.claimRun("run-1", { owner: "a", leaseMs: LEASE, now: 4 })).toEqual({ claimed: false, reason: "finished" });
    await expect(storage.saveCheckpoint(checkpoint("run-1"), { owner: "a", leaseMs: LEASE, now: 5 })).rejects.toBeInstanceOf(RunClaimLostError);
    expect((await storage.loadCheckpoint("run-1"))?.stopReason).toBe("completed");
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
    await harness.storage.saveCheckpoint(checkpoint("run-new"), { owner: `p${winner}`, leaseMs: LEASE, now: 1 });
    const expired = await claimAll("run-new", 1 + LEASE);
    const claimed = expired.filter((result) => result.claimed);
    expect(claimed).toHaveLength(1);
    expect(claimed[0]).toEqual({ claimed: true, checkpoint: checkpoint("run-new") });
  });
}
