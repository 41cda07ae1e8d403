/**
 * `@baton/events`: Baton's event protocol in practice: fan-out with backpressure,
 * run sessions that survive reconnects, Server-Sent Events with `Last-Event-ID`
 * replay, and a decoder. This root export uses Web standards only (`Request`,
 * `Response`, `ReadableStream`); the writers for Node's `http` module (`sendSse`,
 * `createSseHandler`) are `@baton/events/node`, and the browser-safe part is also
 * available as `@baton/events/client`.
 * @packageDocumentation
 */

// errors/
export { EVENTS_ERROR_CODES, type EventsErrorCode } from "./errors/events-error-codes.js";

// protocol/
export { STREAM_EVENT_TYPES, isStreamEvent, isStreamEventType, streamEventIssue, eventEnvelopeIssue } from "./protocol/event-types.js";
export { InvalidEventError } from "./protocol/invalid-event-error.js";

// bus/
export {
  EventHub,
  type EventHubOptions,
  type EventCallbackOptions,
  type SubscribeOptions,
  type ConsumerError,
} from "./bus/event-hub.js";
export { EventSubscription, DEFAULT_HIGH_WATER_MARK, type EventSubscriptionOptions } from "./bus/event-subscription.js";
export { ReplayBuffer, type ReplayBufferView } from "./bus/replay-buffer.js";
export { ReplayUnavailableError } from "./bus/replay-unavailable-error.js";

// session/
export {
  RunSession,
  startRunSession,
  DEFAULT_DISCONNECT_GRACE_MS,
  type RunSessionOptions,
  type RunSessionIo,
  type AttachOptions,
} from "./session/run-session.js";
export { RunSessions, type RunSessionsOptions } from "./session/run-sessions.js";
export { ClientDisconnectedError } from "./session/client-disconnected-error.js";

// sse/
export { encodeSseEvent, encodeSseEvents, unencodableEventPlaceholder, SSE_HEARTBEAT } from "./sse/encode-sse-event.js";
export { SSE_HEADERS } from "./sse/sse-headers.js";
export { lastEventIdOf, parseLastEventId, type LastEventIdSource, type HeaderRecord, type HeaderRecordRequest } from "./sse/last-event-id.js";
export { InvalidLastEventIdError } from "./sse/invalid-last-event-id-error.js";
export { DEFAULT_HEARTBEAT_MS, DEFAULT_WRITE_TIMEOUT_MS, type SseStreamOptions } from "./sse/sse-stream-options.js";
export { sseResponse, type SseResponseOptions } from "./sse/sse-response.js";
export type { SseSource, AttachableEventSource, EventSourceAttachOptions, EventBatchReader } from "./sse/sse-source.js";

// follow/
export {
  RunEventFollower,
  followRunEvents,
  DEFAULT_FOLLOW_REPLAY,
  DEFAULT_FOLLOW_KEEP_FINISHED_MS,
  DEFAULT_FOLLOW_IDLE_MS,
  type RunEventFollowerOptions,
  type FollowedRun,
} from "./follow/run-event-follower.js";
export { RunNotFoundError } from "./follow/run-not-found-error.js";

// client/
export { decodeSseEvents, DEFAULT_MAX_MESSAGE_SIZE, type DecodeSseOptions } from "./client/decode-sse-events.js";
export { streamRunEvents, type StreamRunEventsOptions } from "./client/stream-run-events.js";
export { SseDecodeError, type SseDecodeProblem } from "./client/sse-decode-error.js";
export { SseHttpError, type SseServerError } from "./client/sse-http-error.js";
export { SseConnectionError } from "./client/sse-connection-error.js";

// progress/
export { ProgressGroup, type ProgressGroupOptions } from "./progress/progress-group.js";
export { ProgressStep, type ProgressStepChannel, type ProgressItemsInput, type ProgressEndStatus } from "./progress/progress-step.js";
export { EventManager, type EventManagerOptions, ProgressEvent } from "./progress/deprecated-names.js";
export { ProgressLog, type ProgressLogEntry, type ProgressLogGroupsOptions } from "./progress/progress-log.js";
export { applyProgressStepUpdate } from "@baton/core";
export { ProgressStepEndedError } from "./progress/progress-step-ended-error.js";
export type { ReportResult } from "./progress/report-result.js";

// ui/
export { toUiMessageStream } from "./ui/to-ui-message-stream.js";
export {
  uiMessageStreamResponse,
  encodeUiMessageChunk,
  UI_MESSAGE_STREAM_HEADERS,
  UI_MESSAGE_STREAM_DONE,
  type UiMessageStreamResponseInit,
} from "./ui/ui-message-stream-response.js";
export { UiMessageStreamMapper } from "./ui/ui-message-stream-mapper.js";
export type { ToUiMessageStreamOptions } from "./ui/to-ui-message-stream-options.js";
export type { UiMessageChunk, BatonDataChunk, UiFinishReason } from "./ui/ui-message-chunk.js";
export { toUiFinishReason } from "./ui/finish-reason.js";
export type {
  BatonAgentData,
  BatonAgentPart,
  BatonProgressGroupData,
  BatonToolProgressData,
  BatonPlanData,
  BatonUiDataTypes,
} from "./ui/baton-ui-data.js";
export { UiMessageChunkIterator } from "./ui/ui-message-chunk-iterator.js";
