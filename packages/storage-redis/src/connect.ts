import { StorageError } from "@baton/core";
import { Redis, type RedisOptions } from "ioredis";
import { isRetryableRedisError } from "./guard.js";
import { redactError, secretsOf } from "./redact.js";

/** Where the adapter connects when given neither `url` nor `client`. */
export const DEFAULT_REDIS_URL = "redis://127.0.0.1:6379";

/** How long the adapter's own client waits for a TCP connection, in ms, when `connectTimeoutMs` is not given. */
export const DEFAULT_CONNECT_TIMEOUT_MS = 2_000;

/** How long the adapter's own client waits for a command's reply, in ms, when `commandTimeoutMs` is not given. */
export const DEFAULT_COMMAND_TIMEOUT_MS = 2_000;

/** The timeouts of the client the adapter creates. */
export interface ClientTimeouts {
  /** Milliseconds to wait for the TCP connection (each attempt); default {@link DEFAULT_CONNECT_TIMEOUT_MS}. */
  readonly connectTimeoutMs?: number;
  /** Milliseconds to wait for any command's reply, the handshake included; default {@link DEFAULT_COMMAND_TIMEOUT_MS}. */
  readonly commandTimeoutMs?: number;
}

/** Delay before the `times`-th reconnection attempt: 100 ms more each time, at most 1 s. The client never gives up. */
export function reconnectDelay(times: number): number {
  return Math.min(Math.max(1, times) * 100, 1_000);
}

function positive(name: string, value: number | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  if (!Number.isFinite(value) || value <= 0) throw new RangeError(`createRedisStorage: ${name} must be a positive number of milliseconds, got ${value}.`);
  return Math.ceil(value);
}

/**
 * Options of the clients the adapter creates: a failure during an outage is bounded
 * instead of queueing or waiting forever.
 *
 * - `connectTimeout`: a connection attempt gives up after `connectTimeoutMs`.
 * - `commandTimeout`: a command (the connection handshake included) that gets no reply
 *   within `commandTimeoutMs` fails, also when the connection stays open but nothing
 *   comes back (a network partition).
 * - `enableOfflineQueue: false`: while the client is reconnecting, a command fails at
 *   once instead of waiting in a queue.
 * - `autoResendUnfulfilledCommands: false`: a command that failed (timed out) is never
 *   sent again behind the caller's back after a reconnection.
 * - `retryStrategy`: reconnect after 100 ms, 200 ms, … at most 1 s apart, forever.
 * - `lazyConnect`: `createRedisStorage` awaits the first connection.
 */
export function clientOptions(timeouts: ClientTimeouts = {}): RedisOptions {
  return {
    connectTimeout: positive("connectTimeoutMs", timeouts.connectTimeoutMs, DEFAULT_CONNECT_TIMEOUT_MS),
    commandTimeout: positive("commandTimeoutMs", timeouts.commandTimeoutMs, DEFAULT_COMMAND_TIMEOUT_MS),
    enableOfflineQueue: false,
    autoResendUnfulfilledCommands: false,
    maxRetriesPerRequest: 1,
    retryStrategy: reconnectDelay,
    lazyConnect: true,
  };
}

/** The options of the clients the adapter creates, with the default timeouts (from the adapter's client settings). */
export const CLIENT_OPTIONS: RedisOptions = Object.freeze(clientOptions());

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
 * Creates a client for `url` and connects it. A refused, timed-out or refused-login
 * connection rejects promptly with a `StorageError` naming the address (password
 * masked) and the cause (with the password removed from it); retryable unless Redis
 * answered with a permanent error such as `WRONGPASS`. The client is then
 * disconnected, so nothing keeps retrying in the background.
 */
export async function connectRedis(url: string, timeouts: ClientTimeouts = {}): Promise<Redis> {
  const client = new Redis(url, clientOptions(timeouts));
  const secrets = secretsOf(client.options);
  let lastError: Error | undefined;
  // Later connection errors surface on the commands they fail; keep the last one for context.
  client.on("error", (error: Error) => {
    lastError = redactError(error, secrets);
  });
  try {
    await client.connect();
    return client;
  } catch (error) {
    client.disconnect();
    const cause = redactError(lastError ?? error, secrets);
    const reason = cause instanceof Error ? cause.message : String(cause);
    throw new StorageError(`Could not connect to Redis at ${redactUrl(url)}: ${reason}`, {
      cause,
      retryable: isRetryableRedisError(cause),
      details: { url: redactUrl(url) },
    });
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
