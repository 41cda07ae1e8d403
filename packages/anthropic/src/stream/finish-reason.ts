import type { FinishReason } from "@baton/core";

/**
 * Baton's finish reason for an Anthropic `stop_reason`: `end_turn` and
 * `stop_sequence` → `stop`, `tool_use` → `tool_calls`, `max_tokens` and
 * `model_context_window_exceeded` → `length`, `refusal` → `content_filter`;
 * anything else (`pause_turn`, a missing or new reason) → `other`.
 *
 * @example toFinishReason("tool_use") // "tool_calls"
 */
export function toFinishReason(stopReason: string | null | undefined): FinishReason {
  switch (stopReason) {
    case "end_turn":
    case "stop_sequence":
      return "stop";
    case "tool_use":
      return "tool_calls";
    case "max_tokens":
    case "model_context_window_exceeded":
      return "length";
    case "refusal":
      return "content_filter";
    default:
      return "other";
  }
}
