export { EVENT_PROTOCOL_VERSION } from "./stream-event.js";
export type {
  EventBase,
  RunStartEvent,
  RunEndEvent,
  StepStartEvent,
  StepEndEvent,
  TextDeltaEvent,
  ReasoningDeltaEvent,
  ToolCallEvent,
  ToolStartEvent,
  ToolProgressEvent,
  ToolStreamEvent,
  ToolDoneEvent,
  ToolErrorEvent,
  ToolInterruptedEvent,
  UsageEvent,
  ContextTrimmedEvent,
  ContextOverflowEvent,
  ContextSummarizedEvent,
  PlanUpdatedEvent,
  HandoffEvent,
  LoopDetectedEvent,
  BudgetExceededEvent,
  ErrorEvent,
  MessageEvent,
  ToolEvent,
  StreamEvent,
  StreamEventType,
  StreamEventOf,
  DistributiveOmit,
  UnstampedEvent,
  AgentEvent,
} from "./stream-event.js";
export type { EventSink } from "./event-sink.js";
export type {
  ProgressStepStatus,
  ProgressItem,
  ProgressStepUpdate,
  SerializedProgressStep,
  SerializedProgressGroup,
} from "./progress.js";
export { applyProgressStepUpdate } from "./apply-progress-step-update.js";
export type { RunEventLog, RunEventLogHead } from "./run-event-log.js";
