import { StorageConflictError } from "@baton/core";
import { expect, it } from "vitest";
import { expectErrorOf } from "./expect-error.js";
import type { StorageHarness } from "./harness.js";
import { assistantTurn, userTurn } from "./sample-data.js";

/** Conversations: round trip, order, ranges, optimistic versions, concurrent appends. */
export function conversationTests(current: () => StorageHarness): void {
  it("appends messages and loads them back exactly, numbered 1..n", async () => {
    const { storage } = current();
    const before = Date.now();
    const first = await storage.appendMessages("conv-1", [userTurn("What is up?"), assistantTurn("m1")]);
    const second = await storage.appendMessages("conv-1", [userTurn("And then?")]);
    expect(first).toEqual({ firstSeq: 1, version: 2 });
    expect(second).toEqual({ firstSeq: 3, version: 3 });
    const loaded = await storage.loadMessages("conv-1");
    expect(loaded.map((message) => message.seq)).toEqual([1, 2, 3]);
    expect(loaded.map(({ seq: _seq, createdAt: _at, ...rest }) => rest)).toEqual([
      { conversationId: "conv-1", ...userTurn("What is up?") },
      { conversationId: "conv-1", ...assistantTurn("m1") },
      { conversationId: "conv-1", ...userTurn("And then?") },
    ]);
    for (const message of loaded) expect(message.createdAt).toBeGreaterThanOrEqual(before - 1000);
  });

  it("omits optional fields that were not given, and keeps conversations apart", async () => {
    const { storage } = current();
    await storage.appendMessages("conv-a", [{ role: "system", parts: [{ type: "text", text: "Be brief." }] }]);
    await storage.appendMessages("conv-b", [userTurn("b")]);
    const [system] = await storage.loadMessages("conv-a");
    expect(Object.keys(system!).sort()).toEqual(["conversationId", "createdAt", "parts", "role", "seq"]);
    expect((await storage.loadMessages("conv-b")).map((message) => message.seq)).toEqual([1]);
    expect(await storage.loadMessages("unknown")).toEqual([]);
  });

  it("loads a range with afterSeq (exclusive) and throughSeq (inclusive)", async () => {
    const { storage } = current();
    await storage.appendMessages(
      "conv-1",
      Array.from({ length: 6 }, (_, i) => userTurn(`m${i + 1}`)),
    );
    const seqs = async (options: { afterSeq?: number; throughSeq?: number }) => (await storage.loadMessages("conv-1", options)).map((message) => message.seq);
    expect(await seqs({ afterSeq: 4 })).toEqual([5, 6]);
    expect(await seqs({ throughSeq: 2 })).toEqual([1, 2]);
    expect(await seqs({ afterSeq: 2, throughSeq: 4 })).toEqual([3, 4]);
    expect(await seqs({ afterSeq: 6 })).toEqual([]);
  });

  it("treats an empty append as a no-op that reports the version", async () => {
    const { storage } = current();
    await storage.appendMessages("conv-1", [userTurn("one"), userTurn("two")]);
    expect(await storage.appendMessages("conv-1", [])).toEqual({ firstSeq: 3, version: 2 });
    expect(await storage.appendMessages("new-conv", [])).toEqual({ firstSeq: 1, version: 0 });
    expect(await storage.loadMessages("conv-1")).toHaveLength(2);
  });

  it("checks expectedVersion and writes nothing on a conflict", async () => {
    const { storage } = current();
    await storage.appendMessages("conv-1", [userTurn("one")], { expectedVersion: 0 });
    await storage.appendMessages("conv-1", [userTurn("two")], { expectedVersion: 1 });
    const conflict = await storage.appendMessages("conv-1", [userTurn("stale")], { expectedVersion: 1 }).catch((error: unknown) => error);
    expectErrorOf(conflict, StorageConflictError);
    expect(conflict).toMatchObject({ code: "STORAGE_CONFLICT", expectedVersion: 1, actualVersion: 2, record: 'conversation "conv-1"' });
    expect((await storage.loadMessages("conv-1")).map((message) => (message.parts[0] as { text: string }).text)).toEqual(["one", "two"]);
  });

  it("loses nothing when many writers append to one conversation at once, from two connections", async () => {
    const harness = current();
    const other = await harness.openAnother();
    const writers = 40;
    await Promise.all(
      Array.from({ length: writers }, (_, i) => (i % 2 === 0 ? harness.storage : other).appendMessages("conv-1", [userTurn(`w${i}:a`), userTurn(`w${i}:b`)])),
    );
    const loaded = await harness.storage.loadMessages("conv-1");
    expect(loaded.map((message) => message.seq)).toEqual(Array.from({ length: writers * 2 }, (_, i) => i + 1));
    const texts = loaded.map((message) => (message.parts[0] as { text: string }).text);
    expect(new Set(texts).size).toBe(writers * 2);
    // Each writer's two messages are one contiguous block, in order.
    for (let i = 0; i < writers; i++) expect(texts.indexOf(`w${i}:b`)).toBe(texts.indexOf(`w${i}:a`) + 1);
    expect(await other.loadMessages("conv-1")).toHaveLength(writers * 2);
  });

  it("lets exactly one of many concurrent appends with the same expectedVersion win", async () => {
    const harness = current();
    const other = await harness.openAnother();
    await harness.storage.appendMessages("conv-1", [userTurn("base")]);
    const outcomes = await Promise.allSettled(
      Array.from({ length: 12 }, (_, i) => (i % 2 === 0 ? harness.storage : other).appendMessages("conv-1", [userTurn(`try${i}`)], { expectedVersion: 1 })),
    );
    expect(outcomes.filter((outcome) => outcome.status === "fulfilled")).toHaveLength(1);
    for (const outcome of outcomes) if (outcome.status === "rejected") expectErrorOf(outcome.reason, StorageConflictError);
    expect(await harness.storage.loadMessages("conv-1")).toHaveLength(2);
  });
}
