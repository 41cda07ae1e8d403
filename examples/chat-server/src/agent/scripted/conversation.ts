import { messageText, type Message, type ToolResultPart } from "@baton/sdk";

/** The text of the last user message (the question being worked on); empty when there is none. */
export function lastUserText(messages: readonly Message[]): string {
  const index = lastUserIndex(messages);
  return index < 0 ? "" : messageText(messages[index]!).trim();
}

/** The tool results that came back since the last user message, in order. */
export function toolResultsSinceQuestion(messages: readonly Message[]): ToolResultPart[] {
  return messages.slice(lastUserIndex(messages) + 1).flatMap((message) => (message.role === "tool" ? [...message.content] : []));
}

function lastUserIndex(messages: readonly Message[]): number {
  for (let i = messages.length - 1; i >= 0; i--) if (messages[i]!.role === "user") return i;
  return -1;
}
