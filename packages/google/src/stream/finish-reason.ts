import type { FinishReason } from "@baton/core";

const FILTERED = new Set(["SAFETY", "RECITATION", "BLOCKLIST", "PROHIBITED_CONTENT", "SPII", "IMAGE_SAFETY", "IMAGE_PROHIBITED_CONTENT", "IMAGE_RECITATION"]);

/**
 * Gemini's `finishReason` → Baton's: `STOP` is `stop`, or `tool_calls` when the
 * answer held function calls (Gemini says `STOP` for both); `MAX_TOKENS` is
 * `length`; the safety, recitation, blocklist, prohibited-content and SPII filters
 * (text or image) are `content_filter`; anything else (`MALFORMED_FUNCTION_CALL`,
 * `LANGUAGE`, `OTHER`, …) is `other`.
 *
 * @example toFinishReason("STOP", true) // "tool_calls"
 */
export function toFinishReason(reason: string, hadFunctionCalls: boolean): FinishReason {
  if (reason === "STOP") return hadFunctionCalls ? "tool_calls" : "stop";
  if (reason === "MAX_TOKENS") return "length";
  return FILTERED.has(reason) ? "content_filter" : "other";
}
