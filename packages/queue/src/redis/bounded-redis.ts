import { isBatonError } from "@baton/core";
import { redactError } from "@baton/core/secrets";
import type { Redis } from "ioredis";
import { QueueUnavailableError, type QueueOperation } from "../errors/queue-errors.js";
import { secretsOf } from "./redact-secrets.js";

/**
 * How long a call of the queue's API waits for Redis when `commandTimeoutMs` is not
 * given, in ms: 2 s. A healthy Redis answers the queue's calls in a millisecond or two,
 * and stalls of a healthy server (a fork for a snapshot, a slow disk under AOF) last
 * tens to hundreds of ms; 2 s is well above those, and short enough that an HTTP
 * handler making two such calls (a count, then a submit) still answers within 5 s
 * when Redis does not — the bound the chat example is held to.
 */
export const DEFAULT_COMMAND_TIMEOUT_MS = 2_000;

/**
 * The `retryAfterMs` hint of a {@link QueueUnavailableError}, in ms: 1 s. The clients
 * reconnect by themselves (ioredis backs off up to about 5 s between attempts during a
 * long outage), so a caller that tries again after a second gets through soon after
 * Redis is back, and one more refusal costs it nothing.
 */
export const QUEUE_RETRY_AFTER_MS = 1_000;

const CONNECTION_ERROR_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "EPIPE",
  "ETIMEDOUT",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ECONNABORTED",
]);
/** Messages of ioredis and BullMQ, and Redis replies, that say the connection (not the call) failed. */
const CONNECTION_ERROR_MESSAGE =
  /Stream isn't writeable|Connection is closed|max retries per request|Command timed out|Socket timeout|^(LOADING|READONLY|MASTERDOWN|CLUSTERDOWN|TRYAGAIN|NOAUTH|WRONGPASS)\b/i;

/** Whether `error` says the connection to Redis failed, or Redis cannot serve yet, rather than that the call itself was wrong. */
export function isConnectionFailure(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  return (
    (typeof code === "string" && CONNECTION_ERROR_CODES.has(code)) || error.name === "MaxRetriesPerRequestError" || CONNECTION_ERROR_MESSAGE.test(error.message)
  );
}

/** A call waiting for the client to connect. */
interface ConnectionWaiter {
  /** Whether it waits through failed attempts for one that connects (a readiness wait). */
  readonly untilConnected: boolean;
  readonly connected: () => void;
  readonly failed: () => void;
}

/** Options of one {@link BoundedRedis.call}. */
export interface BoundedCallOptions {
  /** The run the call is about (named in the error). */
  readonly runId?: string;
  /** The bound, in ms, when not the client's `timeoutMs` (an event read adds its blocking wait). */
  readonly timeoutMs?: number;
  /**
   * Wait for the connection up to the bound even while the client reconnects after a
   * failed attempt (a readiness wait), instead of failing at once (a call). Default false.
   */
  readonly waitForConnection?: boolean;
}

/**
 * A Redis client whose calls the queue bounds: each call waits for the client to be
 * connected and for its answers, at most `timeoutMs` in all, and otherwise rejects with
 * a {@link QueueUnavailableError} (`QUEUE_UNAVAILABLE`, retryable). A call that fails
 * because the connection failed rejects with one too, at once. Every error a call
 * rejects with has the connection's passwords redacted (the redaction at the queue's
 * boundary), and so has every error {@link BoundedRedis.redact} is given.
 */
export class BoundedRedis {
  /** The passwords of the client's connection, kept out of errors. */
  readonly secrets: readonly string[];
  /** The connection's last error while it is not connected (the cause of a call given up meanwhile). */
  private lastError: unknown;
  /** Calls waiting for the client to connect (one set of listeners on the client serves them all). */
  private readonly waiting = new Set<ConnectionWaiter>();

  constructor(
    readonly client: Redis,
    /** The bound of each call, in ms. */
    readonly timeoutMs: number,
  ) {
    this.secrets = secretsOf(client);
    client.on("error", (error: unknown) => {
      this.lastError = error;
    });
    client.on("close", () => {
      this.lastError ??= new Error("The connection to Redis closed.");
    });
    client.on("ready", () => {
      this.lastError = undefined;
      for (const waiter of this.waiting) waiter.connected();
      this.waiting.clear();
    });
    // A connection attempt failed: the calls that do not wait for the next one fail.
    client.on("reconnecting", () => {
      for (const waiter of this.waiting) {
        if (waiter.untilConnected) continue;
        waiter.failed();
        this.waiting.delete(waiter);
      }
    });
    client.on("end", () => {
      for (const waiter of this.waiting) waiter.failed();
      this.waiting.clear();
    });
  }

  /** `error` with the connection's passwords redacted (in place). */
  redact<T>(error: T): T {
    return redactError(error, this.secrets);
  }

  /**
   * Runs `work` (the calls of `operation` on the client) once the client is connected,
   * within the bound. While the client is reconnecting after a failed connection (Redis
   * down, refusing it), the call fails at once (unless `waitForConnection`); while it
   * connects, it waits for that attempt. A call given up may still reach Redis: its
   * commands were sent.
   */
  async call<T>(operation: QueueOperation, work: () => Promise<T>, options: BoundedCallOptions = {}): Promise<T> {
    const timeoutMs = options.timeoutMs ?? this.timeoutMs;
    const runId = options.runId;
    const waitForConnection = options.waitForConnection === true;
    const client = this.client;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let waiter: ConnectionWaiter | undefined;
    const expired = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        const lastError = client.status === "ready" ? undefined : this.lastError;
        reject(this.unavailable(operation, lastError === undefined ? "no answer" : "connection failed", timeoutMs, runId, lastError));
      }, timeoutMs);
    });
    try {
      let connected: Promise<void> | undefined;
      if (!waitForConnection && (client.status === "reconnecting" || client.status === "close")) {
        throw this.unavailable(operation, "connection failed", timeoutMs, runId, this.lastError);
      } else if (client.status !== "ready" && client.status !== "end") {
        connected = new Promise<void>((resolve, reject) => {
          waiter = {
            untilConnected: waitForConnection,
            connected: resolve,
            failed: () => reject(this.unavailable(operation, "connection failed", timeoutMs, runId, this.lastError)),
          };
          this.waiting.add(waiter);
        });
        if (client.status === "wait") client.connect().catch(() => undefined);
      }
      const running = connected === undefined ? work() : connected.then(work);
      // Once given up, what the call still does settles unheard.
      running.catch(() => undefined);
      return await Promise.race([running, expired]);
    } catch (error) {
      throw this.failure(operation, error, timeoutMs, runId);
    } finally {
      clearTimeout(timer);
      if (waiter !== undefined) this.waiting.delete(waiter);
    }
  }

  /**
   * Resolves once the client is connected and `work` (default: a `PING`) done, waiting
   * for the connection up to the bound (or `timeoutMs`) while it is reconnecting too.
   */
  async ready(operation: QueueOperation, timeoutMs?: number, work: () => Promise<unknown> = () => this.client.ping()): Promise<void> {
    await this.call(operation, work, { waitForConnection: true, ...(timeoutMs === undefined ? {} : { timeoutMs }) });
  }

  /** The error a failed call rejects with: redacted, and a {@link QueueUnavailableError} when the connection failed. */
  private failure(operation: QueueOperation, error: unknown, timeoutMs: number, runId: string | undefined): unknown {
    this.redact(error);
    if (isBatonError(error) || !isConnectionFailure(error)) return error;
    return this.unavailable(operation, "connection failed", timeoutMs, runId, error);
  }

  private unavailable(
    operation: QueueOperation,
    reason: "no answer" | "connection failed",
    timeoutMs: number,
    runId: string | undefined,
    cause: unknown,
  ): QueueUnavailableError {
    return new QueueUnavailableError({
      operation,
      reason,
      timeoutMs,
      retryAfterMs: QUEUE_RETRY_AFTER_MS,
      ...(runId === undefined ? {} : { runId }),
      ...(cause === undefined ? {} : { cause: this.redact(cause) }),
    });
  }
}
