import type { ToolCallPart } from "@baton/core";

/** The argument text of a tool call as the model sent it: `rawArguments` when kept, else the arguments as JSON. */
export function toolCallArguments(part: ToolCallPart): string {
  if (part.rawArguments !== undefined) return part.rawArguments;
  return JSON.stringify(part.arguments ?? {}) ?? "{}";
}
