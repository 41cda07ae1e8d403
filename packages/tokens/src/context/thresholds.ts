import type { StrategyContext } from "./context-strategy.js";

/**
 * Whether a strategy with its own token threshold should act: the request is over
 * `maxTokens`, or does not fit the budget. Counts from the newest message back and
 * stops once past the smaller limit, so the cost follows the threshold.
 */
export function overThreshold(context: StrategyContext, maxTokens: number): boolean {
  const limit = Math.min(maxTokens, context.budget);
  return context.tokens.requestUpTo(context.messages, limit) > limit;
}
