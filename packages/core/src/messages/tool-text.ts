import type { ToolCallPart, ToolResultPart } from "./content-part.js";

/** Starts text that already reads as an error (`Error: …`, `Error (CODE): …`). */
const ERROR_PREFIX = /^error\b/i;

/**
 * A tool result's value as the text a model reads: a string as is, nothing as an
 * empty string, anything else as JSON.
 *
 * @example toolResultValueText({ sum: 3 }) // '{"sum":3}'
 */
export function toolResultValueText(value: unknown): string {
  if (typeof value === "string") return value;
  if (value === undefined) return "";
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}

/**
 * A tool result as text for providers without an error flag on tool outputs: an
 * error result starts with `Error: ` unless it already starts with "Error" (as the
 * loop's error results do, e.g. `Error (TOOL_EXECUTION_FAILED): …`).
 *
 * @example toolResultText({ type: "tool-result", toolCallId: "1", toolName: "t", result: "boom", isError: true }) // "Error: boom"
 */
export function toolResultText(part: ToolResultPart): string {
  const text = toolResultValueText(part.result);
  return part.isError === true && !ERROR_PREFIX.test(text) ? `Error: ${text}` : text;
}

/**
 * The argument text of a tool call as the model sent it: `rawArguments` when kept,
 * else the arguments as JSON.
 */
export function toolCallArgumentsText(part: ToolCallPart): string {
  if (part.rawArguments !== undefined) return part.rawArguments;
  return JSON.stringify(part.arguments ?? {}) ?? "{}";
}
