import { writeFile } from "node:fs/promises";
import type { ModelProvider, RunResult } from "@baton/core";
import type { EvalCase } from "../dataset/eval-case.js";
import { expectationScorers } from "../dataset/expectation-scorers.js";
import { type Scorer, scoreRun } from "../scorers/scorer.js";
import type { EvalAttempt, EvalCaseResult, EvalResult } from "./eval-result.js";
import { passAtK } from "./pass-at-k.js";
import { type CacheCounts, cachedProvider, memoryResponseCache, type ResponseCache } from "./response-cache.js";

/** What a case's run gets from `runEval`. */
export interface EvalRunContext {
  /** The eval's provider behind its response cache: give it to the agent. */
  readonly provider: ModelProvider;
  readonly caseId: string;
  /** Which repeat (from 0). */
  readonly repeat: number;
  readonly evalCase: EvalCase;
}

/** Where an eval stands, after each attempt. */
export interface EvalProgress {
  readonly done: number;
  readonly total: number;
  readonly passed: number;
  readonly failed: number;
  /** The attempt that just ended. */
  readonly caseId: string;
  readonly repeat: number;
  readonly attemptPassed: boolean;
}

/** Options of {@link runEval}. */
export interface RunEvalOptions {
  readonly dataset: readonly EvalCase[];
  /** The model the cases run on; the eval puts its response cache in front of it. */
  readonly provider: ModelProvider;
  /** Runs one case: build the agent with `context.provider` and run the input. */
  readonly run: (input: string, context: EvalRunContext) => Promise<RunResult>;
  /** Scorers for every case (beside each case's own and its expectations). */
  readonly scorers?: readonly Scorer[];
  /** Attempts running at once (default 4). */
  readonly concurrency?: number;
  /** Attempts per case (default 1); each is a sample of its own in the cache. */
  readonly repeats?: number;
  /** Where model responses are kept by request (default: in memory); `false` for none. */
  readonly cache?: ResponseCache | false;
  /** Called after each attempt (`progressPrinter()` draws a bar in a terminal, lines in a pipe). */
  readonly onProgress?: (progress: EvalProgress) => void;
  /** A name for reports. */
  readonly name?: string;
}

/**
 * Runs every case of a dataset `repeats` times, `concurrency` attempts at once, scores
 * each attempt (the eval's scorers, the case's expectations, the case's own scorers) and
 * gives every case's pass rate, pass@k and mean score with the totals. Model responses
 * are kept by a hash of the request: re-running an unchanged eval with a kept cache
 * calls no model. A case whose run throws is a failed attempt with the error.
 *
 * @example
 * const result = await runEval({
 *   dataset: await loadDataset("weather.jsonl"),
 *   provider,
 *   run: (input, { provider }) => createAgent({ provider, model: "gpt-4o", tools }).run(input),
 *   repeats: 3,
 *   cache: fileResponseCache(".eval-cache"),
 *   onProgress: progressPrinter(),
 * });
 */
export async function runEval(options: RunEvalOptions): Promise<EvalResult> {
  const repeats = options.repeats ?? 1;
  const concurrency = options.concurrency ?? 4;
  if (!Number.isInteger(repeats) || repeats < 1) throw new RangeError(`runEval: repeats must be a whole number ≥ 1 (got ${repeats}).`);
  if (!Number.isInteger(concurrency) || concurrency < 1) throw new RangeError(`runEval: concurrency must be a whole number ≥ 1 (got ${concurrency}).`);
  const cache = options.cache === false ? undefined : (options.cache ?? memoryResponseCache());
  const counts: CacheCounts = { hits: 0, misses: 0 };
  const cases = options.dataset.map((evalCase, index) => ({
    evalCase,
    id: evalCase.id ?? `case-${index + 1}`,
    scorers: [...(options.scorers ?? []), ...expectationScorers(evalCase.expect), ...(evalCase.scorers ?? [])],
  }));
  const attempts: EvalAttempt[][] = cases.map(() => []);
  const queue = cases.flatMap((_, caseIndex) => Array.from({ length: repeats }, (_unused, repeat) => ({ caseIndex, repeat })));
  const total = queue.length;
  let done = 0;
  let passed = 0;
  const startedAt = new Date();
  const started = performance.now();

  const attempt = async (caseIndex: number, repeat: number): Promise<EvalAttempt> => {
    const { evalCase, id, scorers } = cases[caseIndex]!;
    const provider = cache ? cachedProvider(options.provider, cache, repeat, counts) : options.provider;
    const begin = performance.now();
    let result: RunResult;
    try {
      result = await options.run(evalCase.input, { provider, caseId: id, repeat, evalCase });
    } catch (error) {
      const durationMs = performance.now() - begin;
      const message = error instanceof Error ? error.message : String(error);
      return { repeat, passed: false, scores: [], durationMs, text: "", iterations: 0, toolCalls: 0, inputTokens: 0, outputTokens: 0, error: message };
    }
    const durationMs = performance.now() - begin;
    const scored = await scoreRun({ result, durationMs, input: evalCase.input }, scorers);
    const totals = result.usage.total;
    return {
      repeat,
      passed: scored.passed,
      scores: scored.scores,
      durationMs,
      text: result.text,
      stopReason: result.stopReason,
      iterations: result.iterations,
      toolCalls: result.toolCalls.length,
      inputTokens: totals.inputTokens,
      outputTokens: totals.outputTokens,
      ...(totals.costComplete && totals.costUsd !== undefined ? { costUsd: totals.costUsd } : {}),
      runId: result.runId,
    };
  };

  const worker = async (): Promise<void> => {
    for (let next = queue.shift(); next !== undefined; next = queue.shift()) {
      const outcome = await attempt(next.caseIndex, next.repeat);
      attempts[next.caseIndex]![next.repeat] = outcome;
      done++;
      if (outcome.passed) passed++;
      options.onProgress?.({
        done,
        total,
        passed,
        failed: done - passed,
        caseId: cases[next.caseIndex]!.id,
        repeat: next.repeat,
        attemptPassed: outcome.passed,
      });
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, total) }, worker));

  const caseResults: EvalCaseResult[] = cases.map(({ evalCase, id }, index) => {
    const list = attempts[index]!;
    const passedCount = list.filter((each) => each.passed).length;
    return {
      id,
      input: evalCase.input,
      ...(evalCase.metadata ? { metadata: evalCase.metadata } : {}),
      attempts: list,
      passRate: passedCount / list.length,
      passAtK: passAtK(list.length, passedCount, list.length),
      meanScore: mean(list.map((each) => mean(each.scores.map((score) => score.score)))),
    };
  });
  const all = attempts.flat();
  const costs = all.map((each) => each.costUsd);
  return {
    format: "baton-eval-result",
    version: 1,
    ...(options.name !== undefined ? { name: options.name } : {}),
    startedAt: startedAt.toISOString(),
    durationMs: performance.now() - started,
    repeats,
    cases: caseResults,
    summary: {
      cases: caseResults.length,
      passedCases: caseResults.filter((each) => each.passRate === 1).length,
      passRate: all.length === 0 ? 0 : passed / all.length,
      meanScore: mean(caseResults.map((each) => each.meanScore)),
      inputTokens: sum(all.map((each) => each.inputTokens)),
      outputTokens: sum(all.map((each) => each.outputTokens)),
      ...(costs.every((cost) => cost !== undefined) ? { costUsd: sum(costs as number[]) } : {}),
      cachedModelCalls: counts.hits,
      providerModelCalls: counts.misses,
    },
  };
}

/** Writes an eval's result as JSON (two-space indented) to `path`. */
export async function writeEvalResult(path: string, result: EvalResult): Promise<void> {
  await writeFile(path, `${JSON.stringify(result, null, 2)}\n`);
}

function sum(values: readonly number[]): number {
  return values.reduce((total, value) => total + value, 0);
}

function mean(values: readonly number[]): number {
  return values.length === 0 ? 0 : sum(values) / values.length;
}
