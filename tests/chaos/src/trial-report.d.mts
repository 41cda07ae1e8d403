import type { TrialResult } from "./in-process-trial.mjs";

/** The failure message of a trial with violations, with its seed and how to rerun it (empty when it has none). */
export declare function violationReport(result: TrialResult): string;

/** The value at quantile `q` (0–1) of `values`. */
export declare function quantile(values: readonly number[], q: number): number;

/** The numbers of a fault kind's trials. */
export interface TrialsSummary {
  readonly trials: number;
  readonly runs: number;
  readonly toolCalls: number;
  readonly executions: number;
  readonly decided: number;
  readonly settleP50: number;
  readonly settleP95: number;
  readonly violations: number;
  readonly failedTrials: number;
}

export declare function summariseTrials(results: readonly TrialResult[]): TrialsSummary;
