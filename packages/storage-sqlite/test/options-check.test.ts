import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { afterAll, describe, expect, it } from "vitest";
import { expectUnknownOptionRejected, optionsError } from "@baton/testing";
import { createSqliteStorage, SQLITE_STORAGE_OPTION_RULES, type SqliteStorageOptions } from "../src/index.js";

const ACCEPTED = ["path", "database", "migrate", "busyTimeoutMs"];
const dir = mkdtempSync(join(tmpdir(), "baton-sqlite-options-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const bad = (options: unknown): SqliteStorageOptions => options as SqliteStorageOptions;

describe("createSqliteStorage checks its options", () => {
  it("lists every key of SqliteStorageOptions as accepted", () => {
    expect(Object.keys(SQLITE_STORAGE_OPTION_RULES)).toEqual(ACCEPTED);
  });

  it("rejects an unknown key before opening anything", async () => {
    const file = join(dir, "never.db");
    await expectUnknownOptionRejected("createSqliteStorage", "filename", ACCEPTED, () => createSqliteStorage(bad({ filename: file })));
    await expectUnknownOptionRejected("createSqliteStorage", "wal", ACCEPTED, () => createSqliteStorage(bad({ path: file, wal: false })));
    expect(() => new Database(file, { fileMustExist: true })).toThrow();
  });

  it("rejects a value of the wrong type", async () => {
    const error = await optionsError(() => createSqliteStorage(bad({ path: join(dir, "x.db"), migrate: "yes" })));
    expect(error.message).toBe(
      'createSqliteStorage(): option "migrate" must be a boolean, got "yes". Accepted options: path, database, migrate, busyTimeoutMs.',
    );
    expect((await optionsError(() => createSqliteStorage(bad({ path: join(dir, "x.db"), busyTimeoutMs: -5 })))).message).toContain(
      'option "busyTimeoutMs" must be a non-negative integer, got -5',
    );
    expect((await optionsError(() => createSqliteStorage(bad({ database: "baton.db" })))).message).toContain(
      'option "database" must be a better-sqlite3 Database',
    );
    expect((await optionsError(() => createSqliteStorage(bad({ path: 1 })))).message).toContain('option "path" must be a string, got 1');
  });

  it("needs exactly one of path and database", async () => {
    const none = await optionsError(() => createSqliteStorage(bad({ migrate: true })));
    expect(none.message).toBe(
      'createSqliteStorage(): pass exactly one of "path" (a file to open) and "database" (a better-sqlite3 Database you opened). Accepted options: path, database, migrate, busyTimeoutMs.',
    );
    expect((await optionsError(() => createSqliteStorage(bad(undefined)))).message).toContain('pass exactly one of "path"');
    const db = new Database(":memory:");
    try {
      expect((await optionsError(() => createSqliteStorage(bad({ path: join(dir, "y.db"), database: db })))).message).toContain('pass exactly one of "path"');
    } finally {
      db.close();
    }
  });

  it("accepts valid options", async () => {
    const storage = createSqliteStorage({ path: join(dir, "ok.db"), migrate: true, busyTimeoutMs: 100 });
    await storage.close();
    const db = new Database(":memory:");
    try {
      const mine = createSqliteStorage({ database: db, busyTimeoutMs: 0 });
      expect(mine.database).toBe(db);
      await mine.close();
    } finally {
      db.close();
    }
  });
});
