import { StorageConflictError } from "@baton/core";
import { expect, it } from "vitest";
import { expectErrorOf } from "./expect-error.js";
import type { StorageHarness } from "./harness.js";

/** Session state (versioned), archived tool outputs and summaries. */
export function stateTests(current: () => StorageHarness): void {
  it("versions session state and refuses a stale expectedVersion", async () => {
    const { storage } = current();
    expect(await storage.loadSessionState("s1")).toBeUndefined();
    const value = { step: "research", recentTools: ["search", "search", "read"], position: 2, nested: { ok: true, n: null } };
    expect(await storage.saveSessionState("s1", value, { expectedVersion: 0 })).toBe(1);
    expect(await storage.saveSessionState("s1", { ...value, position: 3 })).toBe(2);
    const loaded = await storage.loadSessionState("s1");
    expect(loaded).toMatchObject({ value: { ...value, position: 3 }, version: 2 });
    expect(typeof loaded?.updatedAt).toBe("number");
    const stale = await storage.saveSessionState("s1", { lost: true }, { expectedVersion: 1 }).catch((error: unknown) => error);
    expectErrorOf(stale, StorageConflictError);
    expect(stale).toMatchObject({ record: 'session "s1"', expectedVersion: 1, actualVersion: 2 });
    await expect(storage.saveSessionState("s2", 1, { expectedVersion: 3 })).rejects.toMatchObject({ expectedVersion: 3, actualVersion: 0 });
    expect((await storage.loadSessionState("s1"))?.value).toEqual({ ...value, position: 3 });
  });

  it("lets exactly one of many concurrent versioned session saves win", async () => {
    const harness = current();
    const other = await harness.openAnother();
    await harness.storage.saveSessionState("s1", { n: 0 });
    const outcomes = await Promise.allSettled(
      Array.from({ length: 12 }, (_, i) => (i % 2 === 0 ? harness.storage : other).saveSessionState("s1", { n: i }, { expectedVersion: 1 })),
    );
    expect(outcomes.filter((outcome) => outcome.status === "fulfilled")).toHaveLength(1);
    expect((await other.loadSessionState("s1"))?.version).toBe(2);
  });

  it("archives tool outputs by id, replacing on the same id", async () => {
    const { storage } = current();
    await storage.archiveToolOutput({
      id: "call_1",
      toolName: "fetch",
      toolCallId: "call_1",
      result: { body: "x".repeat(10_000) },
      runId: "run-1",
      conversationId: "conv-1",
    });
    await storage.archiveToolOutput({ id: "call_2", toolName: "fetch", toolCallId: "call_2", result: "first" });
    await storage.archiveToolOutput({ id: "call_2", toolName: "fetch", toolCallId: "call_2", result: "second" });
    const first = await storage.loadToolOutput("call_1");
    expect(first).toMatchObject({
      id: "call_1",
      toolName: "fetch",
      toolCallId: "call_1",
      result: { body: "x".repeat(10_000) },
      runId: "run-1",
      conversationId: "conv-1",
    });
    expect(typeof first?.createdAt).toBe("number");
    const second = await storage.loadToolOutput("call_2");
    expect(second?.result).toBe("second");
    expect(Object.keys(second!).sort()).toEqual(["createdAt", "id", "result", "toolCallId", "toolName"]);
    expect(await storage.loadToolOutput("call_3")).toBeUndefined();
  });

  it("keeps the latest summary of each conversation", async () => {
    const { storage } = current();
    expect(await storage.loadSummary("conv-1")).toBeUndefined();
    await storage.saveSummary("conv-1", { text: "They talked about cats.", throughSeq: 4, createdAt: 5 });
    await storage.saveSummary("conv-1", { text: "Cats, then dogs.", throughSeq: 8, createdAt: 6 });
    await storage.saveSummary("conv-2", { text: "Other.", throughSeq: 1 });
    expect(await storage.loadSummary("conv-1")).toEqual({ text: "Cats, then dogs.", throughSeq: 8, createdAt: 6 });
    expect((await storage.loadSummary("conv-2"))?.text).toBe("Other.");
  });
}
