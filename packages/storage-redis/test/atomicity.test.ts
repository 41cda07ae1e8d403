import { RunClaimLostError } from "@baton/core";
import { expectErrorOf, expectRejectionOf, sampleJournalEntry, type StorageHarness } from "@baton/testing/storage-conformance";
import { afterEach, beforeEach, expect, it } from "vitest";
import { createHarness, describeWithRedis } from "./support/redis.js";
import { checkpointOf, textMessage as text, usageOf } from "./support/sample.js";

describeWithRedis("Lua scripts under concurrency from two clients", () => {
  let harness: StorageHarness;
  beforeEach(async () => {
    harness = await createHarness();
  });
  afterEach(() => harness.close());

  it("numbers 300 single-message appends from two clients 1..300 with no gap or repeat", async () => {
    const other = await harness.openAnother();
    const results = await Promise.all(Array.from({ length: 300 }, (_, i) => (i % 2 ? other : harness.storage).appendMessages("c", [text(`m${i}`)])));
    expect(results.map((result) => result.firstSeq).sort((a, b) => a - b)).toEqual(Array.from({ length: 300 }, (_, i) => i + 1));
    for (const result of results) expect(result.version).toBe(result.firstSeq);
    const loaded = await harness.storage.loadMessages("c");
    expect(loaded.map((message) => message.seq)).toEqual(Array.from({ length: 300 }, (_, i) => i + 1));
    // Each call's seq holds that call's message.
    for (const [i, result] of results.entries()) expect(loaded[result.firstSeq - 1]?.parts).toEqual([{ type: "text", text: `m${i}` }]);
  });

  it("gives every one of 30 contested runs exactly one owner, one taker of its lapsed lease, and fences the first owner's checkpoints", async () => {
    const other = await harness.openAnother();
    const runs = Array.from({ length: 30 }, (_, i) => `run-${i}`);
    const owners = ["p0", "p1", "p2", "p3", "p4", "p5"];
    const storageOf = (owner: string) => (owners.indexOf(owner) % 2 ? other : harness.storage);
    const claimAll = (runId: string, claimers: readonly string[], now: number) =>
      Promise.all(claimers.map(async (owner) => ({ owner, result: await storageOf(owner).claimRun(runId, { owner, leaseMs: 60_000, now }) })));
    for (const runId of runs) {
      const first = (await claimAll(runId, owners, 0)).filter((claim) => claim.result.claimed);
      expect(first.map((claim) => claim.result)).toEqual([{ claimed: true, token: 1 }]);
      const holder = first[0]!.owner;
      await storageOf(holder).saveCheckpoint(checkpointOf(runId), { owner: holder, token: 1, leaseMs: 60_000, now: 1 });
      // The lease lapses; the other five race to take the run over.
      const takers = (
        await claimAll(
          runId,
          owners.filter((owner) => owner !== holder),
          60_001,
        )
      ).filter((claim) => claim.result.claimed);
      expect(takers.map((claim) => claim.result)).toEqual([{ claimed: true, token: 2, checkpoint: checkpointOf(runId), previousOwner: holder }]);
      const taker = takers[0]!.owner;
      const saves = await Promise.allSettled(
        [holder, taker, holder, taker].map((owner, i) =>
          storageOf(i % 2 ? "p1" : "p0").saveCheckpoint(checkpointOf(runId, { root: { iteration: 10 + owners.indexOf(owner) } }), {
            owner,
            token: owner === taker ? 2 : 1,
            leaseMs: 60_000,
            now: 60_002,
          }),
        ),
      );
      expect(saves.map((save) => save.status)).toEqual(["rejected", "fulfilled", "rejected", "fulfilled"]);
      expect((await harness.storage.loadCheckpoint(runId))?.root.iteration).toBe(10 + owners.indexOf(taker));
    }
  });

  it("lands each journal batch racing a takeover whole or not at all, and none after it", async () => {
    const other = await harness.openAnother();
    await harness.storage.claimRun("run-j", { owner: "a", leaseMs: 0, now: 0 });
    const fence = { runId: "run-j", owner: "a", token: 1 };
    const writes = Array.from({ length: 40 }, (_, i) =>
      (i % 2 ? other : harness.storage).writeToolJournal([sampleJournalEntry("run-j", `call-${i}-a`), sampleJournalEntry("run-j", `call-${i}-b`)], fence).then(
        () => "landed" as const,
        (error: unknown) => {
          expectErrorOf(error, RunClaimLostError);
          return "refused" as const;
        },
      ),
    );
    const takeover = other.claimRun("run-j", { owner: "b", leaseMs: 60_000, now: 1 });
    const outcomes = await Promise.all(writes);
    expect(await takeover).toMatchObject({ claimed: true, token: 2 });
    const journal = await harness.storage.loadToolJournal("run-j");
    expect(journal).toHaveLength(outcomes.filter((outcome) => outcome === "landed").length * 2);
    for (let i = 0; i < journal.length; i += 2) expect(journal[i + 1]!.toolCallId).toBe(journal[i]!.toolCallId.replace(/-a$/, "-b"));
    await expectRejectionOf(harness.storage.writeToolJournal([sampleJournalEntry("run-j", "late")], fence), RunClaimLostError);
    expect(await harness.storage.loadToolJournal("run-j")).toHaveLength(journal.length);
  });

  it("hands out session versions 1..n to unconditional saves from two clients", async () => {
    const other = await harness.openAnother();
    const versions = await Promise.all(Array.from({ length: 100 }, (_, i) => (i % 2 ? other : harness.storage).saveSessionState("s", { i })));
    expect([...versions].sort((a, b) => a - b)).toEqual(Array.from({ length: 100 }, (_, i) => i + 1));
    const last = versions.indexOf(100);
    expect(await harness.storage.loadSessionState("s")).toMatchObject({ version: 100, value: { i: last } });
  });

  it("keeps each concurrent recordUsage batch whole and in order", async () => {
    const other = await harness.openAnother();
    await Promise.all(
      Array.from({ length: 40 }, (_, batch) =>
        (batch % 2 ? other : harness.storage).recordUsage([
          usageOf(`r${batch}`, { iteration: 1 }),
          usageOf(`r${batch}`, { iteration: 2 }),
          usageOf(`r${batch}`, { iteration: 3 }),
        ]),
      ),
    );
    const all = await harness.storage.queryUsage({});
    expect(all).toHaveLength(120);
    // Same recordedAt: recording order, so each batch is three consecutive records.
    for (let i = 0; i < all.length; i += 3) {
      expect(all.slice(i, i + 3).map((record) => record.iteration)).toEqual([1, 2, 3]);
      expect(new Set(all.slice(i, i + 3).map((record) => record.runId)).size).toBe(1);
    }
  });

  it("does not lose an append that lands while the conversation is being pruned", async () => {
    await harness.storage.appendMessages("c", [text("old")]);
    const cut = Date.now() + 1;
    await new Promise((resolve) => setTimeout(resolve, 5));
    const [pruned] = await Promise.all([harness.storage.prune("conversations", cut), harness.storage.appendMessages("c", [text("new")])]);
    const left = await harness.storage.loadMessages("c");
    // Either the prune ran first (the append starts a new conversation) or the append did (the prune skips it).
    if (pruned === 1) expect(left.map((message) => message.parts)).toEqual([[{ type: "text", text: "new" }]]);
    else expect(left).toHaveLength(2);
  });
});
