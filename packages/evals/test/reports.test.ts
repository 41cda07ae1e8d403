import { describe, expect, it } from "vitest";
import {
  compareEvals,
  type EvalAttempt,
  type EvalCaseResult,
  type EvalResult,
  formatComparison,
  formatEvalTable,
  readEvalResult,
  toJUnitXml,
} from "../src/index.js";

function attempt(passed: boolean, extra: Partial<EvalAttempt> = {}): EvalAttempt {
  return {
    repeat: 0,
    passed,
    scores: passed
      ? [{ name: 'contains("21")', score: 1, passed: true, reason: "ok" }]
      : [{ name: 'contains("21")', score: 0, passed: false, reason: 'the answer lacks "21"' }],
    durationMs: 400,
    text: passed ? "21 °C" : "cold",
    iterations: 2,
    toolCalls: 1,
    inputTokens: 100,
    outputTokens: 20,
    costUsd: 0.001,
    ...extra,
  };
}

function caseResult(id: string, attempts: EvalAttempt[]): EvalCaseResult {
  const passed = attempts.filter((each) => each.passed).length;
  return { id, input: `question ${id}`, attempts, passRate: passed / attempts.length, passAtK: passed > 0 ? 1 : 0, meanScore: passed / attempts.length };
}

function evalResult(cases: EvalCaseResult[], name = "weather"): EvalResult {
  const all = cases.flatMap((each) => each.attempts);
  return {
    format: "baton-eval-result",
    version: 1,
    name,
    startedAt: "2026-11-29T10:00:00.000Z",
    durationMs: 1_500,
    repeats: 2,
    cases,
    summary: {
      cases: cases.length,
      passedCases: cases.filter((each) => each.passRate === 1).length,
      passRate: all.filter((each) => each.passed).length / all.length,
      meanScore: cases.reduce((total, each) => total + each.meanScore, 0) / cases.length,
      inputTokens: 100 * all.length,
      outputTokens: 20 * all.length,
      costUsd: 0.001 * all.length,
      cachedModelCalls: 3,
      providerModelCalls: 5,
    },
  };
}

const BASE = evalResult([
  caseResult("paris", [attempt(true), attempt(true, { repeat: 1 })]),
  caseResult("oslo", [attempt(true), attempt(false, { repeat: 1 })]),
  caseResult("lima", [attempt(false), attempt(false, { repeat: 1 })]),
  caseResult("gone", [attempt(true), attempt(true, { repeat: 1 })]),
]);

describe("reports", () => {
  it("formatEvalTable prints a row per case and the summary", () => {
    expect(formatEvalTable(BASE)).toBe(
      [
        "case      pass rate  pass@k  score  tokens     cost   ms",
        "paris  ✓       100%    100%   1.00     120  $0.0020  400",
        "oslo   ✗        50%    100%   0.50     120  $0.0020  400",
        "lima   ✗         0%      0%   0.00     120  $0.0020  400",
        "gone   ✓       100%    100%   1.00     120  $0.0020  400",
        "",
        "2/4 cases passed · pass rate 63% · mean score 0.63 · 960 tokens · $0.0080 · 3 model calls from the cache, 5 to the provider",
      ].join("\n"),
    );
  });

  it("toJUnitXml writes a test case per eval case, failures with each failed attempt's reasons, escaped", () => {
    const xml = toJUnitXml(evalResult([caseResult('a<b>&"c"', [attempt(false, { error: "no agent \u0001today" })]), caseResult("paris", [attempt(true)])]));
    expect(xml).toBe(
      [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<testsuites name="weather" tests="2" failures="1" time="1.500">',
        '  <testsuite name="weather" tests="2" failures="1" errors="0" skipped="0" time="1.500" timestamp="2026-11-29T10:00:00.000Z">',
        '    <testcase classname="weather" name="a&lt;b&gt;&amp;&quot;c&quot;" time="0.400">',
        '      <failure message="0% of 1 attempt(s) passed">attempt 1: no agent today</failure>',
        "    </testcase>",
        '    <testcase classname="weather" name="paris" time="0.400"/>',
        "  </testsuite>",
        "</testsuites>",
        "",
      ].join("\n"),
    );
    expect(toJUnitXml(BASE)).toContain(
      '<failure message="50% of 2 attempt(s) passed">attempt 2: contains(&quot;21&quot;): the answer lacks &quot;21&quot;</failure>',
    );
  });

  it("compareEvals lists regressions, improvements, added and removed cases with score, token, cost and latency deltas, and gates on a threshold", () => {
    const candidate = evalResult([
      caseResult("paris", [attempt(true, { inputTokens: 150 }), attempt(false, { repeat: 1, inputTokens: 150, durationMs: 600 })]),
      caseResult("oslo", [attempt(true), attempt(true, { repeat: 1, costUsd: 0.002 })]),
      caseResult("lima", [attempt(false), attempt(false, { repeat: 1 })]),
      caseResult("new", [attempt(true)]),
    ]);
    const comparison = compareEvals(BASE, candidate);
    expect(comparison.cases.map((each) => [each.id, each.change])).toEqual([
      ["paris", "regressed"],
      ["oslo", "improved"],
      ["lima", "unchanged"],
      ["gone", "removed"],
      ["new", "added"],
    ]);
    expect(comparison.cases[0]).toMatchObject({ passRate: { base: 1, candidate: 0.5 }, tokensDelta: 50, durationDeltaMs: 100, costDeltaUsd: 0 });
    expect(comparison.cases[1]!.costDeltaUsd).toBeCloseTo(0.0005);
    expect(comparison).toMatchObject({ regressions: 1, improvements: 1, regressed: true });
    expect(formatComparison(comparison)).toBe(
      [
        "regressed paris: pass rate 100% → 50%, score 1.00 → 0.50, tokens +50, cost +$0.0000, +100 ms",
        "improved  oslo: pass rate 50% → 100%, score 0.50 → 1.00, tokens +0, cost +$0.0005, +0 ms",
        "added     new: pass rate — → 100%, score — → 1.00",
        "removed   gone: pass rate 100% → —, score 1.00 → —",
        "1 regressed, 1 improved, 1 unchanged",
      ].join("\n"),
    );
    // A drop within the threshold is not a regression.
    expect(compareEvals(BASE, candidate, { threshold: 0.5 })).toMatchObject({ regressions: 0, regressed: false });
  });

  it("readEvalResult reads a written result back and refuses what is not one", () => {
    expect(readEvalResult(JSON.stringify(BASE))).toEqual(BASE);
    expect(() => readEvalResult("{}")).toThrow('Not an eval result: its format is not "baton-eval-result".');
    expect(() => readEvalResult({ ...BASE, version: 2 })).toThrow("The eval result is of version 2; this version of @baton/evals reads version 1.");
    expect(() => readEvalResult({ ...BASE, cases: [{}] })).toThrow("The eval result's cases must be a list, each with an id and its attempts.");
    expect(() => readEvalResult("not json")).toThrow(/^An eval result must be JSON/);
  });
});
