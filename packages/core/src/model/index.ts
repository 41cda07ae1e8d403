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
export type { RetryPolicy, RetryListener } from "./retry-policy.js";
