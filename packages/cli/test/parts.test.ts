import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { createAgentState, RUN_STATE_FORMAT, RUN_STATE_VERSION, type RunState, type Usage } from "@baton/core";
import { createSqliteStorage } from "@baton/storage-sqlite";
import { describe, expect, it } from "vitest";
import { checkpointWithJournalOf } from "@baton/core/storage-kit";
import { builtinTools, checkpointUsage, chooseProvider, describeStorageTarget, interruptibleStorage, parseStorageTarget, runStatus } from "../src/index.js";
import { freshDir } from "./support/cli-process.js";

describe("parseStorageTarget", () => {
  it("reads sqlite:, postgres:// and redis:// targets, and defaults to .baton/runs.db", () => {
    expect(parseStorageTarget(undefined)).toEqual({ kind: "sqlite", path: ".baton/runs.db" });
    expect(parseStorageTarget("sqlite:data/runs.db")).toEqual({ kind: "sqlite", path: "data/runs.db" });
    expect(parseStorageTarget("sqlite:///abs/runs.db")).toEqual({ kind: "sqlite", path: "/abs/runs.db" });
    expect(parseStorageTarget("runs.sqlite")).toEqual({ kind: "sqlite", path: "runs.sqlite" });
    expect(parseStorageTarget("postgresql://u:p@db/app")).toEqual({ kind: "postgres", connectionString: "postgresql://u:p@db/app" });
    expect(parseStorageTarget("rediss://:secret@cache:6380")).toEqual({ kind: "redis", url: "rediss://:secret@cache:6380" });
    expect(() => parseStorageTarget("sqlite:")).toThrow(/needs a file path/);
    expect(() => parseStorageTarget("mongodb://x")).toThrow('Unknown storage "mongodb://x". Use sqlite:<path>, postgres://… or redis://….');
  });

  it("never shows a password", () => {
    expect(describeStorageTarget(parseStorageTarget("postgres://app:hunter2@db:5432/runs"))).toBe("postgres://app:***@db:5432/runs");
    expect(describeStorageTarget(parseStorageTarget("redis://:hunter2@cache:6379"))).toBe("redis://:***@cache:6379");
  });
});

describe("chooseProvider", () => {
  it("takes the first provider whose key is set, with its base URL", () => {
    expect(chooseProvider({ ANTHROPIC_API_KEY: "a", GEMINI_API_KEY: "g" })).toEqual({ kind: "anthropic", apiKey: "a" });
    expect(chooseProvider({ GEMINI_API_KEY: "g", GOOGLE_BASE_URL: "http://127.0.0.1:1" })).toEqual({
      kind: "google",
      apiKey: "g",
      baseURL: "http://127.0.0.1:1",
    });
    expect(chooseProvider({ OPENAI_API_KEY: "o", ANTHROPIC_API_KEY: "a", OPENAI_BASE_URL: "" })).toEqual({ kind: "openai", apiKey: "o" });
  });

  it("honours the requested provider, and says which key it lacks", () => {
    expect(chooseProvider({ OPENAI_API_KEY: "o", GOOGLE_API_KEY: "g" }, "google")).toEqual({ kind: "google", apiKey: "g" });
    expect(() => chooseProvider({ OPENAI_API_KEY: "o" }, "google")).toThrow(
      "The google provider needs an API key: set GOOGLE_API_KEY or GEMINI_API_KEY in the environment.",
    );
    expect(() => chooseProvider({}, "cohere")).toThrow('Unknown provider "cohere"');
  });
});

function usage(iteration: number, inputTokens: number): Usage {
  return { model: "m", agentPath: "main", iteration, tools: [], inputTokens, outputTokens: 1, cachedInputTokens: 0, reasoningTokens: 0 };
}

function checkpoint(change: Partial<RunState> = {}, batchUsage?: { usage: Usage; usageRecorded: boolean }): RunState {
  const root = createAgentState({ runId: "r1", agentPath: "main", model: "m", messages: [], toolCallLimit: 10, maxIterations: 10 });
  root.usage.push(usage(1, 100));
  if (batchUsage) root.batch = { iteration: 2, toolsSent: true, calls: [], ...batchUsage } as unknown as NonNullable<typeof root.batch>;
  return { format: RUN_STATE_FORMAT, version: RUN_STATE_VERSION, runId: "r1", agentPath: "main", status: "running", root, savedAt: 1, ...change } as RunState;
}

describe("runStatus and checkpointUsage", () => {
  it("name a stored run's status", () => {
    expect(runStatus(undefined)).toBe("not started");
    expect(runStatus(checkpoint())).toBe("unfinished");
    expect(runStatus(checkpoint({ status: "interrupted" }))).toBe("paused");
    expect(runStatus(checkpoint({ stopReason: "completed" }))).toBe("completed");
  });

  it("count the turn of an open batch whose usage is not recorded yet, once", () => {
    expect(checkpointUsage(checkpoint()).map((record) => record.inputTokens)).toEqual([100]);
    expect(checkpointUsage(checkpoint({}, { usage: usage(2, 50), usageRecorded: false })).map((record) => record.inputTokens)).toEqual([100, 50]);
    expect(checkpointUsage(checkpoint({}, { usage: usage(2, 50), usageRecorded: true })).map((record) => record.inputTokens)).toEqual([100]);
  });
});

describe("interruptibleStorage", () => {
  it("passes everything through until frozen, then drops the run's writes and keeps reading", async () => {
    const storage = createSqliteStorage({ path: join(freshDir(), "runs.db") });
    try {
      const { storage: wrapped, freeze } = interruptibleStorage(storage);
      const claim = { owner: "o1", token: 1, leaseMs: 60_000 };
      expect(await wrapped.claimRun("r1", claim)).toEqual({ claimed: true, token: 1 });
      await wrapped.saveCheckpoint(checkpoint(), claim);
      await wrapped.recordUsage([{ ...usage(1, 100), runId: "r1", recordedAt: 1 }]);
      freeze();
      await wrapped.saveCheckpoint(checkpoint({ stopReason: "aborted" }), claim);
      await wrapped.recordUsage([{ ...usage(2, 7), runId: "r1", recordedAt: 2 }]);
      const entry = { runId: "r1", toolCallId: "c1", toolName: "t", agentPath: "main", attempt: 1, token: 1, startedAt: 1 };
      await wrapped.writeToolJournal([{ ...entry, outcome: { status: "aborted", durationMs: 1 } }], { runId: "r1", owner: "o1", token: 1 });
      expect(await storage.loadToolJournal("r1")).toEqual([]);
      // The storage's one-call write is not used through the wrapper (a run writes the two apart, each dropped), and is dropped itself.
      expect(storage.saveCheckpointWithJournal).toBeDefined();
      expect(checkpointWithJournalOf(wrapped)).toBeUndefined();
      await wrapped.saveCheckpointWithJournal!(checkpoint({ stopReason: "aborted" }), claim, [entry]);
      expect(await storage.loadToolJournal("r1")).toEqual([]);
      // A lease renewal while frozen holds the claim it had.
      expect(await wrapped.claimRun("r1", claim)).toEqual({ claimed: true, token: 1 });
      expect(await wrapped.appendMessages("c1", [{ role: "assistant", parts: [{ type: "text", text: "partial" }] }])).toEqual({ firstSeq: 0, version: 0 });
      expect((await wrapped.loadCheckpoint("r1"))?.stopReason).toBeUndefined();
      expect((await storage.queryUsage({ runId: "r1" })).map((record) => record.inputTokens)).toEqual([100]);
      expect(await storage.loadMessages("c1")).toEqual([]);
    } finally {
      await storage.close();
    }
  });
});

describe("builtinTools", () => {
  it("read files under the root only, and list folders", async () => {
    const root = freshDir();
    mkdirSync(join(root, "notes"));
    writeFileSync(join(root, "notes", "a.txt"), "alpha");
    const tools = builtinTools(root);
    expect(Object.keys(tools)).toEqual(["current_time", "read_file", "list_files"]);
    const context = {} as Parameters<(typeof tools)["read_file"]["execute"]>[1];
    expect(await tools.read_file!.execute({ path: "notes/a.txt" }, context)).toBe("alpha");
    expect(await tools.list_files!.execute({ path: "." }, context)).toEqual(["notes/"]);
    await expect(tools.read_file!.execute({ path: "../etc/passwd" }, context)).rejects.toThrow("../etc/passwd is outside the working directory");
    await expect(tools.read_file!.execute({ path: "/etc/passwd" }, context)).rejects.toThrow("is outside the working directory");
  });
});
