import { ConfigurationError } from "@baton/core";

/** Options of `sseResponse` and of the Node writers `sendSse` / `createSseHandler` (`@baton/events/node`). */
export interface SseStreamOptions {
  /** Milliseconds between `: heartbeat` comments that keep idle connections open. Default 15000; 0 sends none. */
  readonly heartbeatMs?: number;
  /** Sends `retry: <ms>` first: how long an `EventSource` waits before reconnecting. */
  readonly retryMs?: number;
  /** Extra response headers (CORS, …). */
  readonly headers?: Readonly<Record<string, string>>;
  /**
   * How long, in ms, a write may wait for a client that does not read: the Node
   * writers wait for `drain` (its socket buffer full), `sseResponse` for the body's
   * next read. Past it the client is disconnected (it may reconnect with
   * `Last-Event-ID`), so it cannot hold up the other clients of its run for longer.
   * Default 30000 (`DEFAULT_WRITE_TIMEOUT_MS`); 0 waits for ever.
   */
  readonly writeTimeoutMs?: number;
}

/** Default milliseconds between heartbeat comments. */
export const DEFAULT_HEARTBEAT_MS = 15_000;

/** Default longest wait, in ms, for a client that does not read before it is disconnected. */
export const DEFAULT_WRITE_TIMEOUT_MS = 30_000;

const MAX_TIMER_MS = 2_147_483_647;

/**
 * The write timeout of `options` (0: none). Internal.
 *
 * @throws ConfigurationError for a value that is not a number >= 0.
 */
export function writeTimeoutOf(options: SseStreamOptions): number {
  const value = options.writeTimeoutMs ?? DEFAULT_WRITE_TIMEOUT_MS;
  if (typeof value !== "number" || Number.isNaN(value) || value < 0) {
    throw new ConfigurationError(`SSE: "writeTimeoutMs" must be a number >= 0, got ${String(value)}.`);
  }
  return value > MAX_TIMER_MS ? 0 : value; // longer than a timer can wait: for ever
}
