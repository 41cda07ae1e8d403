/**
 * `@baton/viewer`: a run viewer that needs no hosted service. A waterfall page of a
 * stored or live run (one row per agent, model call and tool call on a time axis,
 * nested under its parent, with duration, tokens, cost and status), served by a small
 * handler any Node HTTP server can mount. The page is plain DOM: one HTML file, one
 * script, one stylesheet and the model below, all shipped in this package.
 * @packageDocumentation
 */
export {
  createViewerHandler,
  viewerPath,
  DEFAULT_VIEWER_BASE_PATH,
  DEFAULT_VIEWER_MAX_EVENTS,
  type ViewerHandler,
  type ViewerHandlerOptions,
  type ViewerRunResponse,
  type StoredRunEvents,
} from "./handler.js";
export { redactEvent, REDACTED } from "./redact-event.js";
export { checkpointEvents } from "./checkpoint-events.js";
export { createEventRecorder, readLoggedEvents, type EventRecorder, type EventRecorderOptions } from "./sources.js";
export {
  buildTrace,
  MAX_PROGRESS_KEPT,
  type Trace,
  type TraceRow,
  type TraceRowKind,
  type TraceRowStatus,
  type TraceRowDetail,
  type TraceTokens,
  type BuildTraceOptions,
} from "./model/trace.js";
