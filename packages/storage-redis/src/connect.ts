import { StorageError } from "@baton/core";
import { Redis, type RedisOptions } from "ioredis";

/** Where the adapter connects when given neither `url` nor `client`. */
export const DEFAULT_REDIS_URL = "redis://127.0.0.1:6379";

/**
 * Options of the clients the adapter creates: fail fast instead of queueing commands
 * forever while Redis is down. A connection attempt gives up after 5 s, and a command
 * fails after two reconnection attempts (ioredis' default is 20, about 20 s at best).
 */
export const CLIENT_OPTIONS: RedisOptions = Object.freeze({
  connectTimeout: 5_000,
  maxRetriesPerRequest: 2,
  lazyConnect: true,
});

/** The URL without its password, for error messages. */
export function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = "***";
    return parsed.toString();
  } catch {
    return "(unparseable URL)";
  }
}

/**
 * Creates a client for `url` and connects it. A refused or timed-out connection
 * rejects promptly with a `StorageError` naming the address and the cause (the client
 * is then disconnected, so nothing keeps retrying in the background).
 */
export async function connectRedis(url: string): Promise<Redis> {
  const client = new Redis(url, CLIENT_OPTIONS);
  let lastError: Error | undefined;
  // Later connection errors surface on the commands they fail; keep the last one for context.
  client.on("error", (error: Error) => {
    lastError = error;
  });
  try {
    await client.connect();
    return client;
  } catch (error) {
    client.disconnect();
    const cause = lastError ?? error;
    const reason = cause instanceof Error ? cause.message : String(cause);
    throw new StorageError(`Could not connect to Redis at ${redactUrl(url)}: ${reason}`, { cause });
  }
}

/**
 * Quits a client the adapter created (`QUIT`, so pending replies arrive first) and
 * resolves once its connection has ended; falls back to a hard disconnect.
 */
export async function quitClient(client: Redis): Promise<void> {
  if (client.status === "end") return;
  if (client.status !== "ready") {
    // Not connected (connecting, or reconnecting after Redis went away): nothing to flush.
    client.disconnect();
    return;
  }
  const ended = new Promise<void>((resolve) => {
    client.once("end", () => resolve());
    setTimeout(resolve, 2_000).unref();
  });
  try {
    await client.quit();
  } catch {
    client.disconnect();
  }
  await ended;
}
