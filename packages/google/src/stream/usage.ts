import type { TokenUsage } from "@baton/core";
import type { GeminiUsageMetadata } from "../sdk-types.js";

/**
 * Gemini's `usageMetadata` → Baton's token usage, or `undefined` when the chunk
 * carries no counts. Input is `promptTokenCount` (cached tokens included) plus
 * `toolUsePromptTokenCount`; output is `candidatesTokenCount` plus
 * `thoughtsTokenCount`, because Gemini counts thoughts apart from the answer but
 * bills them as output; `cachedContentTokenCount` and `thoughtsTokenCount` are the
 * cached and reasoning shares.
 *
 * @example toTokenUsage({ promptTokenCount: 9, candidatesTokenCount: 23, thoughtsTokenCount: 302 })
 * // { inputTokens: 9, outputTokens: 325, cachedInputTokens: 0, reasoningTokens: 302 }
 */
export function toTokenUsage(metadata: GeminiUsageMetadata): TokenUsage | undefined {
  const { promptTokenCount, toolUsePromptTokenCount, candidatesTokenCount, thoughtsTokenCount, cachedContentTokenCount } = metadata;
  if (promptTokenCount === undefined && candidatesTokenCount === undefined && thoughtsTokenCount === undefined) return undefined;
  return {
    inputTokens: (promptTokenCount ?? 0) + (toolUsePromptTokenCount ?? 0),
    outputTokens: (candidatesTokenCount ?? 0) + (thoughtsTokenCount ?? 0),
    cachedInputTokens: cachedContentTokenCount ?? 0,
    reasoningTokens: thoughtsTokenCount ?? 0,
  };
}
