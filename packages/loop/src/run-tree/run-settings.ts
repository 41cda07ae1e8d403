import type { ContextEngine, TokenCounter } from "@baton/core";
import type { RunBudget } from "../budget/run-budget.js";

/** The limits and services of a run, resolved from its options (sub-agents inherit them). */
export interface RunSettings {
  readonly toolCallLimit: number;
  readonly maxIterations: number;
  readonly maxOutputTokens: number | undefined;
  readonly temperature: number | undefined;
  readonly toolTimeoutMs: number | undefined;
  readonly maxConcurrentTools: number | undefined;
  readonly maxToolErrorLength: number;
  /** The run's token and cost budgets, one object shared with every sub-agent; undefined without budgets. */
  readonly budget: RunBudget | undefined;
  readonly tokenCounter: TokenCounter | undefined;
  readonly contextEngine: ContextEngine | undefined;
  /** The window of a model. */
  readonly contextLimit: (model: string) => number;
  readonly context: Readonly<Record<string, unknown>>;
  readonly maxDepth: number;
}
