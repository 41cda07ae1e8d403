import type { z } from "zod";
import { parseJsonAnswer } from "./parse-json-answer.js";

/**
 * One reason an answer does not satisfy the schema.
 *
 * @example
 * const issue: OutputIssue = { path: "items.2.name", message: "Required" };
 */
export interface OutputIssue {
  /** Where in the value, as a dotted path (`items.2.name`); empty for the whole value. */
  readonly path: string;
  readonly message: string;
}

/**
 * The outcome of checking an answer against the output schema.
 *
 * @example
 * const check: AnswerCheck<{ a: number }> = validateAnswer(z.object({ a: z.number() }), text);
 * if (check.ok) console.log(check.value.a);
 */
export type AnswerCheck<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly issues: readonly OutputIssue[] };

/**
 * Parses an answer as JSON and validates it with the schema.
 *
 * @example
 * validateAnswer(z.object({ a: z.number() }), '{"a": "x"}'); // { ok: false, issues: [{ path: "a", message: "Invalid input: expected number, received string" }] }
 */
export function validateAnswer<S extends z.ZodType>(schema: S, text: string): AnswerCheck<z.output<S>> {
  const parsed = parseJsonAnswer(text);
  if (!parsed.ok) return { ok: false, issues: [{ path: "", message: parsed.message }] };
  const checked = schema.safeParse(parsed.value);
  if (checked.success) return { ok: true, value: checked.data };
  return {
    ok: false,
    issues: checked.error.issues.map((issue) => ({ path: issue.path.map(String).join("."), message: issue.message })),
  };
}

/** Issues as lines for the model: `- path: message`. */
export function issueLines(issues: readonly OutputIssue[]): string {
  return issues.map((issue) => `- ${issue.path === "" ? "(answer)" : issue.path}: ${issue.message}`).join("\n");
}
