import { percent } from "./percent.js";
import type { EvalResult } from "../run/eval-result.js";

/**
 * An eval's result as a terminal table: a row per case (whether every attempt passed,
 * pass rate, pass@k, mean score, mean tokens, total cost, mean duration), then the
 * summary. Plain text, no colour codes: it reads the same in a log.
 */
export function formatEvalTable(result: EvalResult): string {
  const header = ["case", "", "pass rate", "pass@k", "score", "tokens", "cost", "ms"];
  const rows = result.cases.map((each) => {
    const attempts = each.attempts.length;
    const tokens = each.attempts.reduce((total, attempt) => total + attempt.inputTokens + attempt.outputTokens, 0) / Math.max(1, attempts);
    const costs = each.attempts.map((attempt) => attempt.costUsd);
    const cost = costs.every((value) => value !== undefined) ? `$${(costs as number[]).reduce((a, b) => a + b, 0).toFixed(4)}` : "—";
    const ms = each.attempts.reduce((total, attempt) => total + attempt.durationMs, 0) / Math.max(1, attempts);
    return [
      each.id,
      each.passRate === 1 ? "✓" : "✗",
      percent(each.passRate),
      percent(each.passAtK),
      each.meanScore.toFixed(2),
      String(Math.round(tokens)),
      cost,
      String(Math.round(ms)),
    ];
  });
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]!.length)));
  const line = (cells: readonly string[]) =>
    cells
      .map((cell, column) => (column < 2 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!)))
      .join("  ")
      .trimEnd();
  const summary = result.summary;
  const cost = summary.costUsd === undefined ? "cost unknown" : `$${summary.costUsd.toFixed(4)}`;
  return [
    line(header),
    ...rows.map(line),
    "",
    `${summary.passedCases}/${summary.cases} cases passed · pass rate ${percent(summary.passRate)} · mean score ${summary.meanScore.toFixed(2)} · ${summary.inputTokens + summary.outputTokens} tokens · ${cost} · ${summary.cachedModelCalls} model calls from the cache, ${summary.providerModelCalls} to the provider`,
  ].join("\n");
}
