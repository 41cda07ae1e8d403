import { randomUUID } from "node:crypto";
import type { Storage } from "@baton/core";
import type { CorruptionTarget, Garbage, StorageHarness } from "@baton/testing/storage-conformance";
import { Redis } from "ioredis";
import { describeWithService, redisUnreachableReason } from "@baton/testing/services";
import { afterAll, afterEach, beforeEach } from "vitest";
import { createRedisStorage, type RedisStorage } from "../../src/index.js";
import { keyLayout } from "../../src/keys.js";

/** The Redis the tests use (`REDIS_URL`, default the local one). */
export const REDIS_URL = process.env.BATON_TEST_REDIS_URL ?? "redis://127.0.0.1:6379";

/** A client for the tests' own direct reads and writes (fails fast when Redis is down). */
export function directClient(): Redis {
  const client = new Redis(REDIS_URL, { connectTimeout: 2_000, maxRetriesPerRequest: 1, lazyConnect: true });
  client.on("error", () => undefined);
  return client;
}

const reason = await redisUnreachableReason(REDIS_URL);

/**
 * `describe` when Redis is up. When it is down: under CI, a suite that fails loudly;
 * otherwise a skipped suite with the reason printed.
 */
export function describeWithRedis(name: string, body: () => void): void {
  describeWithService(name, reason, body);
}

/** A fresh key prefix no other test uses. */
export function uniquePrefix(): string {
  return `baton-test:${randomUUID()}:`;
}

/** Every key under `prefix` (SCAN, never KEYS). */
export async function keysUnder(client: Redis, prefix: string): Promise<string[]> {
  const pattern = `${prefix.replace(/[*?[\]\\]/g, "\\$&")}*`;
  const keys: string[] = [];
  let cursor = "0";
  do {
    const [next, batch] = await client.scan(cursor, "MATCH", pattern, "COUNT", "1000");
    keys.push(...batch);
    cursor = next;
  } while (cursor !== "0");
  return keys.sort();
}

/** Deletes every key under `prefix`. */
export async function deleteUnder(client: Redis, prefix: string): Promise<void> {
  const keys = await keysUnder(client, prefix);
  for (let i = 0; i < keys.length; i += 500) await client.unlink(...keys.slice(i, i + 500));
}

async function dumpKey(client: Redis, key: string): Promise<string> {
  const type = await client.type(key);
  switch (type) {
    case "string":
      return String(await client.get(key));
    case "hash":
      return JSON.stringify(await client.hgetall(key));
    case "list":
      return (await client.lrange(key, 0, -1)).join("\n");
    case "zset":
      return (await client.zrange(key, 0, "-1", "WITHSCORES")).join(" ");
    case "set":
      return (await client.smembers(key)).join(" ");
    default:
      return `(${type})`;
  }
}

function garbageText(garbage: Garbage, kind: CorruptionTarget["kind"]): string {
  if (garbage === "not-json") return "{not json";
  return kind === "message" ? JSON.stringify({ role: "user", parts: [{ type: "banana" }], createdAt: 1 }) : JSON.stringify({ hello: "world" });
}

/** Overwrites one record under `prefix` through `client`, bypassing the adapter. */
export async function corruptRecord(client: Redis, prefix: string, target: CorruptionTarget, garbage: Garbage): Promise<void> {
  const keys = keyLayout(prefix);
  const text = garbageText(garbage, target.kind);
  const mustExist = (found: boolean, what: string): void => {
    if (!found) throw new Error(`corrupt(): ${what} does not exist under "${prefix}".`);
  };
  switch (target.kind) {
    case "message":
      mustExist((await client.llen(keys.messages(target.conversationId))) >= target.seq, `message ${target.seq} of "${target.conversationId}"`);
      await client.lset(keys.messages(target.conversationId), target.seq - 1, text);
      return;
    case "checkpoint":
      mustExist((await client.hexists(keys.checkpoints(target.runId), target.agentPath)) === 1, `checkpoint "${target.agentPath}" of run "${target.runId}"`);
      await client.hset(keys.checkpoints(target.runId), target.agentPath, text);
      return;
    case "session":
      mustExist((await client.exists(keys.session(target.key))) === 1, `session "${target.key}"`);
      await client.hset(keys.session(target.key), "record", text);
      return;
    case "archive":
      mustExist((await client.exists(keys.archive(target.id))) === 1, `archive "${target.id}"`);
      await client.set(keys.archive(target.id), text);
      return;
    case "summary":
      mustExist((await client.exists(keys.summary(target.conversationId))) === 1, `summary of "${target.conversationId}"`);
      await client.set(keys.summary(target.conversationId), text);
      return;
    case "usage": {
      const ids = await client.zrange(keys.usageOfRun(target.runId), 0, "-1");
      mustExist(ids.length > 0, `usage of run "${target.runId}"`);
      for (const id of ids) await client.hset(keys.usageRecords, id, text);
      return;
    }
    case "journal":
      mustExist((await client.hexists(keys.journal(target.runId), target.toolCallId)) === 1, `journal entry "${target.toolCallId}" of run "${target.runId}"`);
      await client.hset(keys.journal(target.runId), target.toolCallId, text);
      return;
  }
}

/** A conformance harness: a storage on a fresh prefix, with direct access through its own client. */
export async function createHarness(): Promise<StorageHarness> {
  const prefix = uniquePrefix();
  const direct = directClient();
  await direct.connect();
  const storages: Storage[] = [];
  const open = async (): Promise<RedisStorage> => {
    const storage = await createRedisStorage({ url: REDIS_URL, keyPrefix: prefix });
    storages.push(storage);
    return storage;
  };
  const storage = await open();
  return {
    storage,
    openAnother: open,
    dump: async () => {
      const lines: string[] = [];
      for (const key of await keysUnder(direct, prefix)) lines.push(`${key} = ${await dumpKey(direct, key)}`);
      return lines.join("\n");
    },
    corrupt: (target, garbage) => corruptRecord(direct, prefix, target, garbage),
    writeRaw: async (target, text) => {
      if (target.kind !== "checkpoint") throw new Error(`writeRaw: ${target.kind} records are not supported here.`);
      const key = keyLayout(prefix).checkpoints(target.runId);
      if ((await direct.hexists(key, target.agentPath)) !== 1)
        throw new Error(`writeRaw: no checkpoint "${target.agentPath}" of run "${target.runId}" under "${prefix}".`);
      await direct.hset(key, target.agentPath, text);
    },
    close: async () => {
      await Promise.all(storages.map((opened) => opened.close()));
      await deleteUnder(direct, prefix);
      await direct.quit();
    },
  };
}

/** Closes `client` at the end of the file's tests. */
export function quitAfterAll(client: Redis): void {
  afterAll(async () => {
    await client.quit().catch(() => client.disconnect());
  });
}

/** What {@link useKeyedHarness} gives a test: its harness, the harness's key prefix and a client of its own. */
export interface KeyedHarness {
  /** A fresh harness (made before each test, closed after it). */
  readonly harness: StorageHarness;
  /** The key prefix of the harness's storage. */
  readonly prefix: string;
  /** A client of the file's own, to read and write the storage's keys directly (quit after the file's tests). */
  readonly direct: Redis;
}

/**
 * For tests that look at the keys themselves: a fresh harness before each test of the
 * file (closed after it), its key prefix, and one direct client for the file. Read
 * `harness` and `prefix` inside the tests: they change from one test to the next.
 */
export function useKeyedHarness(): KeyedHarness {
  const direct = directClient();
  quitAfterAll(direct);
  let harness: StorageHarness | undefined;
  let prefix = "";
  beforeEach(async () => {
    harness = await createHarness();
    prefix = (harness.storage as { keyPrefix?: string }).keyPrefix ?? "";
  });
  afterEach(() => harness?.close());
  return {
    get harness() {
      if (harness === undefined) throw new Error("useKeyedHarness: the harness is made before each test; read it inside one.");
      return harness;
    },
    get prefix() {
      return prefix;
    },
    direct,
  };
}
