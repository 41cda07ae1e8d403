import type { Scorer } from "./scorer.js";

/** Options of the answer scorers. */
export interface AnswerMatchOptions {
  /** Compare letters regardless of case (default false). */
  readonly ignoreCase?: boolean;
}

const fold = (text: string, options: AnswerMatchOptions) => (options.ignoreCase ? text.toLowerCase() : text);

/** Passes when the final answer is `expected` (leading and trailing whitespace ignored). */
export function exactAnswer(expected: string, options: AnswerMatchOptions = {}): Scorer {
  const name = `exact(${JSON.stringify(expected)})`;
  return {
    name,
    score({ result }) {
      const passed = fold(result.text.trim(), options) === fold(expected.trim(), options);
      return {
        name,
        score: passed ? 1 : 0,
        passed,
        reason: passed ? "the answer is the expected one" : `the answer is ${JSON.stringify(result.text.trim().slice(0, 200))}`,
      };
    },
  };
}

/** Passes when the final answer contains every one of `texts`; scores the share it contains. */
export function answerContains(texts: string | readonly string[], options: AnswerMatchOptions = {}): Scorer {
  const wanted = typeof texts === "string" ? [texts] : texts;
  const name = `contains(${wanted.map((text) => JSON.stringify(text)).join(", ")})`;
  return {
    name,
    score({ result }) {
      const answer = fold(result.text, options);
      const missing = wanted.filter((text) => !answer.includes(fold(text, options)));
      const score = wanted.length === 0 ? 1 : (wanted.length - missing.length) / wanted.length;
      const passed = missing.length === 0;
      return {
        name,
        score,
        passed,
        reason: passed ? "the answer contains every text" : `the answer lacks ${missing.map((text) => JSON.stringify(text)).join(", ")}`,
      };
    },
  };
}

/** Passes when the final answer matches `pattern`. */
export function answerMatches(pattern: RegExp): Scorer {
  const name = `matches(${String(pattern)})`;
  return {
    name,
    score({ result }) {
      pattern.lastIndex = 0;
      const passed = pattern.test(result.text);
      return { name, score: passed ? 1 : 0, passed, reason: passed ? "the answer matches" : "the answer does not match" };
    },
  };
}
