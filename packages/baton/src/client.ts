/**
 * `@baton/sdk/client`: the browser-safe event client of `@baton/events/client`: the
 * Server-Sent Events decoder, the reconnecting run-event client and the event guards.
 * @packageDocumentation
 */
export {
  decodeSseEvents,
  type DecodeSseOptions,
  DEFAULT_MAX_MESSAGE_SIZE,
  eventEnvelopeIssue,
  EVENTS_ERROR_CODES,
  type EventsErrorCode,
  isStreamEvent,
  isStreamEventType,
  SseConnectionError,
  SseDecodeError,
  type SseDecodeProblem,
  SseHttpError,
  type SseServerError,
  STREAM_EVENT_TYPES,
  streamEventIssue,
  streamRunEvents,
  type StreamRunEventsOptions,
} from "@baton/events/client";
