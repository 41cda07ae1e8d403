import { BatonError, ERROR_CODES } from "@baton/core";

/**
 * A `Last-Event-ID` header or `lastEventId` query parameter that is not a sequence
 * number (an integer >= 0). Code `INVALID_LAST_EVENT_ID`; over SSE it becomes HTTP 400.
 */
export class InvalidLastEventIdError extends BatonError {
  constructor(
    /** The value received (cut to 100 characters). */
    readonly value: string,
  ) {
    const shown = value.length > 100 ? `${value.slice(0, 100)}…` : value;
    super(ERROR_CODES.INVALID_LAST_EVENT_ID, `Last-Event-ID must be an event sequence number (an integer >= 0), got ${JSON.stringify(shown)}.`, {
      details: { value: shown },
    });
  }
}
