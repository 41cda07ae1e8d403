import type { AssistantMessage, ToolCallPart } from "@baton/core";
import { providerCallId } from "@baton/core/provider-kit";
import type { GeminiPart } from "../sdk-types.js";

/**
 * An assistant message as the parts of a `model` turn, in the message's order.
 *
 * Thought signatures go back where Gemini put them. A reasoning part whose `id` is
 * the id of one of the message's tool calls carries the signature Gemini attached
 * to that `functionCall` part (the adapter streams it that way): its signature is
 * sent on that call's part, its text (if any) as a thought part. Other reasoning
 * is sent as a thought part with its signature; a signature without text as an
 * empty text part with the signature, as Gemini streamed it. Redacted reasoning
 * from other providers has no Gemini form and is left out.
 *
 * The reasoning part's `id` is the id Gemini (or the stream mapper) gave the call,
 * so it is matched against each call's provider id ({@link providerCallId}), not
 * the `toolCallId` the loop may have renamed. When calls share a provider id, their
 * signatures go to them in order, each signature once.
 */
export function toModelParts(message: AssistantMessage): GeminiPart[] {
  const callIds = new Set<string>();
  for (const part of message.content) if (part.type === "tool-call") callIds.add(providerCallId(part));
  const callSignatures = new Map<string, string[]>();
  for (const part of message.content) {
    if (part.type === "reasoning" && part.id !== undefined && part.signature !== undefined && callIds.has(part.id)) {
      const queue = callSignatures.get(part.id);
      if (queue) queue.push(part.signature);
      else callSignatures.set(part.id, [part.signature]);
    }
  }

  const parts: GeminiPart[] = [];
  for (const part of message.content) {
    switch (part.type) {
      case "text":
        if (part.text.length > 0) parts.push({ text: part.text });
        break;
      case "reasoning": {
        const signature = part.id !== undefined && callIds.has(part.id) ? undefined : part.signature;
        if (part.text.length > 0) parts.push({ text: part.text, thought: true, ...(signature === undefined ? {} : { thoughtSignature: signature }) });
        else if (signature !== undefined) parts.push({ text: "", thoughtSignature: signature });
        break;
      }
      case "tool-call": {
        const signature = callSignatures.get(providerCallId(part))?.shift();
        parts.push({ functionCall: { name: part.toolName, args: argumentsObject(part) }, ...(signature === undefined ? {} : { thoughtSignature: signature }) });
        break;
      }
    }
  }
  return parts;
}

/** Gemini's `args` is a JSON object; calls whose arguments are not one are sent with `{}`. */
function argumentsObject(call: ToolCallPart): Record<string, unknown> {
  const value = call.arguments;
  return typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}
