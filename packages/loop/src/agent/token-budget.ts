import { TokenBudgetExceededError, totalUsage, type ModelRequest, type TokenCounter, type Usage } from "@baton/core";

/**
 * Checks, before a model call, that it cannot overshoot the run's token budget: the
 * tokens used so far plus (with a counter) the request's input and the reserved
 * output must fit. Returns the error to stop with, or undefined.
 */
export function checkTokenBudget(
  budget: number,
  usage: readonly Usage[],
  request: ModelRequest,
  counter: TokenCounter | undefined,
  reservedOutputTokens: number,
): TokenBudgetExceededError | undefined {
  const used = totalUsage(usage);
  const spent = used.inputTokens + used.outputTokens;
  const next = counter
    ? counter.countMessages(request.messages, { model: request.model, ...(request.tools ? { tools: request.tools } : {}) }).tokens + reservedOutputTokens
    : 0;
  if (spent < budget && spent + next <= budget) return undefined;
  return new TokenBudgetExceededError(spent, budget, next > 0 ? next : undefined);
}
