import { RunClaimLostError } from "@baton/core";
import { expectRejectionOf, sampleJournalEntry } from "@baton/testing/storage-conformance";
import { expect, it } from "vitest";
import { describeWithRedis, useKeyedHarness } from "./support/redis.js";
import { checkpointOf, textMessage as text, usageOf } from "./support/sample.js";

const LEASE = 60_000;

describeWithRedis("fencing tokens in the run hash", () => {
  const keyed = useKeyedHarness();
  const { direct } = keyed;

  it("counts a run hash of the previous release (no token field) as token 1: its holder renews and writes with 1, a takeover gets 2", async () => {
    const { storage } = keyed.harness;
    // What the previous release wrote: owner, lease, no token.
    await direct.hset(`${keyed.prefix}run:old`, "owner", "a", "leaseUntil", String(LEASE));
    await direct.zadd(`${keyed.prefix}index:runs`, 0, "old");
    const fence = { runId: "old", owner: "a", token: 1 };
    await storage.saveCheckpoint(checkpointOf("old"), { owner: "a", token: 1, leaseMs: LEASE, now: 1 });
    await storage.writeToolJournal([sampleJournalEntry("old", "call-1")], fence);
    await storage.appendMessages("c", [text("answer")], { fence });
    await expectRejectionOf(storage.recordUsage([usageOf("old")], { fence: { ...fence, token: 2 } }), RunClaimLostError);
    expect(await storage.claimRun("old", { owner: "a", leaseMs: LEASE, now: 2 })).toEqual({ claimed: true, token: 1, checkpoint: checkpointOf("old") });
    expect(await direct.hget(`${keyed.prefix}run:old`, "token")).toBe("1");
    await direct.hdel(`${keyed.prefix}run:old`, "token");
    expect(await storage.claimRun("old", { owner: "b", leaseMs: LEASE, now: 3 + LEASE })).toMatchObject({ claimed: true, token: 2, previousOwner: "a" });
    const lost = await expectRejectionOf(storage.writeToolJournal([sampleJournalEntry("old", "call-2")], fence), RunClaimLostError);
    expect(lost).toMatchObject({ runId: "old", owner: "a", heldBy: "b" });
    expect((await storage.loadToolJournal("old")).map((entry) => entry.toolCallId)).toEqual(["call-1"]);
  });

  it("checks the fence of an empty append or usage batch too, as it would for a non-empty one", async () => {
    const { storage } = keyed.harness;
    await storage.claimRun("r", { owner: "a", leaseMs: 0, now: 0 });
    await storage.claimRun("r", { owner: "b", leaseMs: LEASE, now: 1 });
    const stale = { runId: "r", owner: "a", token: 1 };
    await expectRejectionOf(storage.appendMessages("c", [], { fence: stale }), RunClaimLostError);
    await expectRejectionOf(storage.recordUsage([], { fence: stale }), RunClaimLostError);
    await expectRejectionOf(storage.writeToolJournal([], stale), RunClaimLostError);
    const current = { runId: "r", owner: "b", token: 2 };
    expect(await storage.appendMessages("c", [], { fence: current })).toEqual({ firstSeq: 1, version: 0 });
    await storage.recordUsage([], { fence: current });
    await storage.writeToolJournal([], current);
    expect(await direct.exists(`${keyed.prefix}messages:c`, `${keyed.prefix}usage:seq`, `${keyed.prefix}journal:r`, `${keyed.prefix}journal-order:r`)).toBe(0);
  });

  it("names the current holder in the refusal of a fenced summary, and none once the run has finished", async () => {
    const { storage } = keyed.harness;
    await storage.claimRun("r", { owner: "a", leaseMs: 0, now: 0 });
    await storage.claimRun("r", { owner: "b", leaseMs: LEASE, now: 1 });
    const stale = { runId: "r", owner: "a", token: 1 };
    expect(await expectRejectionOf(storage.saveSummary("c", { text: "s", throughSeq: 1 }, { fence: stale }), RunClaimLostError)).toMatchObject({ heldBy: "b" });
    await storage.saveCheckpoint(checkpointOf("r", { stopReason: "completed" }), { owner: "b", token: 2, leaseMs: LEASE, now: 2 });
    const afterEnd = await expectRejectionOf(storage.saveSummary("c", { text: "s", throughSeq: 1 }, { fence: stale }), RunClaimLostError);
    expect((afterEnd as RunClaimLostError).heldBy).toBeUndefined();
    await storage.saveSummary("c", { text: "by b", throughSeq: 1 }, { fence: { runId: "r", owner: "b", token: 2 } });
    expect((await storage.loadSummary("c"))?.text).toBe("by b");
  });
});
