import type { Message, SystemMessage, UserMessage } from "@baton/core";

/** Notes the engine inserted, with the number of turns each reports as dropped. */
const trimNotices = new WeakMap<Message, number>();
/** Summary notes the engine inserted, with their summary text. */
const summaryNotes = new WeakMap<Message, string>();

/** A note for the model, as a user or system message. */
function note(text: string, role: "user" | "system"): UserMessage | SystemMessage {
  return role === "system" ? { role: "system", content: text } : { role: "user", content: [{ type: "text", text }] };
}

/** The text of a trim notice. */
export function trimNoticeText(turns: number, messages: number): string {
  return `[Context note: ${turns} earlier turn${turns === 1 ? "" : "s"} (${messages} message${messages === 1 ? "" : "s"}) were dropped to fit the context window.]`;
}

/** Builds a trim notice saying `turns` turns were dropped. */
export function trimNotice(turns: number, messages: number, role: "user" | "system"): Message {
  const message = note(trimNoticeText(turns, messages), role);
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
