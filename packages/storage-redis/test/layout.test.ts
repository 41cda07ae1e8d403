import { StorageCorruptionError } from "@baton/core";
import { expectRejectionOf, sampleJournalEntry } from "@baton/testing/storage-conformance";
import { expect, it } from "vitest";
import { describeWithRedis, keysUnder, useKeyedHarness } from "./support/redis.js";
import { checkpointOf, textMessage as text, usageOf } from "./support/sample.js";

describeWithRedis("key layout", () => {
  const keyed = useKeyedHarness();
  const { direct } = keyed;

  it("keeps a conversation in one list, seq = index + 1, indexed by last append", async () => {
    await keyed.harness.storage.appendMessages("c1", [text("a"), text("b")]);
    expect(await direct.llen(`${keyed.prefix}messages:c1`)).toBe(2);
    expect(JSON.parse((await direct.lindex(`${keyed.prefix}messages:c1`, 1)) ?? "null")).toMatchObject({ role: "user", parts: [{ type: "text", text: "b" }] });
    expect(await direct.zscore(`${keyed.prefix}index:conversations`, "c1")).not.toBeNull();
  });

  it("keeps ids with colons apart", async () => {
    await keyed.harness.storage.appendMessages("a", [text("in a")]);
    await keyed.harness.storage.appendMessages("a:b", [text("in a:b")]);
    await keyed.harness.storage.saveSummary("a", { text: "summary of a", throughSeq: 1 });
    expect((await keyed.harness.storage.loadMessages("a")).map((message) => message.parts)).toEqual([[{ type: "text", text: "in a" }]]);
    expect((await keyed.harness.storage.loadMessages("a:b")).map((message) => message.conversationId)).toEqual(["a:b"]);
    expect(await keyed.harness.storage.loadSummary("a:b")).toBeUndefined();
  });

  it("stores values as the JSON JavaScript wrote: key order and number digits kept", async () => {
    const value = { z: 1, a: 0.1 + 0.2, big: 9007199254740991, tiny: 5e-324, nested: { y: [3, 2, 1], b: "é\u2028" } };
    await keyed.harness.storage.saveSessionState("s", value);
    const loaded = await keyed.harness.storage.loadSessionState("s");
    expect(JSON.stringify(loaded?.value)).toBe(JSON.stringify(value));
    const checkpoint = checkpointOf("r", { root: { custom: { z: 0.30000000000000004, a: 1 } }, savedAt: 1_700_000_000_123 });
    await keyed.harness.storage.claimRun("r", { owner: "o", leaseMs: 1000 });
    await keyed.harness.storage.saveCheckpoint(checkpoint, { owner: "o", token: 1, leaseMs: 1000 });
    expect(await direct.hget(`${keyed.prefix}checkpoints:r`, "main")).toBe(JSON.stringify(checkpoint));
  });

  it("keeps a run's checkpoint in one hash field; of an earlier release's fields per agent, reads the root's and a save drops the rest", async () => {
    const key = `${keyed.prefix}checkpoints:r1`;
    await keyed.harness.storage.claimRun("r1", { owner: "o", leaseMs: 60_000, now: 0 });
    await keyed.harness.storage.saveCheckpoint(checkpointOf("r1"), { owner: "o", token: 1, leaseMs: 60_000, now: 0 });
    // What an earlier release left: a field for a nested agent too.
    await direct.hset(key, "main/researcher#1", JSON.stringify(checkpointOf("r1", { agentPath: "main/researcher#1", root: { iteration: 7 } })));
    expect(await keyed.harness.storage.loadCheckpoint("r1")).toEqual(checkpointOf("r1"));
    expect(await keyed.harness.storage.claimRun("r1", { owner: "o", leaseMs: 60_000, now: 1 })).toEqual({
      claimed: true,
      token: 1,
      checkpoint: checkpointOf("r1"),
    });
    await keyed.harness.storage.saveCheckpoint(checkpointOf("r1", { root: { iteration: 2 } }), { owner: "o", token: 1, leaseMs: 60_000, now: 2 });
    expect((await direct.hkeys(key)).sort()).toEqual(["main"]);
    const triage = checkpointOf("r1", { agentPath: "triage", root: { iteration: 3 } });
    await keyed.harness.storage.saveCheckpoint(triage, { owner: "o", token: 1, leaseMs: 60_000, now: 3 });
    expect(await direct.hkeys(key)).toEqual(["triage"]);
    expect(await keyed.harness.storage.loadCheckpoint("r1")).toEqual(triage);
  });

  it("keeps a run's claim and fencing token in its hash, its journal in a hash by call id plus a list of first-written order, and prunes them together", async () => {
    const { storage } = keyed.harness;
    await storage.claimRun("r", { owner: "a", leaseMs: 0, now: 0 });
    expect(await direct.hgetall(`${keyed.prefix}run:r`)).toEqual({ owner: "a", leaseUntil: "0", token: "1" });
    await storage.claimRun("r", { owner: "b", leaseMs: 60_000, now: 1 });
    expect(await direct.hget(`${keyed.prefix}run:r`, "token")).toBe("2");
    const fence = { runId: "r", owner: "b", token: 2 };
    const first = sampleJournalEntry("r", "call:1", { token: 2 });
    const second = sampleJournalEntry("r", "call-2", { token: 2 });
    await storage.writeToolJournal([first, second], fence);
    const done = { ...first, outcome: { status: "ok" as const, result: { z: 1, a: 0.1 }, durationMs: 2 }, endedAt: 1_700_000_000_002 };
    await storage.writeToolJournal([done], fence);
    expect(await direct.lrange(`${keyed.prefix}journal-order:r`, 0, -1)).toEqual(["call:1", "call-2"]);
    expect(await direct.hgetall(`${keyed.prefix}journal:r`)).toEqual({ "call:1": JSON.stringify(done), "call-2": JSON.stringify(second) });
    expect(await storage.prune("runs", Infinity)).toBe(1);
    expect(await keysUnder(direct, keyed.prefix)).toEqual([`${keyed.prefix}schema`]);
  });

  it("refuses a journal entry of another run than the fence's, writing nothing of the batch", async () => {
    const { storage } = keyed.harness;
    await storage.claimRun("r", { owner: "a", leaseMs: 60_000 });
    const error = await storage
      .writeToolJournal([sampleJournalEntry("r", "call-1"), sampleJournalEntry("other", "call-2")], { runId: "r", owner: "a", token: 1 })
      .catch((failure: unknown) => failure);
    expect(error).toBeInstanceOf(TypeError);
    expect(await storage.loadToolJournal("r")).toEqual([]);
  });

  it("reads a journal whose order list and entries disagree as damaged, naming the call", async () => {
    const { storage } = keyed.harness;
    await storage.claimRun("r", { owner: "a", leaseMs: 60_000 });
    await storage.writeToolJournal([sampleJournalEntry("r", "call-1")], { runId: "r", owner: "a", token: 1 });
    await direct.hset(`${keyed.prefix}journal:r`, "call-x", JSON.stringify(sampleJournalEntry("r", "call-x")));
    const unlisted = await expectRejectionOf(storage.loadToolJournal("r"), StorageCorruptionError);
    expect(unlisted).toMatchObject({ record: 'run "r" journal entry "call-x"' });
    //.toBe('run "r" journal entry "call-x"');
    await direct.rpush(`${keyed.prefix}journal-order:r`, "call-x", "call-y");
    const missing = await expectRejectionOf(storage.loadToolJournal("r"), StorageCorruptionError);
    expect(missing).toMatchObject({ record: 'run "r" journal entry "call-y"' });
    //.toBe('run "r" journal entry "call-y"');
  });

  it("prunes more than one batch, and leaves no index entries or keys behind", async () => {
    for (let i = 0; i < 1_100; i += 100) {
      await Promise.all(Array.from({ length: 100 }, (_, j) => keyed.harness.storage.appendMessages(`c${i + j}`, [text("x")])));
    }
    await keyed.harness.storage.recordUsage(
      Array.from({ length: 1_100 }, (_, i) => usageOf(`r${i % 7}`, { conversationId: `c${i}`, userId: "u", recordedAt: i })),
    );
    expect(await keyed.harness.storage.prune("conversations", Date.now() + 1)).toBe(1_100);
    expect(await keyed.harness.storage.prune("usage", 1_000)).toBe(1_000);
    expect(await keyed.harness.storage.queryUsage({})).toHaveLength(100);
    expect(await keyed.harness.storage.queryUsage({ userId: "u", to: 1_050 })).toHaveLength(50);
    expect(await keyed.harness.storage.prune("usage", Infinity)).toBe(100);
    expect(await keysUnder(direct, keyed.prefix)).toEqual([`${keyed.prefix}schema`, `${keyed.prefix}usage:seq`]);
  });

  it("answers loadMessages ranges from the list without reading the rest", async () => {
    await keyed.harness.storage.appendMessages(
      "c",
      Array.from({ length: 1_000 }, (_, i) => text(`m${i + 1}`)),
    );
    const started = Date.now();
    const all = await keyed.harness.storage.loadMessages("c");
    expect(all).toHaveLength(1_000);
    expect(Date.now() - started).toBeLessThan(5_000);
    expect((await keyed.harness.storage.loadMessages("c", { afterSeq: 998 })).map((message) => message.seq)).toEqual([999, 1_000]);
    expect(await keyed.harness.storage.loadMessages("c", { afterSeq: 5, throughSeq: 5 })).toEqual([]);
  });
});
