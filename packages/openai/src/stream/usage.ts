import type { TokenUsage } from "@baton/core";

/** The usage object of a Chat Completions chunk, with the fields compatible servers add. */
export interface ChatUsageFields {
  readonly prompt_tokens?: number | null;
  readonly completion_tokens?: number | null;
  readonly total_tokens?: number | null;
  readonly prompt_tokens_details?: { readonly cached_tokens?: number | null } | null;
  readonly completion_tokens_details?: { readonly reasoning_tokens?: number | null } | null;
  /** DeepSeek's name for cached prompt tokens. */
  readonly prompt_cache_hit_tokens?: number | null;
}

/** The usage object of the Responses API. */
export interface ResponsesUsageFields {
  readonly input_tokens?: number | null;
  readonly output_tokens?: number | null;
  readonly input_tokens_details?: { readonly cached_tokens?: number | null } | null;
  readonly output_tokens_details?: { readonly reasoning_tokens?: number | null } | null;
}

/**
 * A token count as the adapter trusts it: a finite, non-negative number; anything
 * else a server sent (NaN, Infinity, a negative number, a string, nothing) counts as 0.
 */
export function tokenCount(value: unknown): number {
  return typeof value === "number" && Number.isFinite(value) && value >= 0 ? value : 0;
}

/**
 * Token usage from a Chat Completions `usage` object: prompt and completion tokens,
 * `prompt_tokens_details.cached_tokens` (or DeepSeek's `prompt_cache_hit_tokens`) and
 * `completion_tokens_details.reasoning_tokens`. When `total_tokens` is larger than
 * prompt + completion (xAI leaves reasoning out of `completion_tokens`), the output is
 * the total minus the prompt, so it always includes reasoning. Counts that are not
 * finite non-negative numbers count as 0.
 */
export function chatUsage(usage: ChatUsageFields): TokenUsage {
  const inputTokens = tokenCount(usage.prompt_tokens);
  let outputTokens = tokenCount(usage.completion_tokens);
  const total = tokenCount(usage.total_tokens);
  if (total > inputTokens + outputTokens) outputTokens = total - inputTokens;
  const cached = usage.prompt_tokens_details?.cached_tokens;
  return {
    inputTokens,
    outputTokens,
    cachedInputTokens: tokenCount(cached === undefined || cached === null ? usage.prompt_cache_hit_tokens : cached),
    reasoningTokens: tokenCount(usage.completion_tokens_details?.reasoning_tokens),
  };
}

/**
 * Token usage from a Responses API `usage` object (`input_tokens_details` /
 * `output_tokens_details`). Counts that are not finite non-negative numbers count as 0.
 */
export function responsesUsage(usage: ResponsesUsageFields): TokenUsage {
  return {
    inputTokens: tokenCount(usage.input_tokens),
    outputTokens: tokenCount(usage.output_tokens),
    cachedInputTokens: tokenCount(usage.input_tokens_details?.cached_tokens),
    reasoningTokens: tokenCount(usage.output_tokens_details?.reasoning_tokens),
  };
}
