import type { RunResult } from "@baton/core";
import { type RunBudget, withinBudget } from "../scorers/budget-scorer.js";
import type { Score, ScoredRun } from "../scorers/scorer.js";
import { toolCalled } from "../scorers/tool-scorers.js";

/** What the matchers accept: a run's result, or a scored run (a result with its duration, for a latency budget). */
export type MatchedRun = RunResult | ScoredRun;

/** What a Vitest matcher returns. */
export interface MatcherOutcome {
  readonly pass: boolean;
  /** What failed (or, negated, what passed), for the test's report. */
  readonly message: () => string;
}

function scoredRunOf(received: unknown): ScoredRun {
  if (received !== null && typeof received === "object") {
    if ("result" in received && typeof (received as ScoredRun).result === "object") return received as ScoredRun;
    if ("toolCalls" in received && "usage" in received) return { result: received as RunResult };
  }
  throw new TypeError("Expected a run's result (what run() or agent.run() returns) or { result, durationMs }.");
}

async function outcomeOf(score: Score | Promise<Score>, negated: string): Promise<MatcherOutcome> {
  const verdict = await score;
  return { pass: verdict.passed, message: () => (verdict.passed ? negated : `${verdict.name}: ${verdict.reason}`) };
}

/**
 * Vitest matchers for runs; add them with `expect.extend(evalMatchers)` (in a setup file
 * or a test file):
 *
 * - `expect(result).toHaveCalledTool(name, args?)`: the run called the tool, with
 *   arguments matching `args` (a partial object; regular expressions, predicates and
 *   `expect.any(String)` inside);
 * - `expect(result).toStayWithinBudget({ tokens, costUsd, iterations, latencyMs })`: the
 *   run stayed within each budget given (`latencyMs` needs `{ result, durationMs }`).
 */
export const evalMatchers = {
  /** `expect(result).toHaveCalledTool(name, args?)`. */
  async toHaveCalledTool(received: unknown, name: string, args?: unknown): Promise<MatcherOutcome> {
    return outcomeOf(
      toolCalled(name, args).score(scoredRunOf(received)),
      `expected the run not to call ${name}${args === undefined ? "" : " with these arguments"}, but it did`,
    );
  },
  /** `expect(result).toStayWithinBudget(budget)`. */
  async toStayWithinBudget(received: unknown, budget: RunBudget): Promise<MatcherOutcome> {
    return outcomeOf(withinBudget(budget).score(scoredRunOf(received)), "expected the run to exceed its budget, but it stayed within it");
  },
};

/** The matchers' types on Vitest's `expect`. */
export interface EvalMatchers<R = unknown> {
  /** The run called the tool `name`, with arguments matching `args` when given. */
  toHaveCalledTool(name: string, args?: unknown): Promise<R>;
  /** The run stayed within every budget given. */
  toStayWithinBudget(budget: RunBudget): Promise<R>;
}

declare module "vitest" {
  // biome-ignore lint/suspicious/noExplicitAny: Vitest declares Assertion<T = any>.
  interface Assertion<T = any> extends EvalMatchers<T> {}
  interface AsymmetricMatchersContaining extends EvalMatchers {}
}
