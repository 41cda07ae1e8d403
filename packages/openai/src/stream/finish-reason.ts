import type { FinishReason } from "@baton/core";

/**
 * A Chat Completions `finish_reason` as a Baton finish reason: `stop`, `length`,
 * `content_filter` as they are, `tool_calls` and the legacy `function_call` as
 * `tool_calls`, anything else `other`. A `stop` after tool calls (some compatible
 * servers send it) is `tool_calls`.
 */
export function chatFinishReason(reason: string, sawToolCalls: boolean): FinishReason {
  switch (reason) {
    case "stop":
      return sawToolCalls ? "tool_calls" : "stop";
    case "tool_calls":
    case "function_call":
      return "tool_calls";
    case "length":
      return "length";
    case "content_filter":
      return "content_filter";
    default:
      return "other";
  }
}

/**
 * Why an incomplete Responses API response stopped (`incomplete_details.reason`):
 * `max_output_tokens` is `length`, `content_filter` is `content_filter`, anything else `other`.
 */
export function incompleteReason(reason: string | null | undefined): FinishReason {
  if (reason === "max_output_tokens") return "length";
  if (reason === "content_filter") return "content_filter";
  return "other";
}
