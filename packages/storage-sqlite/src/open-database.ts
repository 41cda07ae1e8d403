import Database from "better-sqlite3";
import { StorageError } from "@baton/core";
import { isRetryableSqliteError } from "./errors.js";

/** `busy_timeout` when none is given: how long a write waits for another connection's lock. */
export const DEFAULT_BUSY_TIMEOUT_MS = 5000;

/** Options of {@link openDatabase}. */
export interface OpenDatabaseOptions {
  /** Milliseconds a statement waits for a lock held by another connection. */
  readonly busyTimeoutMs?: number;
  /** Fail when the file does not exist instead of creating it. */
  readonly fileMustExist?: boolean;
  /** Switch the file to WAL (default `true`; `false` leaves its journal mode as it is). */
  readonly wal?: boolean;
}

/**
 * Opens a SQLite file (or `":memory:"`) the way this package uses it: WAL journal (readers
 * never block the writer; with better-sqlite3's build, `synchronous` is then NORMAL),
 * `busy_timeout`, and `foreign_keys` on.
 * @throws StorageError when the file cannot be opened (missing directory, not a database, …):
 * not retryable, except when another connection held a lock ("database is locked",
 * `SQLITE_BUSY`), see {@link isRetryableSqliteError}. `details.code` is the SQLite code.
 */
export function openDatabase(path: string, options: OpenDatabaseOptions = {}): Database.Database {
  let db: Database.Database | undefined;
  try {
    db = new Database(path, { fileMustExist: options.fileMustExist ?? false });
    db.pragma(`busy_timeout = ${Math.max(0, Math.floor(options.busyTimeoutMs ?? DEFAULT_BUSY_TIMEOUT_MS))}`);
    if (options.wal ?? true) db.pragma("journal_mode = WAL");
    db.pragma("foreign_keys = ON");
    return db;
  } catch (error) {
    db?.close();
    const code = error instanceof Database.SqliteError ? error.code : undefined;
    throw new StorageError(`Cannot open the SQLite database ${path}: ${(error as Error).message}${code === undefined ? "" : ` (${code})`}`, {
      cause: error,
      retryable: isRetryableSqliteError(error),
      details: { path, ...(code === undefined ? {} : { code }) },
    });
  }
}
