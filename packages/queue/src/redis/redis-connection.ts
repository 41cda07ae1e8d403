import { ConfigurationError, errorMessage } from "@baton/core";
import { redactError } from "@baton/core/secrets";
import { Redis, type RedisOptions } from "ioredis";
import { secretsOf } from "./redact-secrets.js";

/**
 * Where the queue's Redis is: a `redis://` URL, ioredis options, or an ioredis client
 * (it is not closed by Baton; duplicates of it are, which Baton makes for its calls,
 * blocking reads and subscriptions).
 */
export type RedisConnection = string | RedisOptions | Redis;

/**
 * How a client Baton makes behaves while Redis is away:
 * - `"fail-fast"`, for the calls Baton bounds itself (the API's calls, event reads, the
 *   relay, aborts, rate limits): a command fails at once while the client is not
 *   connected (`enableOfflineQueue: false`), and when its connection drops before the
 *   answer (`maxRetriesPerRequest: 0`): it is never held back and sent later, after
 *   its caller gave up.
 * - `"waiting"`, for BullMQ's worker and the abort subscription: commands wait for the
 *   connection to come back (`maxRetriesPerRequest: null`, which BullMQ requires of a
 *   worker's connections, blocking ones included).
 *
 * Both reconnect by themselves (ioredis' `retryStrategy`).
 */
export type RedisClientKind = "fail-fast" | "waiting";

const CLIENT_OPTIONS: Readonly<Record<RedisClientKind, RedisOptions>> = {
  "fail-fast": { enableOfflineQueue: false, maxRetriesPerRequest: 0, lazyConnect: false },
  waiting: { maxRetriesPerRequest: null },
};

/** How long closing a client waits for Redis to acknowledge `QUIT`, in ms, before it drops the connection. */
const QUIT_TIMEOUT_MS = 1_000;

/** Whether `value` is an ioredis client (checked by shape, so two copies of ioredis interoperate). */
export function isRedisClient(value: unknown): value is Redis {
  return typeof value === "object" && value !== null && typeof (value as Redis).duplicate === "function" && typeof (value as Redis).xadd === "function";
}

/**
 * A new client for `connection` of the given kind. The caller owns it and must close it
 * ({@link closeRedisClient}). A URL ioredis cannot read is a `ConfigurationError`,
 * with no password in it.
 */
export function newRedisClient(connection: RedisConnection, kind: RedisClientKind): Redis {
  const overrides = CLIENT_OPTIONS[kind];
  if (isRedisClient(connection)) return connection.duplicate(overrides);
  try {
    return typeof connection === "string" ? new Redis(connection, overrides) : new Redis({ ...connection, ...overrides });
  } catch (error) {
    redactError(error, secretsOf(connection));
    throw new ConfigurationError(`The queue's Redis connection cannot be used: ${errorMessage(error)}.`, { cause: error });
  }
}

/**
 * Closes a client Baton made: `QUIT`, or — when Redis does not acknowledge it within a
 * second (paused, unreachable) or the client is not connected — the connection is
 * dropped. Never throws.
 */
export async function closeRedisClient(client: Redis): Promise<void> {
  if (client.status === "end") return;
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    await Promise.race([
      client.quit(),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error("QUIT was not acknowledged.")), QUIT_TIMEOUT_MS);
      }),
    ]);
  } catch {
    client.disconnect();
  } finally {
    clearTimeout(timer);
  }
}
