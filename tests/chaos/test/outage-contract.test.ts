/**
 * The loop's promises under a storage outage, each the smallest case of a violation
 * the chaos trials found (the seeds in the comments are where they showed first). A
 * run's storage is the memory storage behind the trials' faulty view.
 */
import { createMemoryStorage } from "@baton/storage-memory";
import { resume, run } from "@baton/loop";
import type { StreamEvent } from "@baton/core";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { chaosModel, chaosTools, planInput, type ChaosPlan } from "../src/chaos-agent.mjs";
import { faultyStorage } from "../src/faulty-storage.mjs";

const dir = mkdtempSync(join(tmpdir(), "baton-chaos-contract-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const plan: ChaosPlan = { turns: [[["c", 20, 0.5]], [["s", 20, 0.5]]], modelMs: 0 };
const agent = (name: string) => ({ provider: chaosModel(), model: "m", tools: chaosTools(join(dir, `${name}.jsonl`)), retryableErrorEnds: "attempt" as const });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("a storage outage never loses a run", () => {
  it("resume() while storage is away for less than the storage wait rides it out (seed 9214852501)", async () => {
    const storage = createMemoryStorage();
    const view = faultyStorage(storage);
    // A run whose first attempt ended resumable: its storage failed from its first tool call on, for longer than its wait.
    let close = (): void => undefined;
    const tools = agent("a").tools.map((tool) => ({
      ...tool,
      execute: (args: unknown, context: Parameters<typeof tool.execute>[1]) => ((close = view.open("fail")), tool.execute(args, context)),
    }));
    const first = await run({ ...agent("a"), tools, storage: view, input: planInput(plan), runId: "r-a", storageWaitMs: 150, claimLeaseMs: 300 });
    close();
    expect(first).toMatchObject({ resumable: true });
    await sleep(350);
    // Storage is away for 100 ms; the resume may wait 2 s for it.
    const closeAgain = view.open("fail");
    setTimeout(closeAgain, 100);
    const resumed = await resume({ ...agent("a"), storage: view, runId: "r-a", storageWaitMs: 2_000 });
    // The resume got through the outage: it reached the call the first attempt left without an outcome (a "once" charge,
    // so in doubt), and waits for a decision on it, with no storage error.
    expect(resumed.error).toBeUndefined();
    expect(resumed.stopReason).toBe("interrupted");
    expect(resumed.interruptions?.map((item) => [item.kind, item.toolCallId])).toEqual([["in-doubt", "t1c1"]]);
    const decided = await resume({ ...agent("a"), storage: view, runId: "r-a", decisions: { [resumed.interruptions![0]!.id]: { fail: "not charged" } } });
    expect(decided.stopReason).toBe("completed");
  });

  it("a new run whose input append fails for a moment is not stored as finished with the error (seed 9922462634)", async () => {
    const storage = createMemoryStorage();
    const view = faultyStorage(storage);
    const close = view.open("fail", ["appendMessages"]);
    setTimeout(close, 60);
    const result = await run({ ...agent("b"), storage: view, input: planInput(plan), runId: "r-b", conversationId: "c-b", storageWaitMs: 2_000 });
    const stored = await storage.loadCheckpoint("r-b");
    // Completed, or left resumable: never finished for good by a passing outage.
    expect({ stopReason: result.stopReason, resumable: result.resumable, stored: stored?.stopReason }).toSatisfy(
      (outcome: { stopReason: string; resumable?: boolean; stored?: string }) =>
        (outcome.stopReason === "completed" && outcome.stored === "completed") || (outcome.resumable === true && outcome.stored === undefined),
    );
  });

  it("a finished run whose end is still unwritten at the storage wait says resumable, and stays so once the writes fail (seed 6227893071)", async () => {
    const storage = createMemoryStorage();
    const view = faultyStorage(storage, { timeoutMs: 600 });
    let close = (): void => undefined;
    const answer: ChaosPlan = { turns: [], modelMs: 0 };
    const provider = chaosModel();
    const stream = provider.stream.bind(provider);
    // Storage stops answering as the model gives its answer: the run's last writes hang, then time out.
    provider.stream = (request) => ((close = view.open("hang-timeout", ["appendMessages", "saveCheckpoint"])), stream(request));
    const result = await run({
      ...agent("c"),
      provider,
      storage: view,
      input: planInput(answer),
      runId: "r-c",
      conversationId: "c-c",
      storageWaitMs: 200,
      claimLeaseMs: 2_000,
    });
    await sleep(1_500);
    close();
    const stored = await storage.loadCheckpoint("r-c");
    expect({ stopReason: result.stopReason, persisted: result.persisted, resumable: result.resumable, stored: stored?.stopReason ?? "unfinished" }).toSatisfy(
      (outcome: { stored: string; resumable?: boolean }) => outcome.stored === "completed" || outcome.resumable === true,
    );
  });
});

describe("an attempt's event stream ends with its run-end", () => {
  it("no event follows the run-end, though writes of the attempt fail after it (seed 5182722781)", async () => {
    const storage = createMemoryStorage();
    const view = faultyStorage(storage, { timeoutMs: 500 });
    const events: StreamEvent[] = [];
    const slow: ChaosPlan = { turns: [[["c", 800, 0.9]]], modelMs: 0 };
    setTimeout(() => {
      const close = view.open("hang-timeout", ["claimRun", "saveCheckpoint", "writeToolJournal"]);
      setTimeout(close, 1_000);
    }, 50);
    const result = await run({
      ...agent("d"),
      storage: view,
      input: planInput(slow),
      runId: "r-d",
      storageWaitMs: 1_000,
      claimLeaseMs: 250,
      onEvent: (event) => void events.push(event),
    });
    expect(result).toMatchObject({ resumable: true });
    await sleep(1_200);
    const end = events.findIndex((event) => event.type === "run-end");
    expect(events.slice(end + 1).map((event) => `${event.type}${event.type === "error" ? ` ${event.error.code}: ${event.error.message}` : ""}`)).toEqual([]);
  });
});
