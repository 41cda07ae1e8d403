import { Redis, type RedisOptions } from "ioredis";

/**
 * Where the queue's Redis is: a `redis://` URL, ioredis options, or an ioredis client
 * (it is not closed by Baton; duplicates of it are, which Baton makes for blocking
 * reads and subscriptions).
 */
export type RedisConnection = string | RedisOptions | Redis;

/** Whether `value` is an ioredis client (checked by shape, so two copies of ioredis interoperate). */
export function isRedisClient(value: unknown): value is Redis {
  return typeof value === "object" && value !== null && typeof (value as Redis).duplicate === "function" && typeof (value as Redis).xadd === "function";
}

/**
 * A new client for `connection`, with the settings BullMQ needs for blocking commands
 * (`maxRetriesPerRequest: null`). The caller owns it and must `quit()` it.
 */
export function newRedisClient(connection: RedisConnection): Redis {
  if (isRedisClient(connection)) return connection.duplicate({ maxRetriesPerRequest: null });
  if (typeof connection === "string") return new Redis(connection, { maxRetriesPerRequest: null });
  return new Redis({ ...connection, maxRetriesPerRequest: null });
}

/** Closes a client Baton made, without throwing when it is already closed or unreachable. */
export async function closeRedisClient(client: Redis): Promise<void> {
  try {
    await client.quit();
  } catch {
    client.disconnect();
  }
}
