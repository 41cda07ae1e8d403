import { StorageConflictError, type SaveSessionStateOptions, type VersionedValue } from "@baton/core";
import { readSessionValue } from "@baton/core/storage-kit";
import type { PostgresContext } from "./database.js";

/** The state saved under `key`, with its version. */
export async function loadSessionState({ db, sql }: PostgresContext, key: string): Promise<VersionedValue | undefined> {
  const [row] = await db.rows<{ value: string; version: number; updated_at: number }>(sql.loadSession, [key], "loading session state");
  if (!row) return undefined;
  return { value: readSessionValue(key, row.value), version: row.version, updatedAt: row.updated_at };
}

/**
 * Saves session state in one statement: an upsert without `expectedVersion`, an
 * insert that does nothing on an existing key for `0`, else an update guarded by the
 * version (row-locked, so concurrent saves at one version have one winner).
 */
export async function saveSessionState({ db, sql }: PostgresContext, key: string, value: unknown, options: SaveSessionStateOptions = {}): Promise<number> {
  const expected = options.expectedVersion;
  const values: unknown[] = [key, JSON.stringify(value) ?? "null", Date.now()];
  const query = expected === undefined ? sql.saveSessionAny : expected === 0 ? sql.saveSessionNew : sql.saveSessionAtVersion;
  if (expected !== undefined && expected !== 0) values.push(expected);
  const [row] = await db.rows<{ version: number }>(query, values, "saving session state");
  if (row) return row.version;
  const [current] = await db.rows<{ version: number }>(sql.sessionVersion, [key], "saving session state");
  throw new StorageConflictError(`session "${key}"`, expected ?? 0, current?.version ?? 0);
}
