import type { TokenUsage } from "@baton/core";
import type { GeminiUsageMetadata } from "../sdk-types.js";

/**
 * A token count as the adapter trusts it: a finite, non-negative number; anything
 * else Gemini (or a proxy) sent (NaN, Infinity, a negative number, a string, nothing) counts as 0.
 */
export function tokenCount(value: unknown): number {
  return typeof value === "number" && Number.isFinite(value) && value >= 0 ? value : 0;
}

/**
 * Gemini's `usageMetadata` → Baton's token usage, or `undefined` when the chunk
 * carries no counts. Input is `promptTokenCount` (cached tokens included) plus
 * `toolUsePromptTokenCount`; output is `candidatesTokenCount` plus
 * `thoughtsTokenCount`, because Gemini counts thoughts apart from the answer but
 * bills them as output; `cachedContentTokenCount` and `thoughtsTokenCount` are the
 * cached and reasoning shares. A count that is missing or not a finite non-negative
 * number counts as 0.
 *
 * @example toTokenUsage({ promptTokenCount: 9, candidatesTokenCount: 23, thoughtsTokenCount: 302 })
 * // { inputTokens: 9, outputTokens: 325, cachedInputTokens: 0, reasoningTokens: 302 }
 */
export function toTokenUsage(metadata: GeminiUsageMetadata): TokenUsage | undefined {
  const { promptTokenCount, toolUsePromptTokenCount, candidatesTokenCount, thoughtsTokenCount, cachedContentTokenCount } = metadata;
  if (promptTokenCount === undefined && candidatesTokenCount === undefined && thoughtsTokenCount === undefined) return undefined;
  const thoughts = tokenCount(thoughtsTokenCount);
  return {
    inputTokens: tokenCount(promptTokenCount) + tokenCount(toolUsePromptTokenCount),
    outputTokens: tokenCount(candidatesTokenCount) + thoughts,
    cachedInputTokens: tokenCount(cachedContentTokenCount),
    reasoningTokens: thoughts,
  };
}
