import type { Message, TextPart } from "@baton/core";

/**
 * The conversation a handoff target starts from: the user's messages as they are
 * and the text of assistant turns, without the calling agent's system prompt, its
 * tool calls and results (the target has other tools) and its reasoning. The turn
 * that asked for the handoff (`transferCallId`) and any assistant text after the
 * last user message are left out, so the conversation ends with the user's message.
 */
export function handoffTranscript(messages: readonly Message[], transferCallId: string): Message[] {
  const kept: Message[] = [];
  for (const message of messages) {
    if (message.role === "user") {
      kept.push(message);
      continue;
    }
    if (message.role !== "assistant") continue;
    if (message.content.some((part) => part.type === "tool-call" && part.toolCallId === transferCallId)) continue;
    const text = message.content.filter((part): part is TextPart => part.type === "text" && part.text.length > 0);
    if (text.length > 0) kept.push({ role: "assistant", content: text });
  }
  while (kept.length > 0 && kept.at(-1)!.role === "assistant") kept.pop();
  return kept;
}
