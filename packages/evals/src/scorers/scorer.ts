import type { RunResult } from "@baton/core";

/** What a scorer judges: a run's result, and how long the run took. */
export interface ScoredRun {
  readonly result: RunResult;
  /** The input the run answered (the judge shows it with the answer). */
  readonly input?: string;
  /** Wall-clock time of the run in milliseconds, when measured (the latency budget needs it). */
  readonly durationMs?: number;
}

/** One scorer's verdict on a run. */
export interface Score {
  /** The scorer's name, e.g. `contains("Paris")`. */
  readonly name: string;
  /** From 0 (worst) to 1 (best). */
  readonly score: number;
  /** Whether the run passes this scorer. */
  readonly passed: boolean;
  /** Why, in a sentence a person reads in a report. */
  readonly reason: string;
}

/** Judges a run: a built-in one (`answerContains`, `toolCalled`, `withinBudget`, …) or your own (`scorer`). */
export interface Scorer {
  readonly name: string;
  /** Judges one run. */
  score(run: ScoredRun): Score | Promise<Score>;
}

/** What a user's scoring function returns: a pass or fail, a score from 0 to 1, or either with a reason. */
export type ScorerVerdict = boolean | number | { readonly score: number | boolean; readonly reason?: string; readonly passed?: boolean };

/** Options of {@link scorer}. */
export interface ScorerOptions {
  /** A numeric score at or above it passes (default 1: only a perfect score). */
  readonly threshold?: number;
}

/**
 * A scorer from a plain function: it returns `true`/`false`, a score from 0 to 1, or
 * `{ score, reason, passed }`. A score outside 0–1 or a throw fails the run with the
 * error as the reason.
 *
 * @example
 * const short = scorer("short answer", ({ result }) => result.text.length <= 200);
 */
export function scorer(name: string, judge: (run: ScoredRun) => ScorerVerdict | Promise<ScorerVerdict>, options: ScorerOptions = {}): Scorer {
  const threshold = options.threshold ?? 1;
  return {
    name,
    async score(run) {
      let verdict: ScorerVerdict;
      try {
        verdict = await judge(run);
      } catch (error) {
        return { name, score: 0, passed: false, reason: `The scorer failed: ${error instanceof Error ? error.message : String(error)}` };
      }
      const detailed = typeof verdict === "object" ? verdict : { score: verdict };
      const score = typeof detailed.score === "boolean" ? (detailed.score ? 1 : 0) : detailed.score;
      if (!Number.isFinite(score) || score < 0 || score > 1)
        return { name, score: 0, passed: false, reason: `The scorer gave ${String(detailed.score)}, not a score from 0 to 1.` };
      const passed = detailed.passed ?? score >= threshold;
      return { name, score, passed, reason: detailed.reason ?? (passed ? "passed" : `scored ${score}, below ${threshold}`) };
    },
  };
}

/** Every scorer's verdict on a run, in the scorers' order, and whether the run passed them all. */
export async function scoreRun(run: ScoredRun, scorers: readonly Scorer[]): Promise<{ readonly scores: readonly Score[]; readonly passed: boolean }> {
  const scores = await Promise.all(scorers.map((each) => each.score(run)));
  return { scores, passed: scores.every((score) => score.passed) };
}
