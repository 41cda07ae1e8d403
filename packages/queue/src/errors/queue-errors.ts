import { BatonError, ERROR_CODES } from "@baton/core";
import { QUEUE_ERROR_CODES } from "./queue-error-codes.js";

/** A run job whose data failed validation: that job fails for good, the others go on. Code `INVALID_RUN_JOB`. */
export class InvalidRunJobError extends BatonError {
  constructor(
    /** The BullMQ job id. */
    readonly jobId: string,
    /** What is wrong, by field. */
    readonly problem: string,
  ) {
    super(QUEUE_ERROR_CODES.INVALID_RUN_JOB, `Run job ${jobId} has invalid data: ${problem}.`, { details: { jobId, problem } });
  }
}

/** A run job names an agent the worker does not have. Code `UNKNOWN_AGENT`. */
export class UnknownAgentError extends BatonError {
  constructor(
    readonly agent: string,
    /** The names the worker knows. */
    readonly known: readonly string[],
  ) {
    super(
      QUEUE_ERROR_CODES.UNKNOWN_AGENT,
      `No agent named "${agent}" is registered with this worker. Known agents: ${known.length > 0 ? known.join(", ") : "none"}.`,
      {
        details: { agent, known },
      },
    );
  }
}

/** A run no worker could take to its end: its job failed for good (a worker error, or too many crashes). Code `RUN_JOB_FAILED`. */
export class RunJobFailedError extends BatonError {
  constructor(
    readonly runId: string,
    reason: string,
  ) {
    super(QUEUE_ERROR_CODES.RUN_JOB_FAILED, `Run "${runId}" failed in the queue: ${reason}`, { details: { runId, reason } });
  }
}

/**
 * The calls of the queue whose Redis commands are bounded, as a
 * {@link QueueUnavailableError} names them: `RunQueue`'s `submit`, `resume`, `abort`,
 * `countJobs` and `ready`, its event log's `events.head` and `events.read`, and
 * `RunWorker.ready` (`worker.ready`).
 */
export type QueueOperation = "submit" | "resume" | "abort" | "countJobs" | "ready" | "events.head" | "events.read" | "worker.ready";

/** What a {@link QueueUnavailableError} says of the call it gave up. */
export interface QueueUnavailableOptions {
  /** The call given up. */
  readonly operation: QueueOperation;
  /** The bound it was given, in ms (`commandTimeoutMs`, plus the blocking wait of an event read). */
  readonly timeoutMs: number;
  /** How long to wait before trying again, in ms (a hint: the clients reconnect by themselves meanwhile). */
  readonly retryAfterMs: number;
  /** The run the call was about, when it was about one. */
  readonly runId?: string;
  /** Why: no answer within `timeoutMs` (Redis paused, overloaded, or still connecting), or the connection failed or was refused. */
  readonly reason: "no answer" | "connection failed";
  /** The connection's own error (with no password in it), when there was one. */
  readonly cause?: unknown;
}

/**
 * The queue's Redis did not answer a call within its bound (`commandTimeoutMs`), or
 * its connection failed or was refused: the call was given up. Code
 * `QUEUE_UNAVAILABLE`, retryable, with `retryAfterMs`. The queue's clients reconnect by
 * themselves, so the same call succeeds again once Redis answers.
 *
 * Giving up does not undo: a command that reached Redis before it stopped answering
 * may still be applied when it answers again. `submit` with the same `runId` is safe to
 * send again (a run id is queued once), and so is `abort`.
 *
 * @example
 * try { await queue.submit({ agent: "support", input }) } catch (error) {
 *   if (QueueUnavailableError.isInstance(error)) return reply(503, { "retry-after": Math.ceil(error.retryAfterMs / 1000) });
 *   throw error;
 * }
 */
export class QueueUnavailableError extends BatonError {
  /** The call given up. */
  readonly operation: QueueOperation;
  /** The bound the call was given, in ms. */
  readonly timeoutMs: number;
  /** How long to wait before trying again, in ms. */
  readonly retryAfterMs: number;

  constructor(options: QueueUnavailableOptions) {
    const { operation, timeoutMs, retryAfterMs, runId, reason, cause } = options;
    const why = cause instanceof Error && cause.message !== "" ? ` (${cause.message})` : "";
    super(
      QUEUE_ERROR_CODES.QUEUE_UNAVAILABLE,
      reason === "no answer"
        ? `The queue's Redis did not answer ${operation} within ${timeoutMs} ms${why}. Try again in ${retryAfterMs} ms.`
        : `The queue's Redis could not be reached for ${operation}${why}. Try again in ${retryAfterMs} ms.`,
      {
        retryable: true,
        details: { operation, reason, timeoutMs, retryAfterMs, ...(runId === undefined ? {} : { runId }) },
        ...(cause === undefined ? {} : { cause }),
      },
    );
    this.operation = operation;
    this.timeoutMs = timeoutMs;
    this.retryAfterMs = retryAfterMs;
  }
}

/**
 * A run's relayed events refused a writer's batch: a newer attempt at the run (a higher
 * claim token) has written to the run's stream, so this attempt no longer holds the
 * run. Nothing of the batch was written; the writer stops and its attempt is aborted.
 * Code `RUN_CLAIM_LOST` (core's).
 */
export class RelayClaimLostError extends BatonError {
  constructor(
    readonly runId: string,
    /** The claim's owner, as the run's `onClaim` gave it. */
    readonly owner: string,
    /** This writer's claim token. */
    readonly token: number,
    /** The token of the newer claim that writes the run's events now. */
    readonly fence: number,
  ) {
    super(
      ERROR_CODES.RUN_CLAIM_LOST,
      `Run "${runId}": the events of claim ${token} ("${owner}") were refused: an attempt with claim ${fence} writes the run's events now.`,
      { details: { runId, owner, token, fence } },
    );
  }
}
