import Database from "better-sqlite3";
import { isBatonError, StorageError } from "@baton/core";

/** Primary result codes (the part of an extended code before the first `_` after `SQLITE_`) of transient failures. */
const RETRYABLE_CODES = new Set(["SQLITE_BUSY", "SQLITE_LOCKED", "SQLITE_PROTOCOL", "SQLITE_FULL", "SQLITE_NOMEM"]);

/**
 * Whether a SQLite failure, by its result code (better-sqlite3's `error.code`, e.g.
 * `SQLITE_BUSY_SNAPSHOT`), may succeed when tried again. The rule:
 *
 * - **Retryable**: another connection held a lock — `SQLITE_BUSY*` ("database is
 *   locked", also when opening the file or switching it to WAL) and `SQLITE_LOCKED*` —,
 *   `SQLITE_PROTOCOL` (a WAL lock race), and a lack of resources: `SQLITE_FULL` (disk
 *   full), `SQLITE_NOMEM`.
 * - **Not retryable**: every other code — `SQLITE_CONSTRAINT*`, `SQLITE_MISMATCH`,
 *   `SQLITE_TOOBIG`, `SQLITE_RANGE` (bad input), `SQLITE_CORRUPT`, `SQLITE_NOTADB`,
 *   `SQLITE_CANTOPEN`, `SQLITE_READONLY*`, `SQLITE_PERM`, `SQLITE_IOERR*` (the file,
 *   its directory or the disk need attention), `SQLITE_ERROR` (an SQL error) — and
 *   anything that is not a SQLite error.
 */
export function isRetryableSqliteError(error: unknown): boolean {
  if (!(error instanceof Database.SqliteError) || typeof error.code !== "string") return false;
  const primary = /^SQLITE_[A-Z]+/.exec(error.code)?.[0];
  return primary !== undefined && RETRYABLE_CODES.has(primary);
}

/**
 * What a failed operation throws: Baton's own errors (corruption, conflicts, lost
 * claims, schema) as they are; SQLite's errors as a `StorageError` with the SQLite
 * code in `details.code`, retryable as {@link isRetryableSqliteError} says.
 */
export function storageErrorOf(error: unknown, operation: string): unknown {
  if (isBatonError(error)) return error;
  if (error instanceof Database.SqliteError) {
    return new StorageError(`SQLite ${operation} failed: ${error.message} (${error.code})`, {
      cause: error,
      retryable: isRetryableSqliteError(error),
      details: { code: error.code },
    });
  }
  return error;
}
