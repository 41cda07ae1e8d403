import { percent } from "./percent.js";
import type { EvalCaseResult, EvalResult } from "../run/eval-result.js";

/** How one case changed from the base eval to the candidate. */
export interface CaseComparison {
  readonly id: string;
  /** `regressed` and `improved` by pass rate or mean score beyond the threshold; `added` and `removed` for cases in one eval only. */
  readonly change: "regressed" | "improved" | "unchanged" | "added" | "removed";
  readonly passRate: { readonly base?: number; readonly candidate?: number };
  readonly meanScore: { readonly base?: number; readonly candidate?: number };
  /** Mean cost of an attempt in US dollars, when known on both sides. */
  readonly costDeltaUsd?: number;
  /** Mean duration of an attempt, candidate minus base, in milliseconds. */
  readonly durationDeltaMs?: number;
  /** Mean tokens of an attempt, candidate minus base. */
  readonly tokensDelta?: number;
}

/** Two evals compared case by case (`compareEvals`). */
export interface EvalComparison {
  readonly cases: readonly CaseComparison[];
  readonly regressions: number;
  readonly improvements: number;
  /** True when any case regressed: gate a pull request on it. */
  readonly regressed: boolean;
}

/** Options of {@link compareEvals}. */
export interface CompareOptions {
  /** A drop in pass rate or mean score up to this much (0–1) is not a regression (default 0). */
  readonly threshold?: number;
}

/**
 * Compares a candidate eval with a base one, case by case (by id): regressions and
 * improvements by pass rate and mean score beyond `threshold`, and the change in cost,
 * duration and tokens per attempt.
 */
export function compareEvals(base: EvalResult, candidate: EvalResult, options: CompareOptions = {}): EvalComparison {
  const threshold = options.threshold ?? 0;
  const before = new Map(base.cases.map((each) => [each.id, each]));
  const after = new Map(candidate.cases.map((each) => [each.id, each]));
  const ids = [...new Set([...before.keys(), ...after.keys()])];
  const cases = ids.map((id): CaseComparison => {
    const old = before.get(id);
    const now = after.get(id);
    const passRate = { ...(old ? { base: old.passRate } : {}), ...(now ? { candidate: now.passRate } : {}) };
    const meanScore = { ...(old ? { base: old.meanScore } : {}), ...(now ? { candidate: now.meanScore } : {}) };
    if (!old || !now) return { id, change: old ? "removed" : "added", passRate, meanScore };
    const worse = old.passRate - now.passRate > threshold || old.meanScore - now.meanScore > threshold;
    const better = now.passRate - old.passRate > threshold || now.meanScore - old.meanScore > threshold;
    const oldCost = meanOf(old, (attempt) => attempt.costUsd);
    const newCost = meanOf(now, (attempt) => attempt.costUsd);
    return {
      id,
      change: worse ? "regressed" : better ? "improved" : "unchanged",
      passRate,
      meanScore,
      ...(oldCost !== undefined && newCost !== undefined ? { costDeltaUsd: newCost - oldCost } : {}),
      durationDeltaMs: (meanOf(now, (attempt) => attempt.durationMs) ?? 0) - (meanOf(old, (attempt) => attempt.durationMs) ?? 0),
      tokensDelta:
        (meanOf(now, (attempt) => attempt.inputTokens + attempt.outputTokens) ?? 0) -
        (meanOf(old, (attempt) => attempt.inputTokens + attempt.outputTokens) ?? 0),
    };
  });
  const regressions = cases.filter((each) => each.change === "regressed").length;
  return { cases, regressions, improvements: cases.filter((each) => each.change === "improved").length, regressed: regressions > 0 };
}

/** A comparison as text: the regressions first, then the improvements, added and removed cases, and a count of the unchanged. */
export function formatComparison(comparison: EvalComparison): string {
  const order = ["regressed", "improved", "added", "removed"] as const;
  const lines: string[] = [];
  for (const change of order) {
    for (const each of comparison.cases.filter((item) => item.change === change)) {
      const rate = `pass rate ${percent(each.passRate.base)} → ${percent(each.passRate.candidate)}`;
      const score = `score ${fixed(each.meanScore.base)} → ${fixed(each.meanScore.candidate)}`;
      const extra = [
        each.tokensDelta !== undefined ? `tokens ${signed(Math.round(each.tokensDelta))}` : undefined,
        each.costDeltaUsd !== undefined ? `cost ${each.costDeltaUsd >= 0 ? "+" : "−"}$${Math.abs(each.costDeltaUsd).toFixed(4)}` : undefined,
        each.durationDeltaMs !== undefined ? `${signed(Math.round(each.durationDeltaMs))} ms` : undefined,
      ].filter((item) => item !== undefined);
      lines.push(`${change.padEnd(9)} ${each.id}: ${rate}, ${score}${extra.length > 0 ? `, ${extra.join(", ")}` : ""}`);
    }
  }
  const unchanged = comparison.cases.filter((item) => item.change === "unchanged").length;
  lines.push(`${comparison.regressions} regressed, ${comparison.improvements} improved, ${unchanged} unchanged`);
  return lines.join("\n");
}

function meanOf(result: EvalCaseResult, value: (attempt: EvalCaseResult["attempts"][number]) => number | undefined): number | undefined {
  const values = result.attempts.map(value);
  if (values.length === 0 || values.some((item) => item === undefined)) return undefined;
  return (values as number[]).reduce((total, item) => total + item, 0) / values.length;
}

function fixed(value: number | undefined): string {
  return value === undefined ? "—" : value.toFixed(2);
}

function signed(value: number): string {
  return value >= 0 ? `+${value}` : `−${Math.abs(value)}`;
}
