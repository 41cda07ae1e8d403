import type { Scorer } from "./scorer.js";

/** The budgets of {@link withinBudget}; each one given is checked. */
export interface RunBudget {
  /** Input and output tokens of every model call together. */
  readonly tokens?: number;
  /** Cost in US dollars (a run whose cost is not fully known fails this budget). */
  readonly costUsd?: number;
  /** Model calls. */
  readonly iterations?: number;
  /** Wall-clock milliseconds (the run's `durationMs`). */
  readonly latencyMs?: number;
}

/** Passes when the run stayed within every budget given; the reason names each one exceeded, with the figure. */
export function withinBudget(budget: RunBudget): Scorer {
  const name = `withinBudget(${Object.entries(budget)
    .map(([key, value]) => `${key} ≤ ${value}`)
    .join(", ")})`;
  return {
    name,
    score({ result, durationMs }) {
      const over: string[] = [];
      const total = result.usage.total;
      const tokens = total.inputTokens + total.outputTokens;
      if (budget.tokens !== undefined && tokens > budget.tokens) over.push(`tokens ${tokens} > ${budget.tokens}`);
      if (budget.costUsd !== undefined) {
        if (total.costUsd === undefined || !total.costComplete) over.push("cost unknown (a model without prices)");
        else if (total.costUsd > budget.costUsd) over.push(`cost $${total.costUsd.toFixed(6)} > $${budget.costUsd}`);
      }
      if (budget.iterations !== undefined && result.iterations > budget.iterations) over.push(`iterations ${result.iterations} > ${budget.iterations}`);
      if (budget.latencyMs !== undefined) {
        if (durationMs === undefined) over.push("latency not measured");
        else if (durationMs > budget.latencyMs) over.push(`latency ${Math.round(durationMs)} ms > ${budget.latencyMs} ms`);
      }
      const passed = over.length === 0;
      return { name, score: passed ? 1 : 0, passed, reason: passed ? "within budget" : over.join("; ") };
    },
  };
}
