import type { AssistantMessage, Message, ToolMessage, UserMessage } from "@baton/core";
import { derive } from "./derived-messages.js";

/**
 * Merges neighbouring messages of one role (user + user, assistant + assistant,
 * tool + tool) so user and assistant turns alternate, as Anthropic and Google
 * require. System messages are left where they are; adapters lift them out.
 * Returns `messages` itself when nothing had to merge.
 */
export function enforceAlternation(messages: readonly Message[]): readonly Message[] {
  let out: Message[] | undefined;
  for (let i = 0; i < messages.length; i++) {
    const message = messages[i]!;
    const previous = out ? out[out.length - 1] : i > 0 ? messages[i - 1] : undefined;
    const merged = previous ? mergeSameRole(previous, message) : undefined;
    if (merged === undefined) {
      out?.push(message);
      continue;
    }
    out ??= messages.slice(0, i);
    out[out.length - 1] = derive(previous!, merged);
  }
  return out ?? messages;
}

function mergeSameRole(a: Message, b: Message): Message | undefined {
  if (a.role === "user" && b.role === "user") return { role: "user", content: [...a.content, ...b.content] } satisfies UserMessage;
  if (a.role === "assistant" && b.role === "assistant") return { role: "assistant", content: [...a.content, ...b.content] } satisfies AssistantMessage;
  if (a.role === "tool" && b.role === "tool") return { role: "tool", content: [...a.content, ...b.content] } satisfies ToolMessage;
  return undefined;
}
