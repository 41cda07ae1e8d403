/**
 * `@baton/evals/vitest`: evals and run assertions in a Vitest suite. `describeEval` runs
 * an eval as a `describe` block with a test per case; `evalMatchers` (add them with
 * `expect.extend(evalMatchers)`) adds `toHaveCalledTool` and `toStayWithinBudget`.
 */
export { type DescribeEvalOptions, describeEval } from "./vitest/describe-eval.js";
export { type EvalMatchers, evalMatchers, type MatchedRun, type MatcherOutcome } from "./vitest/eval-matchers.js";
