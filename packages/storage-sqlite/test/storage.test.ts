import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { join } from "node:path";
import Database from "better-sqlite3";
import {
  RUN_STATE_FORMAT,
  RUN_STATE_VERSION,
  RunClaimLostError,
  StorageConflictError,
  StorageCorruptionError,
  StorageError,
  createAgentState,
  type NewConversationMessage,
  type RunCheckpoint,
} from "@baton/core";
import { createSqliteStorage, migrate } from "../src/index.js";
import { expectErrorOf, expectRejectionOf, sampleJournalEntry, sampleRunState, expectThrownOf } from "@baton/testing/storage-conformance";
import { createHarness, withHandle, type SqliteHarness } from "./support/harness.js";

const text = (value: string): NewConversationMessage => ({ role: "user", parts: [{ type: "text", text: value }] });

let harness: SqliteHarness;

beforeEach(async () => {
  harness = await createHarness();
});

afterEach(async () => {
  await harness.close();
});

describe("createSqliteStorage options", () => {
  it("opens the file in WAL mode with the busy timeout and foreign keys", async () => {
    const storage = createSqliteStorage({ path: harness.file, busyTimeoutMs: 1234 });
    expect(storage.database.pragma("journal_mode", { simple: true })).toBe("wal");
    expect(storage.database.pragma("busy_timeout", { simple: true })).toBe(1234);
    expect(storage.database.pragma("foreign_keys", { simple: true })).toBe(1);
    await storage.close();
    expect(storage.database.open).toBe(false);
    const defaults = createSqliteStorage({ path: harness.file });
    expect(defaults.database.pragma("busy_timeout", { simple: true })).toBe(5000);
    await defaults.close();
  });

  it("uses a database you pass and does not close it", async () => {
    const db = new Database(harness.file);
    const storage = createSqliteStorage({ database: db });
    expect(storage.database).toBe(db);
    await storage.appendMessages("c1", [text("mine")]);
    await storage.close();
    expect(db.open).toBe(true);
    expect(db.prepare("SELECT count(*) AS n FROM baton_messages").get()).toEqual({ n: 1 });
    db.close();
  });

  it("works in memory", async () => {
    const storage = createSqliteStorage({ path: ":memory:" });
    expect(await storage.appendMessages("c1", [text("a"), text("b")])).toEqual({ firstSeq: 1, version: 2 });
    expect((await storage.loadMessages("c1")).map((m) => m.seq)).toEqual([1, 2]);
    await storage.close();
  });

  it("throws a StorageError when the file cannot be opened", () => {
    expectThrownOf(() => createSqliteStorage({ path: join(harness.file, "no", "such", "dir.db") }), StorageError);
  });

  it("rejects calls after close with a StorageError; closing twice is fine", async () => {
    const storage = await harness.openAnother();
    await storage.close();
    await storage.close();
    await expect(storage.loadMessages("c1")).rejects.toThrow(/closed/);
    await expectRejectionOf(storage.loadMessages("c1"), StorageError);
  });

  it("turns SQLite errors into StorageErrors with the SQLite code", async () => {
    const blocker = new Database(harness.file);
    const storage = createSqliteStorage({ path: harness.file, busyTimeoutMs: 0 });
    blocker.exec("BEGIN IMMEDIATE");
    try {
      const error = await storage.appendMessages("c1", [text("x")]).then(
        () => undefined,
        (caught: unknown) => caught,
      );
      expectErrorOf(error, StorageError);
      expect((error as StorageError).details).toMatchObject({ code: "SQLITE_BUSY" });
      expect((error as StorageError).retryable).toBe(true);
    } finally {
      blocker.exec("ROLLBACK");
      blocker.close();
      await storage.close();
    }
  });

  it("refuses session state that is not JSON", async () => {
    await expectRejectionOf(harness.storage.saveSessionState("k", undefined), StorageError);
  });
});

describe("SQLite specifics", () => {
  it("stores parts and values as JSON text, with numbers and key order as written", async () => {
    const parts = [{ type: "text" as const, text: "π", tokens: { reasoning: 0, output: 0.1 + 0.2 } }];
    await harness.storage.appendMessages("c1", [{ role: "assistant", parts, runId: "r1" }]);
    await harness.storage.saveSessionState("s", { z: 1, a: [1e-7, 2 ** 53 - 1] });
    const [loaded] = await harness.storage.loadMessages("c1");
    expect(JSON.stringify(loaded?.parts)).toBe(JSON.stringify(parts));
    expect(loaded).not.toHaveProperty("agentPath");
    expect(loaded).not.toHaveProperty("userId");
    expect(JSON.stringify((await harness.storage.loadSessionState("s"))?.value)).toBe('{"z":1,"a":[1e-7,9007199254740991]}');
    const dump = await harness.dump();
    expect(dump).toContain('"parts":"[{\\"type\\":\\"text\\",\\"text\\":\\"π\\",\\"tokens\\":{\\"reasoning\\":0,\\"output\\":0.30000000000000004}}]"');
  });

  it("two storages on one file: appends interleave without gaps, one claimer wins", async () => {
    const other = await harness.openAnother();
    const appends = Array.from({ length: 20 }, (_, i) => (i % 2 === 0 ? harness.storage : other).appendMessages("c1", [text(`${i}a`), text(`${i}b`)]));
    const results = await Promise.all(appends);
    expect(results.map((r) => r.firstSeq).sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => 2 * i + 1));
    const messages = await other.loadMessages("c1");
    expect(messages.map((m) => m.seq)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
    for (let i = 0; i < 40; i += 2)
      expect((messages[i]?.parts[0] as { text: string }).text.replace("a", "b")).toBe((messages[i + 1]?.parts[0] as { text: string }).text);

    const claims = await Promise.all(
      ["w1", "w2", "w3", "w4"].map((owner, i) => (i % 2 === 0 ? harness.storage : other).claimRun("r1", { owner, leaseMs: 60_000 })),
    );
    expect(claims.filter((claim) => claim.claimed)).toHaveLength(1);
  });

  it("checks versions and claims atomically across storages", async () => {
    const other = await harness.openAnother();
    await harness.storage.appendMessages("c1", [text("a")], { expectedVersion: 0 });
    await expectRejectionOf(other.appendMessages("c1", [text("b")], { expectedVersion: 0 }), StorageConflictError);
    await harness.storage.claimRun("r1", { owner: "w1", leaseMs: 10, now: 1000 });
    await other.claimRun("r1", { owner: "w2", leaseMs: 10, now: 2000 });
    const lost = harness.storage.saveCheckpoint(
      {
        format: RUN_STATE_FORMAT,
        version: RUN_STATE_VERSION,
        runId: "r1",
        agentPath: "main",
        status: "running",
        root: createAgentState({ runId: "r1", agentPath: "main", model: "m", messages: [], toolCallLimit: 25, maxIterations: 10 }),
        savedAt: 0,
      },
      { owner: "w1", token: 1, leaseMs: 10, now: 2001 },
    );
    await expectRejectionOf(lost, RunClaimLostError);
    await expect(lost).rejects.toMatchObject({ heldBy: "w2" });
  });

  it("keeps one checkpoint row per run; of an earlier release's rows per agent, reads the root's and a save drops the rest", async () => {
    const state = (agentPath: string, iteration: number): RunCheckpoint => sampleRunState("r1", { agentPath, savedAt: iteration, root: { iteration } });

    const rows = () =>
      withHandle(harness.file, (db) =>
        db.prepare<[], { agent_path: string }>("SELECT agent_path FROM baton_checkpoints WHERE run_id = 'r1' ORDER BY agent_path").all(),
      );
    await harness.storage.claimRun("r1", { owner: "w1", leaseMs: 60_000, now: 0 });
    await harness.storage.saveCheckpoint(state("main", 1), { owner: "w1", token: 1, leaseMs: 60_000, now: 0 });
    // What an earlier release left: a row for a nested agent too.
    withHandle(harness.file, (db) =>
      db
        .prepare("INSERT INTO baton_checkpoints (run_id, agent_path, data) VALUES ('r1', ?, ?)")
        .run("main/researcher#1", JSON.stringify(state("main/researcher#1", 7))),
    );
    expect(await harness.storage.loadCheckpoint("r1")).toEqual(state("main", 1));
    expect(await harness.storage.claimRun("r1", { owner: "w1", leaseMs: 60_000, now: 1 })).toEqual({ claimed: true, token: 1, checkpoint: state("main", 1) });
    await harness.storage.saveCheckpoint(state("main", 2), { owner: "w1", token: 1, leaseMs: 60_000, now: 2 });
    expect(rows()).toEqual([{ agent_path: "main" }]);
    await harness.storage.saveCheckpoint(state("triage", 3), { owner: "w1", token: 1, leaseMs: 60_000, now: 3 });
    expect(rows()).toEqual([{ agent_path: "triage" }]);
    expect(await harness.storage.loadCheckpoint("r1")).toEqual(state("triage", 3));
  });

  it("names corrupt rows; a corrupt message rejects the whole load", async () => {
    await harness.storage.appendMessages("c1", [text("a"), text("b")]);
    await harness.corrupt({ kind: "message", conversationId: "c1", seq: 2 }, "not-json");
    await expect(harness.storage.loadMessages("c1")).rejects.toMatchObject({ record: 'conversation "c1" message 2' });
    expect(await harness.storage.loadMessages("c1", { throughSeq: 1 })).toHaveLength(1);
    await harness.corrupt({ kind: "message", conversationId: "c1", seq: 1 }, "wrong-shape");
    await expectRejectionOf(harness.storage.loadMessages("c1", { throughSeq: 1 }), StorageCorruptionError);
  });

  it("prunes a conversation's messages and summary, and a run's checkpoints", async () => {
    await harness.storage.appendMessages("c1", [text("a")]);
    await harness.storage.saveSummary("c1", { text: "s", throughSeq: 1 });
    await harness.storage.saveSummary("orphan", { text: "s", throughSeq: 0 });
    expect(await harness.storage.prune("conversations", Date.now() + 1)).toBe(2);
    expect(await harness.storage.loadSummary("c1")).toBeUndefined();
    expect(await harness.dump()).not.toContain('"text\\":\\"a\\"');
  });

  it("prunes a run's journal with the run, also on a database you opened without foreign_keys", async () => {
    const db = new Database(harness.file);
    db.pragma("foreign_keys = OFF");
    const storage = createSqliteStorage({ database: db });
    try {
      await storage.claimRun("r1", { owner: "w1", leaseMs: 60_000, now: 0 });
      await storage.writeToolJournal([sampleJournalEntry("r1", "call-1"), sampleJournalEntry("r1", "call-2")], { runId: "r1", owner: "w1", token: 1 });
      expect(await storage.prune("runs", 1)).toBe(1);
      expect(db.prepare("SELECT count(*) AS n FROM baton_tool_calls").get()).toEqual({ n: 0 });
    } finally {
      await storage.close();
      db.close();
    }
  });

  it("migrates a database passed in", async () => {
    const db = new Database(":memory:");
    createSqliteStorage({ database: db });
    expect(migrate(db)).toEqual([]);
    db.close();
  });
});
