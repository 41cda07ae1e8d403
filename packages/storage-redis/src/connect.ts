import { ConfigurationError, StorageError } from "@baton/core";
import { REDACTED, redactError } from "@baton/core/secrets";
import { Redis, type RedisOptions } from "ioredis";
import { isRetryableRedisError } from "./guard.js";
import { secretsOf } from "./redact.js";

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

/** `value` (a timeout option), or `fallback` when it is undefined; a value that is not a positive integer throws a `ConfigurationError`. */
function positive(name: string, value: number | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  if (!Number.isInteger(value) || value <= 0) {
    throw new ConfigurationError(`createRedisStorage(): option "${name}" must be a positive integer (milliseconds), got ${value}.`, {
      details: { function: "createRedisStorage", option: name },
    });
  }
  return value;
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
 *
 * @throws ConfigurationError when a timeout is not a positive integer (which
 * `REDIS_STORAGE_OPTION_RULES` has already refused for `createRedisStorage`).
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

/** A query parameter that may hold a secret (ioredis reads any option from the query: `?password=…`). */
const SECRET_PARAMETER = /pass|secret|token|key/i;

function redactQuery(query: URLSearchParams): void {
  for (const name of new Set(query.keys())) if (SECRET_PARAMETER.test(name)) query.set(name, REDACTED);
}

/**
 * The URL as ioredis reads it (`host:port` without a scheme is `redis://host:port`; a
 * path is a Unix socket), with its password and any password-like query parameter
 * shown as `***`, for error messages; `"(unparseable URL)"` when it is not a URL.
 */
export function redactUrl(url: string): string {
  if (url.startsWith("/") && !url.startsWith("//")) {
    const query = url.indexOf("?");
    if (query === -1) return url;
    const parameters = new URLSearchParams(url.slice(query + 1));
    redactQuery(parameters);
    return `${url.slice(0, query)}?${parameters.toString()}`;
  }
  try {
    const parsed = new URL(/^rediss?:\/\//i.test(url) ? url : url.startsWith("//") ? `redis:${url}` : `redis://${url}`);
    if (parsed.password) parsed.password = REDACTED;
    redactQuery(parsed.searchParams);
    return parsed.toString();
  } catch {
    return "(unparseable URL)";
  }
}

/**
 * A client for `url` (not connected yet). ioredis parses the URL here; a URL it cannot
 * read (`new URL` throws a `TypeError` whose `input` is the whole URL, password
 * included; a malformed `%` escape a `URIError`) becomes a `ConfigurationError` that
 * neither repeats the URL nor links the driver's error.
 * @throws ConfigurationError
 */
function createClient(url: string, timeouts: ClientTimeouts): Redis {
  const options = clientOptions(timeouts);
  try {
    return new Redis(url, options);
  } catch (error) {
    // Only the error's name and code: its message or `input` may quote the URL.
    const name = error instanceof Error ? error.name : typeof error;
    const code = (error as { code?: unknown } | null)?.code;
    const reason = typeof code === "string" ? `${name} ${code}` : name;
    throw new ConfigurationError(
      `createRedisStorage(): option "url" is not a URL ioredis can read (${reason}); expected redis://[user:password@]host:port[/db], or rediss:// for TLS. The URL is left out of this message: it may hold a password.`,
      { details: { function: "createRedisStorage", option: "url", reason } },
    );
  }
}

/**
 * Creates a client for `url` and connects it. A URL ioredis cannot read throws a
 * `ConfigurationError` that does not repeat it. A refused, timed-out or refused-login
 * connection rejects promptly with a `StorageError` naming the address (password
 * masked) and the cause (with the password removed from it, once, here); retryable
 * unless Redis answered with a permanent error such as `WRONGPASS`. The client is
 * then disconnected, so nothing keeps retrying in the background.
 * @throws ConfigurationError for an unreadable URL.
 * @throws StorageError when the connection fails.
 */
export async function connectRedis(url: string, timeouts: ClientTimeouts = {}): Promise<Redis> {
  const client = createClient(url, timeouts);
  let lastError: unknown;
  // Later connection errors surface on the commands they fail; keep the last one for context.
  client.on("error", (error: unknown) => {
    lastError = error;
  });
  try {
    await client.connect();
    return client;
  } catch (error) {
    client.disconnect();
    const cause = redactError(lastError ?? error, secretsOf(client.options));
    const reason = cause instanceof Error ? cause.message : String(cause);
    const where = redactUrl(url);
    throw new StorageError(`Could not connect to Redis at ${where}: ${reason}`, {
      cause,
      retryable: isRetryableRedisError(cause),
      details: { url: where },
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
