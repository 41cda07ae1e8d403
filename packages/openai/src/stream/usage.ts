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
 * Token usage from a Chat Completions `usage` object: prompt and completion tokens,
 * `prompt_tokens_details.cached_tokens` (or DeepSeek's `prompt_cache_hit_tokens`) and
 * `completion_tokens_details.reasoning_tokens`. When `total_tokens` is larger than
 * prompt + completion (xAI leaves reasoning out of `completion_tokens`), the output is
 * the total minus the prompt, so it always includes reasoning.
 */
export function chatUsage(usage: ChatUsageFields): TokenUsage {
  const inputTokens = usage.prompt_tokens ?? 0;
  let outputTokens = usage.completion_tokens ?? 0;
  const total = usage.total_tokens ?? 0;
  if (total > inputTokens + outputTokens) outputTokens = total - inputTokens;
  return {
    inputTokens,
    outputTokens,
    cachedInputTokens: usage.prompt_tokens_details?.cached_tokens ?? usage.prompt_cache_hit_tokens ?? 0,
    reasoningTokens: usage.completion_tokens_details?.reasoning_tokens ?? 0,
  };
}

/** Token usage from a Responses API `usage` object (`input_tokens_details` / `output_tokens_details`). */
export function responsesUsage(usage: ResponsesUsageFields): TokenUsage {
  return {
    inputTokens: usage.input_tokens ?? 0,
    outputTokens: usage.output_tokens ?? 0,
    cachedInputTokens: usage.input_tokens_details?.cached_tokens ?? 0,
    reasoningTokens: usage.output_tokens_details?.reasoning_tokens ?? 0,
  };
}
