import type { ToolResultPart } from "@baton/core";

/** Starts text that already reads as an error (`Error: …`, `Error (CODE): …`). */
const ERROR_PREFIX = /^error\b/i;

/**
 * The text OpenAI receives for a tool result: a string as is, anything else as JSON.
 * OpenAI has no error flag on tool outputs, so an error result is marked in its text:
 * it starts with `Error: ` unless it already starts with "Error" (as the loop's error
 * results do, e.g. `Error (TOOL_EXECUTION_FAILED): …`).
 *
 * @example toolResultText({ type: "tool-result", toolCallId: "1", toolName: "t", result: "boom", isError: true }) // "Error: boom"
 */
export function toolResultText(part: ToolResultPart): string {
  const text = valueText(part.result);
  return part.isError && !ERROR_PREFIX.test(text) ? `Error: ${text}` : text;
}

function valueText(value: unknown): string {
  if (typeof value === "string") return value;
  if (value === undefined) return "";
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}
