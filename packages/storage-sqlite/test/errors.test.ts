import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { StorageError } from "@baton/core";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { isRetryableSqliteError, storageErrorOf } from "../src/errors.js";
import { createSqliteStorage } from "../src/index.js";

import { expectErrorOf, expectThrownOf } from "@baton/testing/storage-conformance";
let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "baton-sqlite-errors-"));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

/** The error `action` throws on a fresh database in the temp directory. */
function thrownBy(action: (db: Database.Database) => void, options: Database.Options = {}): unknown {
  const file = join(dir, "raw.db");
  const setup = new Database(file);
  setup.exec("CREATE TABLE IF NOT EXISTS t (id INTEGER PRIMARY KEY, name TEXT UNIQUE NOT NULL)");
  setup.close();
  const db = new Database(file, options);
  try {
    action(db);
    return undefined;
  } catch (error) {
    return error;
  } finally {
    db.close();
  }
}

describe("opening a database", () => {
  it("'database is locked' (SQLITE_BUSY) at open is a retryable StorageError", () => {
    const file = join(dir, "locked.db");
    const blocker = new Database(file);
    blocker.exec("CREATE TABLE t (x)");
    blocker.exec("BEGIN EXCLUSIVE");
    blocker.exec("INSERT INTO t VALUES (1)");
    try {
      // Switching the file to WAL needs the lock the other connection holds.
      const error = (() => {
        try {
          createSqliteStorage({ path: file, busyTimeoutMs: 0 });
          return undefined;
        } catch (caught) {
          return caught;
        }
      })();
      expectErrorOf(error, StorageError);
      expect((error as Error).message).toContain("database is locked");
      expect(error).toMatchObject({ retryable: true, details: { code: "SQLITE_BUSY", path: file } });
    } finally {
      blocker.exec("ROLLBACK");
      blocker.close();
    }
  });

  it("a file that is not a database is a non-retryable StorageError (SQLITE_NOTADB)", () => {
    const file = join(dir, "garbage.db");
    writeFileSync(file, "this is not a SQLite database, just some text that is long enough to have a header".repeat(20));
    expectThrownOf(() => createSqliteStorage({ path: file }), StorageError);
    try {
      createSqliteStorage({ path: file });
    } catch (error) {
      expect(error).toMatchObject({ retryable: false, details: { code: "SQLITE_NOTADB" } });
    }
  });

  it("a missing directory is a non-retryable StorageError", () => {
    try {
      createSqliteStorage({ path: join(dir, "no", "such", "dir.db") });
      expect.unreachable();
    } catch (error) {
      expectErrorOf(error, StorageError);
      expect(error).toMatchObject({ retryable: false });
    }
  });
});

describe("isRetryableSqliteError", () => {
  it("retries a write blocked by another connection's lock (SQLITE_BUSY), also through storageErrorOf", () => {
    const file = join(dir, "busy.db");
    const blocker = new Database(file);
    blocker.exec("CREATE TABLE t (x)");
    blocker.exec("BEGIN IMMEDIATE");
    try {
      const other = new Database(file);
      other.pragma("busy_timeout = 0");
      let error: unknown;
      try {
        other.exec("INSERT INTO t VALUES (1)");
      } catch (caught) {
        error = caught;
      } finally {
        other.close();
      }
      expect((error as { code?: string }).code).toBe("SQLITE_BUSY");
      expect(isRetryableSqliteError(error)).toBe(true);
      expect(storageErrorOf(error, "writing")).toMatchObject({ retryable: true, details: { code: "SQLITE_BUSY" } });
    } finally {
      blocker.exec("ROLLBACK");
      blocker.close();
    }
  });

  it.each<[string, (db: Database.Database) => void]>([
    ["SQLITE_CONSTRAINT_UNIQUE", (db) => db.exec("INSERT INTO t (name) VALUES ('a'), ('a')")],
    ["SQLITE_CONSTRAINT_NOTNULL", (db) => db.exec("INSERT INTO t (name) VALUES (NULL)")],
    ["SQLITE_MISMATCH", (db) => db.exec("INSERT INTO t (id, name) VALUES ('not an integer', 'b')")],
    ["SQLITE_ERROR", (db) => db.exec("SELECT * FROM no_such_table")],
    ["SQLITE_READONLY", (db) => db.exec("INSERT INTO t (name) VALUES ('c')")],
  ])("does not retry %s (a real driver error)", (code, action) => {
    const error = thrownBy(action, code === "SQLITE_READONLY" ? { readonly: true } : {});
    expect(error).toBeInstanceOf(Database.SqliteError);
    expect((error as { code: string }).code).toBe(code);
    expect(isRetryableSqliteError(error)).toBe(false);
    expect(storageErrorOf(error, "testing")).toMatchObject({ retryable: false, details: { code } });
  });

  it.each(["SQLITE_BUSY_SNAPSHOT", "SQLITE_BUSY_RECOVERY", "SQLITE_LOCKED", "SQLITE_LOCKED_SHAREDCACHE", "SQLITE_PROTOCOL", "SQLITE_FULL", "SQLITE_NOMEM"])(
    "retries %s",
    (code) => {
      expect(isRetryableSqliteError(new Database.SqliteError("simulated", code))).toBe(true);
    },
  );

  it.each([
    "SQLITE_CORRUPT",
    "SQLITE_NOTADB",
    "SQLITE_CANTOPEN",
    "SQLITE_IOERR_WRITE",
    "SQLITE_PERM",
    "SQLITE_TOOBIG",
    "SQLITE_RANGE",
    "SQLITE_BUSYISH_NOT_A_CODE",
  ])("does not retry %s", (code) => {
    expect(isRetryableSqliteError(new Database.SqliteError("simulated", code))).toBe(false);
  });

  it("does not retry what is not a SQLite error", () => {
    expect(isRetryableSqliteError(new TypeError("bad argument"))).toBe(false);
    expect(isRetryableSqliteError(Object.assign(new Error("locked"), { code: "SQLITE_BUSY" }))).toBe(false);
  });
});
