// How trials are reported: one line per violation, always with the seed and the
// command that reruns exactly that trial; and the numbers of a fault kind's trials.

/** The failure message of a trial with violations (empty when it has none). */
export function violationReport(result) {
  if (result.violations.length === 0) return "";
  const lines = [
    `Chaos trial ${result.kind} seed ${result.seed} broke ${result.violations.length} rule(s) — rerun it alone with CHAOS_SEED=${result.seed}`,
    `  faults: ${(result.faults ?? []).join(" | ")}`,
  ];
  for (const violation of result.violations) lines.push(`  - ${violation.rule}${violation.runId ? ` [${violation.runId}]` : ""}: ${violation.detail}`);
  return lines.join("\n");
}

/** The value at quantile `q` (0–1) of `values` (nearest rank). */
export function quantile(values, q) {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))];
}

/** The numbers of a fault kind's trials: trials, runs, tool calls, executions, in-doubt calls decided, settle time p50/p95, violations. */
export function summariseTrials(results) {
  const settle = results.map((result) => result.settleMs);
  return {
    trials: results.length,
    runs: results.reduce((sum, result) => sum + result.runs, 0),
    toolCalls: results.reduce((sum, result) => sum + result.toolCalls, 0),
    executions: results.reduce((sum, result) => sum + result.executions, 0),
    decided: results.reduce((sum, result) => sum + result.decided, 0),
    settleP50: quantile(settle, 0.5),
    settleP95: quantile(settle, 0.95),
    violations: results.reduce((sum, result) => sum + result.violations.length, 0),
    failedTrials: results.filter((result) => result.violations.length > 0).length,
  };
}
