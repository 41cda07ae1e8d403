/**
 * `@baton/events/client`: the browser-safe part of `@baton/events`: the SSE
 * decoder, the reconnecting run-event client and the event guards. No Node imports.
 * @packageDocumentation
 */

// errors/
export { EVENTS_ERROR_CODES, type EventsErrorCode } from "../errors/events-error-codes.js";

// protocol/
export { STREAM_EVENT_TYPES, isStreamEvent, isStreamEventType, streamEventIssue, eventEnvelopeIssue } from "../protocol/event-types.js";

// client/
export { decodeSseEvents, DEFAULT_MAX_MESSAGE_SIZE, type DecodeSseOptions } from "./decode-sse-events.js";
export { streamRunEvents, type StreamRunEventsOptions } from "./stream-run-events.js";
export { SseDecodeError, type SseDecodeProblem } from "./sse-decode-error.js";
export { SseHttpError, type SseServerError } from "./sse-http-error.js";
export { SseConnectionError } from "./sse-connection-error.js";
