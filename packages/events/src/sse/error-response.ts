import { isBatonError } from "@baton/core";
import { ReplayUnavailableError } from "../bus/replay-unavailable-error.js";
import { InvalidLastEventIdError } from "./invalid-last-event-id-error.js";
import { RunNotFoundError } from "../follow/run-not-found-error.js";

/** An HTTP error answer instead of an event stream. Internal. */
export interface ErrorAnswer {
  readonly status: number;
  readonly body: string;
}

/** JSON content type of error answers. */
export const JSON_CONTENT_TYPE = "application/json; charset=utf-8";

/**
 * The HTTP answer for an error raised before streaming started: 410 for a replay
 * that is no longer possible, 400 for a bad `Last-Event-ID`, 404 for a run the event
 * log knows nothing of (`RunNotFoundError`), else `undefined` (the
 * caller rethrows). The body is `{ "error": { code, message, … } }`.
 */
export function clientErrorAnswer(error: unknown): ErrorAnswer | undefined {
  if (ReplayUnavailableError.isInstance(error)) return { status: 410, body: errorBody(error) };
  if (InvalidLastEventIdError.isInstance(error)) return { status: 400, body: errorBody(error) };
  if (RunNotFoundError.isInstance(error)) return { status: 404, body: errorBody(error) };
  return undefined;
}

/** The 500 answer of a run that failed to start; only a `BatonError`'s code and message are shown. */
export function startFailureAnswer(error: unknown): ErrorAnswer {
  if (isBatonError(error)) return { status: 500, body: errorBody(error) };
  return { status: 500, body: JSON.stringify({ error: { code: "RUN_FAILED", message: "The run failed to start." } }) };
}

function errorBody(error: { toJSON(): unknown }): string {
  return JSON.stringify({ error: error.toJSON() });
}
