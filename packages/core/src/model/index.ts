export type {
  ToolDefinition,
  ToolChoice,
  ModelRequest,
  FinishReason,
  TextDeltaPart,
  ReasoningDeltaPart,
  ToolCallDeltaPart,
  UsagePart,
  FinishPart,
  ModelStreamPart,
  ModelInfo,
  ModelProvider,
} from "./model-provider.js";
export { retryDelay, streamWithRetries, joinRetryListeners, RETRY_POLICY_RULES, type RetryPolicy, type RetryListener, type StreamAttempt } from "./retry.js";
export { retryAfterMs, type HeaderSource } from "./retry-after.js";
export { modelInfo } from "./model-info.js";
export { IdleWatch, DEFAULT_STREAM_IDLE_TIMEOUT_MS } from "./idle-watch.js";
