import { beforeAll, describe, expect, it } from "vitest";
import { failedAttemptLines } from "../report/failed-attempts.js";
import { percent } from "../report/percent.js";
import type { EvalResult } from "../run/eval-result.js";
import { type RunEvalOptions, runEval } from "../run/run-eval.js";

/** Options of {@link describeEval}: those of `runEval`, and what a case must reach. */
export interface DescribeEvalOptions extends RunEvalOptions {
  /** Each case's pass rate over its attempts must reach this (default 1: every attempt passes). */
  readonly passRate?: number;
  /** Time for the whole eval, in milliseconds (default 120,000). */
  readonly timeoutMs?: number;
  /** Called with the result once the eval has run (write it, print its table). */
  readonly onResult?: (result: EvalResult) => unknown;
}

/**
 * A Vitest `describe` block that runs an eval once (`runEval`) and checks each case in
 * a test of its own, named by the case's id: it fails with every failed attempt's failed
 * scores and reasons when the case's pass rate is below `passRate`.
 *
 * @example
 * describeEval("weather agent", {
 *   dataset: await loadDataset("weather.jsonl"),
 *   provider: replayModel(recording),
 *   run: (input, { provider }) => run({ provider, model: "gpt-4o", input, tools }),
 * });
 */
export function describeEval(name: string, options: DescribeEvalOptions): void {
  const required = options.passRate ?? 1;
  describe(name, () => {
    let result: EvalResult | undefined;
    beforeAll(async () => {
      result = await runEval(options);
      await options.onResult?.(result);
    }, options.timeoutMs ?? 120_000);
    options.dataset.forEach((evalCase, index) => {
      const id = evalCase.id ?? `case-${index + 1}`;
      it(id, () => {
        const caseResult = result?.cases[index];
        if (caseResult === undefined) throw new Error(`The eval did not run case ${id}.`);
        const failures = failedAttemptLines(caseResult);
        expect(caseResult.passRate, `${id} passed ${percent(caseResult.passRate)} of its attempts\n${failures.join("\n")}`).toBeGreaterThanOrEqual(required);
      });
    });
  });
}
