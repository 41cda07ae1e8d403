import { toolCallArgumentsText, toolResultText, type AssistantMessage, type Message, type UserMessage } from "@baton/core";
import { providerCallId } from "@baton/core/provider-kit";
import type {
  ChatCompletionAssistantMessageParam,
  ChatCompletionContentPart,
  ChatCompletionMessageParam,
  ChatCompletionMessageToolCall,
} from "openai/resources/chat/completions";
import { imageUrl } from "./image-url.js";

/** How {@link toChatMessages} writes what the Chat Completions API has several ways for. */
export interface ChatMessageOptions {
  /** Role of system messages. */
  readonly systemRole: "system" | "developer";
  /** Field that carries earlier reasoning back (DeepSeek's `reasoning_content`), or none. */
  readonly reasoningField: "reasoning_content" | "reasoning" | undefined;
}

/**
 * Baton messages as Chat Completions messages, in order: system messages stay where
 * they are (role `system` or `developer`); a user message's text parts become one
 * string, or content parts when it has images; an assistant message becomes its text
 * plus `tool_calls`; a tool message becomes one `tool` message per result. OpenAI does
 * not require alternating roles, so nothing is merged. Tool calls and results carry
 * the provider's own call id ({@link providerCallId}). An assistant message with
 * nothing to send (reasoning only, when reasoning is not sent back) is left out.
 */
export function toChatMessages(messages: readonly Message[], options: ChatMessageOptions): ChatCompletionMessageParam[] {
  const out: ChatCompletionMessageParam[] = [];
  for (const message of messages) {
    switch (message.role) {
      case "system":
        out.push({ role: options.systemRole, content: message.content });
        break;
      case "user":
        out.push({ role: "user", content: userContent(message) });
        break;
      case "assistant": {
        const assistant = assistantMessage(message, options.reasoningField);
        if (assistant) out.push(assistant);
        break;
      }
      case "tool":
        for (const part of message.content) out.push({ role: "tool", tool_call_id: providerCallId(part), content: toolResultText(part) });
        break;
    }
  }
  return out;
}

function userContent(message: UserMessage): string | ChatCompletionContentPart[] {
  if (message.content.every((part) => part.type === "text")) {
    let text = "";
    for (const part of message.content) if (part.type === "text") text += part.text;
    return text;
  }
  return message.content.map(
    (part): ChatCompletionContentPart => (part.type === "text" ? { type: "text", text: part.text } : { type: "image_url", image_url: { url: imageUrl(part) } }),
  );
}

function assistantMessage(message: AssistantMessage, reasoningField: ChatMessageOptions["reasoningField"]): ChatCompletionAssistantMessageParam | undefined {
  let text = "";
  let reasoning = "";
  const toolCalls: ChatCompletionMessageToolCall[] = [];
  for (const part of message.content) {
    if (part.type === "text") text += part.text;
    else if (part.type === "reasoning") reasoning += part.text;
    else toolCalls.push({ id: providerCallId(part), type: "function", function: { name: part.toolName, arguments: toolCallArgumentsText(part) } });
  }
  const sendReasoning = reasoningField !== undefined && reasoning.length > 0;
  if (text.length === 0 && toolCalls.length === 0 && !sendReasoning) return undefined;
  const result: ChatCompletionAssistantMessageParam & Record<string, unknown> = {
    role: "assistant",
    content: text.length > 0 || toolCalls.length === 0 ? text : null,
  };
  if (toolCalls.length > 0) result.tool_calls = toolCalls;
  if (sendReasoning) result[reasoningField] = reasoning;
  return result;
}
