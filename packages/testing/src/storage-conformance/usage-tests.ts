import { expect, it } from "vitest";
import type { StorageHarness } from "./harness.js";
import { usageRecord } from "./sample-data.js";

/** Usage records: exact round trip, queries per run, conversation, user and time range. */
export function usageTests(current: () => StorageHarness): void {
  it("records usage and queries it per run, conversation, user and time range, in time order", async () => {
    const { storage } = current();
    const t = 1_700_000_000_000;
    const a = usageRecord({ runId: "r1", conversationId: "c1", userId: "u1", recordedAt: t + 20, iteration: 2 });
    const b = usageRecord({ runId: "r1", conversationId: "c1", userId: "u1", recordedAt: t + 10, iteration: 1 });
    const {
      costUsd: _cost,
      conversationId: _conversation,
      userId: _user,
      ...bare
    } = usageRecord({ runId: "r2", recordedAt: t + 30, model: "other", tools: [] });
    const d = usageRecord({ runId: "r3", conversationId: "c2", userId: "u2", recordedAt: t + 40, agentPath: "main/researcher#1" });
    await storage.recordUsage([a, b]);
    await storage.recordUsage([bare, d]);
    await storage.recordUsage([]);
    expect(await storage.queryUsage({})).toEqual([b, a, bare, d]);
    expect(await storage.queryUsage({ runId: "r1" })).toEqual([b, a]);
    expect(await storage.queryUsage({ conversationId: "c2" })).toEqual([d]);
    expect(await storage.queryUsage({ userId: "u1" })).toEqual([b, a]);
    expect(await storage.queryUsage({ from: t + 20, to: t + 40 })).toEqual([a, bare]);
    expect(await storage.queryUsage({ userId: "u1", from: t + 15 })).toEqual([a]);
    expect(await storage.queryUsage({ runId: "none" })).toEqual([]);
    const [stored] = await storage.queryUsage({ runId: "r2" });
    expect(Object.keys(stored!).sort()).toEqual(Object.keys(bare).sort());
  });

  it("keeps records with the same time in recording order", async () => {
    const { storage } = current();
    const records = Array.from({ length: 5 }, (_, i) => usageRecord({ iteration: i + 1, recordedAt: 5 }));
    for (const record of records) await storage.recordUsage([record]);
    expect((await storage.queryUsage({ runId: "run-1" })).map((record) => record.iteration)).toEqual([1, 2, 3, 4, 5]);
  });
}
