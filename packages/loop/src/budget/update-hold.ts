import { costOf, type TokenUsage } from "@baton/core";
import type { AgentRun } from "../run-tree/agent-run.js";
import type { BudgetHold } from "./run-budget.js";

/** Updates the budget hold of a model call with what the call used (its cost too, when the budget has a cost limit). */
export function updateHold(run: AgentRun, hold: BudgetHold, usage: TokenUsage, model: string): void {
  const pricing = run.settings.budget?.costLimit === undefined ? undefined : run.provider.getModelInfo?.(model)?.pricing;
  hold.update(usage.inputTokens + usage.outputTokens, pricing ? costOf(usage, pricing) : 0);
}
