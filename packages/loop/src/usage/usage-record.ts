import { costOf, type ModelProvider, type TokenUsage, type Usage } from "@baton/core";

/** Builds the usage record of one model call, with its cost when the provider knows the model's prices. */
export function usageRecord(
  provider: ModelProvider,
  model: string,
  agentPath: string,
  iteration: number,
  tokens: TokenUsage,
  tools: readonly string[],
  startedAt: number,
): Usage {
  const pricing = provider.getModelInfo?.(model)?.pricing;
  const { inputTokens, outputTokens, cachedInputTokens, reasoningTokens } = tokens;
  // Two literals rather than an optional key spread into one (V8's slow path, on every call).
  return pricing
    ? { model, agentPath, iteration, inputTokens, outputTokens, cachedInputTokens, reasoningTokens, tools, costUsd: costOf(tokens, pricing), startedAt }
    : { model, agentPath, iteration, inputTokens, outputTokens, cachedInputTokens, reasoningTokens, tools, startedAt };
}
