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
export { RETRY_POLICY_RULES, type RetryPolicy, type RetryListener } from "./retry-policy.js";
export { modelInfo } from "./model-info.js";
