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
  return {
    model,
    agentPath,
    iteration,
    inputTokens: tokens.inputTokens,
    outputTokens: tokens.outputTokens,
    cachedInputTokens: tokens.cachedInputTokens,
    reasoningTokens: tokens.reasoningTokens,
    tools,
    ...(pricing ? { costUsd: costOf(tokens, pricing) } : {}),
    startedAt,
  };
}
