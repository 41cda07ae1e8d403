import { BatonError } from "@baton/core";
import { EVENTS_ERROR_CODES } from "../errors/events-error-codes.js";

/**
 * A `Last-Event-ID` header or `lastEventId` query parameter that is not a sequence
 * number (an integer >= 0), or that is ahead of the stream: greater than the `seq`
 * of the last event the run has produced (`lastSeq`), so the client cannot have
 * received it. Code `INVALID_LAST_EVENT_ID`; over SSE it becomes HTTP 400.
 */
export class InvalidLastEventIdError extends BatonError {
  constructor(
    /** The value received (cut to 100 characters). */
    readonly value: string,
    /** For an id ahead of the stream: the `seq` of the last event produced so far. */
    readonly lastSeq?: number,
  ) {
    const shown = value.length > 100 ? `${value.slice(0, 100)}…` : value;
    super(
      EVENTS_ERROR_CODES.INVALID_LAST_EVENT_ID,
      lastSeq === undefined
        ? `Last-Event-ID must be an event sequence number (an integer >= 0), got ${JSON.stringify(shown)}.`
        : `Last-Event-ID ${shown} is ahead of the stream: the last event produced so far is ${lastSeq}. Reconnect without Last-Event-ID.`,
      { details: lastSeq === undefined ? { value: shown } : { value: shown, lastSeq } },
    );
  }
}
