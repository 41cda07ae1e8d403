/**
 * Error codes of `@baton/events`, registered in core's `BatonErrorCodes` (below), so
 * `BatonError`, `isBatonError` and `SerializedError` take them wherever this package
 * (or its `client` or `node` entry) is imported. Stable: match on them in logs and
 * `catch` blocks. Its errors also use two of core's codes: `REPLAY_UNAVAILABLE`
 * (`ReplayUnavailableError`, the code of every `RunEventLog`) and `RUN_NOT_FOUND`
 * (`RunNotFoundError`).
 */
export const EVENTS_ERROR_CODES = {
  /** An event stream (Server-Sent Events) held something that is not a Baton event (`SseDecodeError`). */
  EVENT_DECODE_ERROR: "EVENT_DECODE_ERROR",
  /** An HTTP request for an event stream failed (`SseHttpError`). */
  HTTP_ERROR: "HTTP_ERROR",
  /** An SSE connection kept dropping before the run ended (`SseConnectionError`). */
  CONNECTION_LOST: "CONNECTION_LOST",
  /** Every client of a run session went away, so the run was aborted (`ClientDisconnectedError`). */
  CLIENT_DISCONNECTED: "CLIENT_DISCONNECTED",
  /** A `Last-Event-ID` header or `lastEventId` parameter that is not a sequence number (`InvalidLastEventIdError`). */
  INVALID_LAST_EVENT_ID: "INVALID_LAST_EVENT_ID",
  /** An object handed to an event encoder is not a stream event (`InvalidEventError`). */
  INVALID_EVENT: "INVALID_EVENT",
  /** A progress step was sent to or changed after it ended (`ProgressStepEndedError`). */
  PROGRESS_STEP_ENDED: "PROGRESS_STEP_ENDED",
} as const;

/** One of the {@link EVENTS_ERROR_CODES}. */
export type EventsErrorCode = (typeof EVENTS_ERROR_CODES)[keyof typeof EVENTS_ERROR_CODES];

declare module "@baton/core" {
  /** The codes of `@baton/events` ({@link EVENTS_ERROR_CODES}). */
  interface BatonErrorCodes extends Record<EventsErrorCode, true> {}
}
