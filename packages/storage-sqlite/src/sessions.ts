import type { Database } from "better-sqlite3";
import { StorageConflictError, StorageCorruptionError, StorageError, type VersionedValue } from "@baton/core";
import { RECORD_NAMES, readSessionValue } from "@baton/core/storage-kit";

/** A row of `baton_sessions`. */
interface SessionRow {
  readonly value: unknown;
  readonly version: unknown;
  readonly updated_at: unknown;
}

/** Session state over SQLite, synchronously (the storage wraps it in promises). */
export interface SqliteSessions {
  load(key: string): VersionedValue | undefined;
  save(key: string, value: unknown, expectedVersion: number | undefined): number;
}

function wholeNumber(value: unknown): value is number {
  return typeof value === "number" && Number.isSafeInteger(value);
}

/**
 * Prepares the session statements once. A save reads the version and writes the next
 * one in one `BEGIN IMMEDIATE` transaction, so `expectedVersion` checks hold across
 * processes.
 */
export function sqliteSessions(db: Database): SqliteSessions {
  const select = db.prepare<[string], SessionRow>("SELECT value, version, updated_at FROM baton_sessions WHERE key = ?");
  const selectVersion = db.prepare<[string], { version: number }>("SELECT version FROM baton_sessions WHERE key = ?");
  const upsert = db.prepare(
    "INSERT INTO baton_sessions (key, value, version, updated_at) VALUES (?, ?, ?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value, version = excluded.version, updated_at = excluded.updated_at",
  );

  const save = db.transaction((key: string, text: string, expectedVersion: number | undefined): number => {
    const current = selectVersion.get(key)?.version ?? 0;
    if (expectedVersion !== undefined && expectedVersion !== current) throw new StorageConflictError(`session "${key}"`, expectedVersion, current);
    const next = current + 1;
    upsert.run(key, text, next, Date.now());
    return next;
  });

  return {
    load: (key) => {
      const row = select.get(key);
      if (row === undefined) return undefined;
      const record = RECORD_NAMES.session(key);
      const value = readSessionValue(key, row.value);
      if (!wholeNumber(row.version) || row.version < 1) throw new StorageCorruptionError(record, `version is not a positive integer`);
      if (!wholeNumber(row.updated_at)) throw new StorageCorruptionError(record, `updated_at is not a time`);
      return { value, version: row.version, updatedAt: row.updated_at };
    },
    save: (key, value, expectedVersion) => {
      const text = JSON.stringify(value) as string | undefined;
      if (text === undefined) throw new StorageError(`Session state "${key}" is not JSON-safe (${typeof value}).`, { retryable: false });
      return save.immediate(key, text, expectedVersion);
    },
  };
}
