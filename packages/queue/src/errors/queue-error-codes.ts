/**
 * Error codes of `@baton/queue`, registered in core's `BatonErrorCodes` (below), so
 * `BatonError`, `isBatonError` and `SerializedError` take them wherever this package
 * is imported. Stable: match on them in logs and `catch` blocks.
 */
export const QUEUE_ERROR_CODES = {
  /** A queued run's job data failed validation (`InvalidRunJobError`). */
  INVALID_RUN_JOB: "INVALID_RUN_JOB",
  /** A queued run names an agent the worker's registry does not have (`UnknownAgentError`). */
  UNKNOWN_AGENT: "UNKNOWN_AGENT",
  /** A queued run could not be run to its end by any worker: its job failed for good (`RunJobFailedError`). */
  RUN_JOB_FAILED: "RUN_JOB_FAILED",
  /**
   * The queue's Redis did not answer a call in time (paused, overloaded, unreachable),
   * or refused the connection: the call was given up (`QueueUnavailableError`,
   * retryable, with `retryAfterMs`). The clients reconnect by themselves.
   */
  QUEUE_UNAVAILABLE: "QUEUE_UNAVAILABLE",
} as const;

/** One of the {@link QUEUE_ERROR_CODES}. */
export type QueueErrorCode = (typeof QUEUE_ERROR_CODES)[keyof typeof QUEUE_ERROR_CODES];

declare module "@baton/core" {
  /** The codes of `@baton/queue` ({@link QUEUE_ERROR_CODES}). */
  interface BatonErrorCodes extends Record<QueueErrorCode, true> {}
}
