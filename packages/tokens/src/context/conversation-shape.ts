import type { Message, ToolResultPart } from "@baton/core";

/**
 * Where the protected head of a request ends: the leading system messages and the
 * first user message stay in every request. Returns the index after them.
 */
export function headEnd(messages: readonly Message[]): number {
  for (let i = 0; i < messages.length; i++) if (messages[i]!.role === "user") return i + 1;
  // No user message: only the leading system messages are protected.
  let i = 0;
  while (i < messages.length && messages[i]!.role === "system") i++;
  return i;
}

/**
 * Whether a request may start its kept tail at `index`: never at a tool message
 * (it would lose its assistant call); with alternation only at an assistant message,
 * so the first user message is followed by the model.
 */
export function isCutPoint(messages: readonly Message[], index: number, alternation: boolean): boolean {
  const role = messages[index]!.role;
  return alternation ? role === "assistant" : role !== "tool";
}

/**
 * Index where the last `turns` model turns begin (an assistant message and the
 * messages after it), never before `from`. Returns `from` when there are fewer turns.
 */
export function recentTurnsStart(messages: readonly Message[], from: number, turns: number): number {
  if (turns <= 0) return messages.length;
  let seen = 0;
  for (let i = messages.length - 1; i >= from; i--) {
    if (messages[i]!.role === "assistant" && ++seen === turns) {
      // Keep the user message that prompted the turn with it, when there is one.
      return i > from && messages[i - 1]!.role === "user" ? i - 1 : i;
    }
  }
  return from;
}

/** Number of model turns (assistant messages) in `messages[from, to)`. */
export function countTurns(messages: readonly Message[], from: number, to: number): number {
  let turns = 0;
  for (let i = from; i < to; i++) if (messages[i]!.role === "assistant") turns++;
  return turns;
}

/** A tool result's size in characters, as the model would read it. */
export function resultSize(part: ToolResultPart): number {
  return resultText(part).length;
}

/** A tool result as text: strings as they are, other values as JSON. */
export function resultText(part: ToolResultPart): string {
  if (typeof part.result === "string") return part.result;
  try {
    return JSON.stringify(part.result) ?? String(part.result);
  } catch {
    return String(part.result);
  }
}
