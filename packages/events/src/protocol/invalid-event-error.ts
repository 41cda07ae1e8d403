import { BatonError } from "@baton/core";
import { EVENTS_ERROR_CODES } from "../errors/events-error-codes.js";

/**
 * Thrown by the SSE encoder for a value that is not a stream event (an unknown
 * `type` or a `seq` that is not an integer), so nothing can be injected into the
 * `id:` and `event:` lines of the stream. Code `INVALID_EVENT`.
 */
export class InvalidEventError extends BatonError {
  constructor(
    /** What is wrong with the event. */
    readonly issue: string,
  ) {
    super(EVENTS_ERROR_CODES.INVALID_EVENT, `Cannot encode the event: ${issue}.`, { details: { issue } });
  }
}
