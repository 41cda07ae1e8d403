import { STORAGE_DOMAINS } from "@baton/core";
import { expect, it } from "vitest";
import type { StorageHarness } from "./harness.js";
import { checkpoint, journalEntry, pause, usageRecord, userTurn } from "./sample-data.js";

/** Writes one record of every domain under names ending in `suffix`. */
async function writeEverything(harness: StorageHarness, suffix: string, recordedAt: number): Promise<void> {
  const { storage } = harness;
  await storage.appendMessages(`conv-${suffix}`, [userTurn("hello")]);
  await storage.saveSummary(`conv-${suffix}`, { text: "s", throughSeq: 1 });
  await storage.claimRun(`run-${suffix}`, { owner: "a", leaseMs: 1000 });
  await storage.saveCheckpoint(checkpoint(`run-${suffix}`), { owner: "a", token: 1, leaseMs: 1000 });
  await storage.writeToolJournal([journalEntry(`run-${suffix}`, "call-1")], { runId: `run-${suffix}`, owner: "a", token: 1 });
  await storage.saveSessionState(`session-${suffix}`, { n: 1 });
  await storage.archiveToolOutput({ id: `out-${suffix}`, toolName: "t", toolCallId: "c", result: 1 });
  await storage.recordUsage([usageRecord({ runId: `run-${suffix}`, recordedAt })]);
}

/** Retention: prune per domain removes what was last written before the cut, and only that. */
export function retentionTests(current: () => StorageHarness): void {
  it("prunes each domain on its own, by last write time", async () => {
    const harness = current();
    const { storage } = harness;
    await writeEverything(harness, "old", Date.now());
    await storage.appendMessages("conv-active", [userTurn("first")]);
    await pause(25);
    const cut = Date.now();
    await pause(25);
    await writeEverything(harness, "new", Date.now());
    // A conversation written to again after the cut is kept whole.
    await storage.appendMessages("conv-active", [userTurn("again")]);
    const counts: Record<string, number> = {};
    for (const domain of STORAGE_DOMAINS) counts[domain] = await storage.prune(domain, cut);
    expect(counts).toEqual({ conversations: 1, runs: 1, sessions: 1, archives: 1, usage: 1 });
    expect(await storage.loadMessages("conv-old")).toEqual([]);
    expect(await storage.loadSummary("conv-old")).toBeUndefined();
    expect(await storage.loadCheckpoint("run-old")).toBeUndefined();
    // A run's journal goes with it.
    expect(await storage.loadToolJournal("run-old")).toEqual([]);
    expect(await storage.loadSessionState("session-old")).toBeUndefined();
    expect(await storage.loadToolOutput("out-old")).toBeUndefined();
    expect(await storage.queryUsage({ runId: "run-old" })).toEqual([]);
    expect(await storage.loadMessages("conv-new")).toHaveLength(1);
    expect(await storage.loadMessages("conv-active")).toHaveLength(2);
    expect(await storage.loadSummary("conv-new")).toBeDefined();
    expect(await storage.loadCheckpoint("run-new")).toBeDefined();
    expect(await storage.loadToolJournal("run-new")).toHaveLength(1);
    expect(await storage.loadSessionState("session-new")).toBeDefined();
    expect(await storage.loadToolOutput("out-new")).toBeDefined();
    expect(await storage.queryUsage({ runId: "run-new" })).toHaveLength(1);
    // A pruned run id is free again: claiming it starts a new run.
    expect(await storage.claimRun("run-old", { owner: "b", leaseMs: 1000 })).toEqual({ claimed: true, token: 1 });
    for (const domain of STORAGE_DOMAINS) expect(await storage.prune(domain, cut)).toBe(0);
  });
}
