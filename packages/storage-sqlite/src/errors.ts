import Database from "better-sqlite3";
import { BatonError, StorageError } from "@baton/core";

/**
 * What a failed operation throws: Baton's own errors (corruption, conflicts, lost
 * claims, schema) as they are; SQLite's errors as a `StorageError` with the SQLite
 * code in `details.code` (retryable when the database was busy or locked).
 */
export function storageErrorOf(error: unknown, operation: string): unknown {
  if (error instanceof BatonError) return error;
  if (error instanceof Database.SqliteError) {
    const busy = error.code.startsWith("SQLITE_BUSY") || error.code.startsWith("SQLITE_LOCKED");
    return new StorageError(`SQLite ${operation} failed: ${error.message} (${error.code})`, { cause: error, retryable: busy, details: { code: error.code } });
  }
  return error;
}
