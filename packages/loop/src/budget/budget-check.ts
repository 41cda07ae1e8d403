import { CostBudgetExceededError, TokenBudgetExceededError, costOf, type ModelPricing, type ModelRequest, type TokenCounter } from "@baton/core";
import type { RunBudget } from "./run-budget.js";
import { missingPricing } from "./missing-pricing.js";

/**
 * Slack for float sums of dollar amounts (a billionth of a dollar), so a projection
 * that lands exactly on the cost budget is not refused because of rounding.
 */
const COST_EPSILON = 1e-9;

/** What the next model call may use at most, as far as it can be known before it starts. */
export interface CallProjection {
  /** Input tokens: counted by the token counter, or the last call's input as an estimate. */
  readonly inputTokens: number;
  /** Output tokens reserved for the call. */
  readonly outputTokens: number;
  /** `inputTokens + outputTokens`. */
  readonly tokens: number;
  /** The projection at the model's prices (input billed uncached); 0 when no cost budget is set. */
  readonly costUsd: number;
}

/** What {@link projectCall} needs besides the request. */
export interface ProjectionInputs {
  /** Counts the request's messages and tools; without it `lastInputTokens` is the estimate. */
  readonly counter: TokenCounter | undefined;
  /** `maxOutputTokens` of the run, else the model's `maxOutputTokens`, else 0. */
  readonly reservedOutputTokens: number;
  /** Input tokens the agent's previous call reported (0 before its first call). */
  readonly lastInputTokens: number;
  /** The model's prices; required when the budget has a cost limit. */
  readonly pricing: ModelPricing | undefined;
  /** Provider id, for the error when prices are missing. */
  readonly providerId: string;
}

/**
 * Projects the next call: its input (counted, or estimated from the previous call's)
 * plus its reserved output, in tokens and, with a cost budget, in dollars. Throws a
 * {@link ConfigurationError} when a cost budget is set but the model has no prices.
 */
export function projectCall(budget: RunBudget, request: ModelRequest, inputs: ProjectionInputs): CallProjection {
  const inputTokens = inputs.counter
    ? inputs.counter.countMessages(request.messages, { model: request.model, ...(request.tools ? { tools: request.tools } : {}) }).tokens
    : inputs.lastInputTokens;
  const outputTokens = inputs.reservedOutputTokens;
  let costUsd = 0;
  if (budget.costLimit !== undefined) {
    if (!inputs.pricing) throw missingPricing(request.model, inputs.providerId);
    costUsd = costOf({ inputTokens, outputTokens, cachedInputTokens: 0, reasoningTokens: 0 }, inputs.pricing);
  }
  return { inputTokens, outputTokens, tokens: inputTokens + outputTokens, costUsd };
}

/**
 * Checks the next call against the run's budgets: a budget stops the run when it is
 * used up, or when what is used plus the call's projection would exceed it. The token
 * budget is checked first. Returns the error to stop with, or undefined.
 */
export function checkBudgets(budget: RunBudget, projection: CallProjection): TokenBudgetExceededError | CostBudgetExceededError | undefined {
  if (budget.tokenLimit !== undefined) {
    const used = budget.usedTokens;
    if (used >= budget.tokenLimit || used + projection.tokens > budget.tokenLimit) {
      return new TokenBudgetExceededError(used, budget.tokenLimit, projection.tokens > 0 ? projection.tokens : undefined);
    }
  }
  if (budget.costLimit !== undefined) {
    const used = budget.usedCost;
    if (used >= budget.costLimit || used + projection.costUsd > budget.costLimit + COST_EPSILON) {
      return new CostBudgetExceededError(used, budget.costLimit, projection.costUsd);
    }
  }
  return undefined;
}
