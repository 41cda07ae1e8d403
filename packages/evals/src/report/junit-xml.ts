import type { EvalResult } from "../run/eval-result.js";
import { failedAttemptLines } from "./failed-attempts.js";
import { percent } from "./percent.js";

/**
 * An eval's result as JUnit XML for CI: one test suite, one test case per eval case
 * (failed unless every attempt passed; the failure lists each failed attempt's failed
 * scores and reasons), times in seconds.
 */
export function toJUnitXml(result: EvalResult): string {
  const name = result.name ?? "eval";
  const failures = result.cases.filter((each) => each.passRate < 1).length;
  const cases = result.cases.map((each) => {
    const seconds = each.attempts.reduce((total, attempt) => total + attempt.durationMs, 0) / 1000;
    const open = `    <testcase classname="${xmlText(name)}" name="${xmlText(each.id)}" time="${seconds.toFixed(3)}"`;
    if (each.passRate === 1) return `${open}/>`;
    const details = failedAttemptLines(each).join("\n");
    const message = `${percent(each.passRate)} of ${each.attempts.length} attempt(s) passed`;
    return `${open}>\n      <failure message="${xmlText(message)}">${xmlText(details)}</failure>\n    </testcase>`;
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="${xmlText(name)}" tests="${result.cases.length}" failures="${failures}" time="${(result.durationMs / 1000).toFixed(3)}">`,
    `  <testsuite name="${xmlText(name)}" tests="${result.cases.length}" failures="${failures}" errors="0" skipped="0" time="${(result.durationMs / 1000).toFixed(3)}" timestamp="${result.startedAt}">`,
    ...cases,
    "  </testsuite>",
    "</testsuites>",
    "",
  ].join("\n");
}

/** Text safe in XML attributes and content; characters XML 1.0 forbids are dropped. */
function xmlText(text: string): string {
  return text
    .replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, "")
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;");
}
