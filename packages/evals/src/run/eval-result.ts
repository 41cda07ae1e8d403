import type { StopReason } from "@baton/core";
import type { Score } from "../scorers/scorer.js";

/** One attempt at a case (one of its repeats). */
export interface EvalAttempt {
  /** Which repeat (from 0). */
  readonly repeat: number;
  readonly passed: boolean;
  readonly scores: readonly Score[];
  readonly durationMs: number;
  /** The run's answer. */
  readonly text: string;
  readonly stopReason?: StopReason;
  readonly iterations: number;
  readonly toolCalls: number;
  readonly inputTokens: number;
  readonly outputTokens: number;
  /** Cost in US dollars, when every model's prices were known. */
  readonly costUsd?: number;
  /** The run's id, to open it in the viewer when it was stored. */
  readonly runId?: string;
  /** Set when the run could not be made at all (the case's run function threw). */
  readonly error?: string;
}

/** A case's attempts and how it fared over them. */
export interface EvalCaseResult {
  readonly id: string;
  readonly input: string;
  readonly metadata?: Readonly<Record<string, unknown>>;
  readonly attempts: readonly EvalAttempt[];
  /** Share of the attempts that passed. */
  readonly passRate: number;
  /** pass@k with k = the number of attempts: 1 when any attempt passed. */
  readonly passAtK: number;
  /** Mean over the attempts of the mean of their scores. */
  readonly meanScore: number;
}

/** What `runEval` gives and writes: every case's result and the totals. */
export interface EvalResult {
  readonly format: "baton-eval-result";
  readonly version: 1;
  readonly name?: string;
  /** When the eval started (ISO 8601). */
  readonly startedAt: string;
  readonly durationMs: number;
  readonly repeats: number;
  readonly cases: readonly EvalCaseResult[];
  readonly summary: {
    readonly cases: number;
    /** Cases whose every attempt passed. */
    readonly passedCases: number;
    /** Share of all attempts that passed. */
    readonly passRate: number;
    readonly meanScore: number;
    readonly inputTokens: number;
    readonly outputTokens: number;
    /** Total cost in US dollars, when every attempt's was known. */
    readonly costUsd?: number;
    /** Model calls answered from the response cache. */
    readonly cachedModelCalls: number;
    /** Model calls sent to the provider. */
    readonly providerModelCalls: number;
  };
}
