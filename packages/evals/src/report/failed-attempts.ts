import type { EvalCaseResult } from "../run/eval-result.js";

/**
 * Why each failed attempt of a case failed, a line each: `attempt 2: contains("21"): the
 * answer lacks "21"` (its failed scores and their reasons, or the error its run threw).
 */
export function failedAttemptLines(caseResult: EvalCaseResult): string[] {
  return caseResult.attempts
    .filter((attempt) => !attempt.passed)
    .map((attempt) => {
      const why =
        attempt.error ??
        attempt.scores
          .filter((score) => !score.passed)
          .map((score) => `${score.name}: ${score.reason}`)
          .join("; ");
      return `attempt ${attempt.repeat + 1}: ${why}`;
    });
}
