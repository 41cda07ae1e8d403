import { describe, expect, it } from "vitest";
import { StorageConflictError } from "@baton/core";
import { run } from "@baton/loop";
import { scriptedModel } from "@baton/testing";
import { createMemoryStorage } from "@baton/storage-memory";
import { createOrchestration } from "../../src/steps/index.js";
import { calls, offered, tools } from "./helpers.js";

const definition = {
  steps: [
    { name: "write", conditions: [{ type: "sequence_match", sequence: ["search", "search", "read"] }], allowedTools: ["write"] },
    { name: "research", isDefault: true, sequence: ["search", "search", "read"] },
  ],
} as const;

describe("orchestration state across runs and processes", () => {
  it("saves the state after each batch and a new process continues at the same step and sequence position", async () => {
    const storage = createMemoryStorage();
    const first = createOrchestration(definition, { store: storage, sessionId: "s1" });
    const model1 = scriptedModel([calls("search"), calls("search"), "paused"]);
    const result1 = await run({ provider: model1, model: "m", input: "go", tools: tools("search", "read", "write"), config: first.config });
    expect(result1.stopReason).toBe("completed");
    expect(model1.requests.map(offered)).toStrictEqual([["search"], ["search"], ["read"]]);
    expect(await storage.loadSessionState("orchestration:s1")).toMatchObject({
      value: { activeStep: "research", recentTools: ["search", "search"], sequencePosition: 2 },
      version: 2,
    });

    // A "restarted process": a new orchestration over the same store and session.
    const second = createOrchestration(definition, { store: storage, sessionId: "s1" });
    const model2 = scriptedModel([calls("read"), calls("write"), "done"]);
    await run({ provider: model2, model: "m", input: "continue", tools: tools("search", "read", "write"), config: second.config });
    expect(model2.requests.map(offered)).toStrictEqual([["read"], ["write"], ["search"]]);
    expect(second.state()).toStrictEqual({ activeStep: "research", recentTools: ["search", "search", "read", "write"], sequencePosition: 0, version: 4 });

    // Another session in the same store starts fresh.
    const other = createOrchestration(definition, { store: storage, sessionId: "s2" });
    const model3 = scriptedModel(["hi"]);
    await run({ provider: model3, model: "m", input: "go", tools: tools("search", "read", "write"), config: other.config });
    expect(offered(model3.requests[0])).toStrictEqual(["search"]);
  });

  it("saves nothing when a run changes nothing", async () => {
    const storage = createMemoryStorage();
    const orchestration = createOrchestration(definition, { store: storage, sessionId: "quiet" });
    await run({ provider: scriptedModel(["just text"]), model: "m", input: "go", tools: tools("search", "read", "write"), config: orchestration.config });
    expect(await storage.loadSessionState("orchestration:quiet")).toBeUndefined();
  });

  it("fails the run with a version conflict when another process saved the session first", async () => {
    const storage = createMemoryStorage();
    const a = createOrchestration(definition, { store: storage, sessionId: "shared" });
    const b = createOrchestration(definition, { store: storage, sessionId: "shared" });
    // B loads the session, then waits in its tool while A runs and saves.
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const slowSearch = { ...tools("search")[0]!, execute: async () => (await gate, "search ok") };
    const modelB = scriptedModel([calls("search"), "b done"]);
    const runB = run({ provider: modelB, model: "m", input: "go", tools: [slowSearch, ...tools("read", "write")], config: b.config });
    await new Promise((resolve) => setTimeout(resolve, 20));
    await run({ provider: scriptedModel([calls("search"), "a done"]), model: "m", input: "go", tools: tools("search", "read", "write"), config: a.config });
    release();
    const resultB = await runB;

    expect(resultB.stopReason).toBe("error");
    expect(resultB.error?.code).toBe("STORAGE_CONFLICT");
    expect(modelB.requests).toHaveLength(1);
    await expect(b.flush()).rejects.toBeInstanceOf(StorageConflictError);
    expect(await storage.loadSessionState("orchestration:shared")).toMatchObject({ value: { recentTools: ["search"], sequencePosition: 1 }, version: 1 });

    // The next run reloads the stored state and saves over its version.
    const modelB2 = scriptedModel([calls("search"), "b done"]);
    await run({ provider: modelB2, model: "m", input: "again", tools: tools("search", "read", "write"), config: b.config });
    expect(modelB2.requests.map(offered)).toStrictEqual([["search"], ["read"]]);
    expect(await storage.loadSessionState("orchestration:shared")).toMatchObject({
      value: { recentTools: ["search", "search"], sequencePosition: 2 },
      version: 2,
    });
  });

  it("falls back to the default step when the stored step is no longer defined, and fails a run over a corrupt state", async () => {
    const storage = createMemoryStorage();
    await storage.saveSessionState("orchestration:old", { activeStep: "removed", recentTools: ["search"], sequencePosition: 1 });
    const orchestration = createOrchestration(definition, { store: storage, sessionId: "old" });
    const model = scriptedModel(["hi"]);
    await run({ provider: model, model: "m", input: "go", tools: tools("search", "read", "write"), config: orchestration.config });
    expect(offered(model.requests[0])).toStrictEqual(["search"]);
    expect(orchestration.state()).toStrictEqual({ activeStep: "research", recentTools: ["search"], sequencePosition: 0, version: 1 });

    await storage.saveSessionState("orchestration:bad", { activeStep: 7 });
    const corrupt = createOrchestration(definition, { store: storage, sessionId: "bad" });
    const never = scriptedModel(["never"]);
    const failed = await run({ provider: never, model: "m", input: "go", tools: tools("search", "read", "write"), config: corrupt.config });
    expect(failed.stopReason).toBe("error");
    expect(failed.error?.code).toBe("STORAGE_CORRUPT");
    expect(never.requests).toHaveLength(0);
  });

  it("keeps the state in memory across runs without a store, and trims the history to historyLimit", async () => {
    const orchestration = createOrchestration({ steps: [{ name: "any", isDefault: true }] }, { historyLimit: 3 });
    for (const name of ["a", "b", "c", "a"]) {
      await run({ provider: scriptedModel([calls(name), "ok"]), model: "m", input: "go", tools: tools("a", "b", "c"), config: orchestration.config });
    }
    expect(orchestration.state()).toStrictEqual({ activeStep: "any", recentTools: ["b", "c", "a"], sequencePosition: 0, version: 0 });
  });
});
