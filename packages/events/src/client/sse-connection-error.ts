import { BatonError } from "@baton/core";
import { EVENTS_ERROR_CODES } from "../errors/events-error-codes.js";

/**
 * An event stream kept breaking before its run ended, and the reconnect attempts
 * ran out. Code `CONNECTION_LOST`, retryable; `cause` is the last network error,
 * if the last attempt failed with one.
 */
export class SseConnectionError extends BatonError {
  constructor(
    /** The stream's URL. */
    readonly url: string,
    /** Connections in a row that broke (or failed to open) before the run ended. */
    readonly attempts: number,
    /** Sequence number of the last event received, if any. */
    readonly lastEventId: number | undefined,
    cause?: unknown,
  ) {
    super(
      EVENTS_ERROR_CODES.CONNECTION_LOST,
      `The event stream from ${url} broke before the run ended, ${attempts} ${attempts === 1 ? "time" : "times"} in a row` +
        `${lastEventId === undefined ? "" : ` (last event received: ${lastEventId})`}.`,
      { retryable: true, ...(cause === undefined ? {} : { cause }), details: { url, attempts, lastEventId: lastEventId ?? null } },
    );
  }
}
