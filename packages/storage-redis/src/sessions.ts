import { StorageConflictError, StorageCorruptionError, type SaveSessionStateOptions, type VersionedValue } from "@baton/core";
import { parseStoredJson, RECORD_NAMES } from "@baton/core/storage-kit";
import { isObject, type RedisContext } from "./context.js";

/** Saves session state in one script: version check, write, activity index. */
export async function saveSessionState(ctx: RedisContext, key: string, value: unknown, options: SaveSessionStateOptions = {}): Promise<number> {
  const now = Date.now();
  const expected = options.expectedVersion;
  const valueJson = JSON.stringify(value);
  if (valueJson === undefined) throw new TypeError(`Session "${key}": the value is not JSON-safe (${typeof value}).`);
  // Spliced as text so the value keeps its exact JSON (key order, number digits).
  const record = `{"value":${valueJson},"updatedAt":${now}}`;
  const [saved, version] = await ctx.client.batonSaveSession(
    2,
    ctx.keys.session(key),
    ctx.keys.sessionsByTime,
    key,
    String(now),
    expected === undefined ? "" : String(expected),
    record,
  );
  if (saved !== 1) throw new StorageConflictError(`session "${key}"`, expected ?? version, version);
  return version;
}

/** The session state under `key`, validated; undefined when none. */
export async function loadSessionState(ctx: RedisContext, key: string): Promise<VersionedValue | undefined> {
  const [versionText, text] = await ctx.client.hmget(ctx.keys.session(key), "version", "record");
  if (versionText === null && text === null) return undefined;
  const record = RECORD_NAMES.session(key);
  const version = Number(versionText);
  if (versionText === null || !Number.isInteger(version) || version < 1)
    throw new StorageCorruptionError(record, `version ${JSON.stringify(versionText)} is not a positive integer`);
  const stored = parseStoredJson(text, record);
  if (!isObject(stored)) throw new StorageCorruptionError(record, "the record is not an object");
  if (!("value" in stored)) throw new StorageCorruptionError(record, `field "value" is missing`);
  const updatedAt = stored.updatedAt;
  if (typeof updatedAt !== "number" || !Number.isFinite(updatedAt))
    throw new StorageCorruptionError(record, `field "updatedAt" is ${updatedAt === undefined ? "missing" : "not a finite number"}`);
  return { value: stored.value, version, updatedAt };
}
