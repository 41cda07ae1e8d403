import { BatonError, ERROR_CODES } from "@baton/core";

/**
 * A client asked for the events of a run that the event log knows nothing of (its
 * `head` is `undefined`): an unknown id, or a run whose log expired. Code
 * `RUN_NOT_FOUND`; over SSE it becomes HTTP 404 with the JSON body
 * `{ "error": { code, message, details: { runId } } }`.
 */
export class RunNotFoundError extends BatonError {
  constructor(
    /** The id asked for. */
    readonly runId: string,
  ) {
    super(ERROR_CODES.RUN_NOT_FOUND, `No events are known of run "${runId}": it does not exist, or its event log expired.`, { details: { runId } });
  }
}
