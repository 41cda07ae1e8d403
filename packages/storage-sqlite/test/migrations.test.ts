import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { StorageSchemaError } from "@baton/core";
import { MIGRATIONS, SCHEMA_VERSION, createSqliteStorage, migrate, schemaStatus } from "../src/index.js";
import { withHandle } from "./support/harness.js";

import { expectErrorOf, expectRejectionOf, expectThrownOf, expectFencingAfterMigration, sampleRunState } from "@baton/testing/storage-conformance";
let dir: string;
let file: string;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "baton-sqlite-migrations-"));
  file = join(dir, "baton.db");
});

afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe("MIGRATIONS", () => {
  it("are numbered from 1 without gaps, each with a name and SQL", () => {
    expect(MIGRATIONS.map((migration) => migration.version)).toEqual(MIGRATIONS.map((_, i) => i + 1));
    for (const migration of MIGRATIONS) {
      expect(migration.name).not.toBe("");
      expect(migration.sql).toMatch(/CREATE TABLE/);
    }
    expect(SCHEMA_VERSION).toBe(MIGRATIONS.length);
  });
});

describe("migrate", () => {
  it("applies every version once, records it, and applies nothing the second time", () => {
    const db = new Database(file);
    try {
      expect(schemaStatus(db)).toMatchObject({ applied: [], pending: MIGRATIONS, newer: [], unknown: [], current: false });
      const before = Date.now();
      expect(migrate(db)).toEqual(MIGRATIONS.map((m) => m.version));
      expect(migrate(db)).toEqual([]);
      const rows = db
        .prepare<[], { version: number; name: string; applied_at: number }>("SELECT version, name, applied_at FROM baton_migrations ORDER BY version")
        .all();
      expect(rows.map(({ version, name }) => ({ version, name }))).toEqual(MIGRATIONS.map(({ version, name }) => ({ version, name })));
      for (const row of rows) expect(row.applied_at).toBeGreaterThanOrEqual(before);
      expect(schemaStatus(db)).toMatchObject({ pending: [], newer: [], unknown: [], current: true });
    } finally {
      db.close();
    }
  });

  it("is safe when two handles migrate the same file one after the other", () => {
    const a = new Database(file);
    const b = new Database(file);
    try {
      a.pragma("busy_timeout = 5000");
      b.pragma("busy_timeout = 5000");
      expect(migrate(a)).toEqual(MIGRATIONS.map((m) => m.version));
      expect(migrate(b)).toEqual([]);
    } finally {
      a.close();
      b.close();
    }
  });

  it("applies only the missing versions of a partly migrated database", () => {
    const db = new Database(file);
    try {
      db.exec("CREATE TABLE baton_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at INTEGER NOT NULL)");
      expect(migrate(db)).toEqual(MIGRATIONS.map((m) => m.version));
    } finally {
      db.close();
    }
  });

  it("refuses a database migrated by a newer version", () => {
    const db = new Database(file);
    try {
      migrate(db);
      db.prepare("INSERT INTO baton_migrations (version, name, applied_at) VALUES (?, ?, ?)").run(SCHEMA_VERSION + 1, "from the future", Date.now());
      expectThrownOf(() => migrate(db), StorageSchemaError);
      expect(() => migrate(db)).toThrow(/newer/);
      expect(schemaStatus(db)).toMatchObject({ newer: [SCHEMA_VERSION + 1], unknown: [SCHEMA_VERSION + 1], current: false });
    } finally {
      db.close();
    }
  });
});

/**
 * A file as version 1 left it (before fencing tokens and the journal): migration 1
 * only, with a run `r1` held by `w1` and its checkpoint.
 */
function writeVersion1File(): void {
  withHandle(
    file,
    (db) => {
      const [first] = MIGRATIONS;
      db.exec("CREATE TABLE baton_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at INTEGER NOT NULL)");
      db.exec(first!.sql);
      db.prepare("INSERT INTO baton_migrations (version, name, applied_at) VALUES (1, ?, ?)").run(first!.name, Date.now());
      db.prepare("INSERT INTO baton_runs (run_id, owner, lease_until, finished, updated_at) VALUES ('r1', 'w1', 60000, 0, 0)").run();
      db.prepare("INSERT INTO baton_checkpoints (run_id, agent_path, data) VALUES ('r1', 'main', ?)").run(JSON.stringify(sampleRunState("r1")));
    },
    true,
  );
}

describe("version 2: fencing tokens and the tool-call journal", () => {
  it("adds the runs' token column (1 for existing runs) and the journal table", () => {
    expect(MIGRATIONS[1]).toMatchObject({ version: 2, name: "fencing tokens and the tool-call journal" });
    writeVersion1File();
    withHandle(file, (db) => {
      expect(schemaStatus(db)).toMatchObject({ pending: [MIGRATIONS[1]], current: false });
      expect(migrate(db)).toEqual([2]);
      expect(db.prepare("SELECT run_id, owner, token FROM baton_runs").all()).toEqual([{ run_id: "r1", owner: "w1", token: 1 }]);
      const columns = db.prepare<[], { name: string; notnull: number; pk: number }>("PRAGMA table_info(baton_tool_calls)").all();
      expect(columns.map(({ name, notnull, pk }) => [name, notnull, pk])).toEqual([
        ["run_id", 1, 1],
        ["tool_call_id", 1, 2],
        ["position", 1, 0],
        ["data", 1, 0],
      ]);
    });
  });

  it("migrates a version-1 file on creation: its run's holder goes on with token 1, a takeover gets token 2", async () => {
    writeVersion1File();
    const storage = createSqliteStorage({ path: file });
    try {
      await expectFencingAfterMigration(storage);
    } finally {
      await storage.close();
    }
  });

  it("with migrate: false, rejects a version-1 file on first use, naming the CLI command, until it is migrated", async () => {
    writeVersion1File();
    const storage = createSqliteStorage({ path: file, migrate: false });
    try {
      const error = (await expectRejectionOf(storage.loadToolJournal("r1"), StorageSchemaError)) as StorageSchemaError;
      expect(error.message).toContain("lacks schema version 2");
      expect(error.message).toContain(`baton-storage-sqlite migrate ${file}`);
      expect(withHandle(file, (db) => schemaStatus(db).applied.map((row) => row.version))).toEqual([1]);
      withHandle(file, (db) => migrate(db));
      expect(await storage.loadToolJournal("r1")).toEqual([]);
    } finally {
      await storage.close();
    }
  });
});

describe("createSqliteStorage and the schema", () => {
  it("migrates by default", async () => {
    const storage = createSqliteStorage({ path: file });
    await storage.appendMessages("c1", [{ role: "user", parts: [{ type: "text", text: "hi" }] }]);
    await storage.close();
    expect(withHandle(file, (db) => schemaStatus(db).current)).toBe(true);
  });

  it("with migrate: false, rejects on first use of an unmigrated file, naming the CLI command", async () => {
    const storage = createSqliteStorage({ path: file, migrate: false });
    const error = await storage.loadMessages("c1").then(
      () => undefined,
      (caught: unknown) => caught,
    );
    expectErrorOf(error, StorageSchemaError);
    expect((error as Error).message).toContain(`baton-storage-sqlite migrate ${file}`);
    await expectRejectionOf(storage.appendMessages("c1", []), StorageSchemaError);
    // Once migrated (by the CLI, another process…), the same storage works.
    withHandle(file, (db) => migrate(db), true);
    expect(await storage.loadMessages("c1")).toEqual([]);
    await storage.close();
  });

  it("with migrate: false, works on a migrated file and changes nothing in its schema", async () => {
    withHandle(file, (db) => migrate(db), true);
    const storage = createSqliteStorage({ path: file, migrate: false });
    expect(await storage.saveSessionState("k", { a: 1 })).toBe(1);
    await storage.close();
    expect(withHandle(file, (db) => schemaStatus(db).applied.length)).toBe(MIGRATIONS.length);
  });

  it("refuses a database migrated by a newer version: at creation, or on first use with migrate: false", async () => {
    withHandle(
      file,
      (db) => {
        migrate(db);
        db.prepare("INSERT INTO baton_migrations (version, name, applied_at) VALUES (?, ?, ?)").run(SCHEMA_VERSION + 5, "future", Date.now());
      },
      true,
    );
    expectThrownOf(() => createSqliteStorage({ path: file }), StorageSchemaError);
    const storage = createSqliteStorage({ path: file, migrate: false });
    await expect(storage.loadSessionState("k")).rejects.toThrow(/newer than this @baton\/storage-sqlite knows/);
    await storage.close();
  });
});
