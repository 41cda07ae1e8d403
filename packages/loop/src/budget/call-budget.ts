import { TokenBudgetExceededError, type ModelRequest, type NextStep } from "@baton/core";
import type { AgentRun } from "../run-tree/agent-run.js";
import type { RunBudget } from "./run-budget.js";

/**
 * Checks the model call `request` of `run` against the run's budgets, before it
 * starts. Within budget, the call holds its projection (`run.hold`) until its usage is
 * recorded, and nothing is returned; over budget, a `budget-exceeded` event is emitted
 * and the step that stops the run (`token_budget` or `budget_exceeded`) is returned.
 */
export function checkCallBudget(run: AgentRun, budget: RunBudget, request: ModelRequest): NextStep | undefined {
  const { settings } = run;
  const info = run.provider.getModelInfo?.(request.model);
  const projection = budget.project(request, {
    counter: settings.tokenCounter,
    reservedOutputTokens: settings.maxOutputTokens ?? info?.maxOutputTokens ?? 0,
    lastInputTokens: run.lastInputTokens,
    pricing: info?.pricing,
    providerId: run.provider.id,
  });
  const exceeded = budget.exceeded(projection);
  if (exceeded) {
    const tokens = TokenBudgetExceededError.isInstance(exceeded);
    run.emit({ type: "budget-exceeded", budget: tokens ? "tokens" : "cost", limit: exceeded.limit, used: exceeded.used });
    return { type: "stop", reason: tokens ? "token_budget" : "budget_exceeded", error: exceeded };
  }
  run.hold = budget.hold(projection.tokens, projection.costUsd);
  return undefined;
}
