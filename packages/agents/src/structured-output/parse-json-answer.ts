/**
 * The outcome of reading an answer as JSON.
 *
 * @example
 * const answer: JsonAnswer = parseJsonAnswer(result.text);
 * if (answer.ok) console.log(answer.value);
 */
export type JsonAnswer = { readonly ok: true; readonly value: unknown } | { readonly ok: false; readonly message: string };

const FENCE = /```(?:json|JSON)?[ \t]*\r?\n?([\s\S]*?)```/;

/**
 * Reads a model's answer as JSON: the whole text, or the content of its first
 * Markdown code fence (```` ```json ```` or a bare ```` ``` ````) when it has one.
 *
 * @example
 * parseJsonAnswer('```json\n{"a": 1}\n```'); // { ok: true, value: { a: 1 } }
 */
export function parseJsonAnswer(text: string): JsonAnswer {
  const fenced = FENCE.exec(text);
  const candidate = (fenced ? fenced[1]! : text).trim();
  if (candidate.length === 0) return { ok: false, message: "The answer is empty; a JSON value was expected." };
  try {
    return { ok: true, value: JSON.parse(candidate) as unknown };
  } catch (error) {
    return { ok: false, message: `The answer is not valid JSON (${error instanceof Error ? error.message : String(error)}).` };
  }
}
