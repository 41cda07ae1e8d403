import type { ContextEngine, TokenCounter } from "@baton/core";

/** The limits and services of a run, resolved from its options (sub-agents inherit them). */
export interface RunSettings {
  readonly toolCallLimit: number;
  readonly maxIterations: number;
  readonly maxOutputTokens: number | undefined;
  readonly temperature: number | undefined;
  readonly toolTimeoutMs: number | undefined;
  readonly maxConcurrentTools: number | undefined;
  readonly maxToolErrorLength: number;
  readonly tokenBudget: number | undefined;
  readonly tokenCounter: TokenCounter | undefined;
  readonly contextEngine: ContextEngine | undefined;
  /** The window of a model. */
  readonly contextLimit: (model: string) => number;
  readonly context: Readonly<Record<string, unknown>>;
  readonly maxDepth: number;
}
