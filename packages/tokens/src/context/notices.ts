import type { Message, SystemMessage, UserMessage } from "@baton/core";

/** Notes the engine inserted, with the number of turns each reports as dropped. */
const trimNotices = new WeakMap<Message, number>();
/** Summary notes the engine inserted, with their summary text. */
const summaryNotes = new WeakMap<Message, string>();

/** A note for the model, as a user or system message. */
function note(text: string, role: "user" | "system"): UserMessage | SystemMessage {
  return role === "system" ? { role: "system", content: text } : { role: "user", content: [{ type: "text", text }] };
}

/**
 * The text of a trim notice. `maxTurns` is given when the turn limit of the sliding
 * window, not the context window, decided what was dropped.
 */
export function trimNoticeText(turns: number, messages: number, maxTurns?: number): string {
  const reason = maxTurns === undefined ? "to fit the context window" : `to keep the last ${maxTurns} turn${maxTurns === 1 ? "" : "s"}`;
  return `[Context note: ${turns} earlier turn${turns === 1 ? "" : "s"} (${messages} message${messages === 1 ? "" : "s"}) were dropped ${reason}.]`;
}

/** Builds a trim notice saying `turns` turns were dropped (see {@link trimNoticeText}). */
export function trimNotice(turns: number, messages: number, role: "user" | "system", maxTurns?: number): Message {
  const message = note(trimNoticeText(turns, messages, maxTurns), role);
  trimNotices.set(message, turns);
  return message;
}

/** Turns reported by a trim notice the engine made, or undefined for other messages. */
export function droppedTurnsOf(message: Message): number | undefined {
  return trimNotices.get(message);
}

/** Builds the message carrying a summary of older turns. */
export function summaryNote(summary: string, role: "user" | "system"): Message {
  const message = note(`[Summary of the earlier conversation]\n${summary}`, role);
  summaryNotes.set(message, summary);
  return message;
}

/** The summary text of a summary note the engine made, or undefined. */
export function summaryOf(message: Message): string | undefined {
  return summaryNotes.get(message);
}

/** True for notes the engine inserted (trim notices and summaries). */
export function isEngineNote(message: Message): boolean {
  return trimNotices.has(message) || summaryNotes.has(message);
}
