// The storage adapters the benchmarks open, each on its own data, and how to remove it after.
//   BATON_BENCH_POSTGRES_URL (default postgres://postgres@127.0.0.1:5432/test)
//   BATON_BENCH_REDIS_URL    (default redis://127.0.0.1:6379)
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** The adapters, in the order the benchmarks print them. */
export const ADAPTERS = ["memory", "sqlite", "postgres", "redis"];

const unique = `bench_${process.pid}_${randomUUID().slice(0, 8)}`;

/**
 * Opens adapter `name` on its own data (a fresh SQLite file in a temp folder, a fresh
 * PostgreSQL schema, a fresh Redis key prefix). Returns `{ storage, cleanUp }` (cleanUp
 * closes it and removes its data), or `{ skipped }` when its server is unreachable.
 */
export async function openStorage(name) {
  if (name === "memory") {
    const { createMemoryStorage } = await import("@baton/storage-memory");
    const storage = createMemoryStorage();
    return { storage, cleanUp: () => storage.close() };
  }
  if (name === "sqlite") {
    const { createSqliteStorage } = await import("@baton/storage-sqlite");
    const dir = mkdtempSync(join(tmpdir(), "baton-bench-storage-"));
    const storage = createSqliteStorage({ path: join(dir, "bench.db") });
    const journal = storage.database.pragma("journal_mode", { simple: true });
    if (journal !== "wal") throw new Error(`expected WAL, got ${journal}`);
    return {
      storage,
      cleanUp: async () => {
        await storage.close();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  if (name === "postgres") {
    const { createPostgresStorage } = await import("@baton/storage-postgres");
    const connectionString = process.env.BATON_BENCH_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/test";
    let storage;
    try {
      storage = await createPostgresStorage({ connectionString, schema: unique, connectionTimeoutMs: 3_000 });
    } catch (error) {
      return { skipped: `unreachable: ${error.message}` };
    }
    return {
      storage,
      cleanUp: async () => {
        try {
          await storage.pool.query(`DROP SCHEMA IF EXISTS "${unique}" CASCADE`);
        } finally {
          await storage.close();
        }
      },
    };
  }
  if (name === "redis") {
    const { createRedisStorage } = await import("@baton/storage-redis");
    const url = process.env.BATON_BENCH_REDIS_URL ?? "redis://127.0.0.1:6379";
    let storage;
    try {
      storage = await createRedisStorage({ url, keyPrefix: `${unique}:` });
    } catch (error) {
      return { skipped: `unreachable: ${error.message}` };
    }
    return {
      storage,
      cleanUp: async () => {
        try {
          let cursor = "0";
          do {
            const [next, keys] = await storage.client.scan(cursor, "MATCH", `${unique}:*`, "COUNT", 1000);
            if (keys.length > 0) await storage.client.del(...keys);
            cursor = next;
          } while (cursor !== "0");
        } finally {
          await storage.close();
        }
      },
    };
  }
  throw new Error(`unknown adapter "${name}" (one of ${ADAPTERS.join(", ")})`);
}
