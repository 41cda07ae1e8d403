import type { ImagePart, ReasoningPart, TextPart, ToolCallPart, ToolResultPart } from "./content-part.js";

/** Instructions from the application. Adapters place them where each provider wants them. */
export interface SystemMessage {
  readonly role: "system";
  readonly content: string;
}

/** A turn written by the end user. */
export interface UserMessage {
  readonly role: "user";
  readonly content: ReadonlyArray<TextPart | ImagePart>;
}

/** A model's turn: text, reasoning and tool calls, in the order the model produced them. */
export interface AssistantMessage {
  readonly role: "assistant";
  readonly content: ReadonlyArray<TextPart | ReasoningPart | ToolCallPart>;
}

/** The results of the tool calls of the preceding assistant message, in call order. */
export interface ToolMessage {
  readonly role: "tool";
  readonly content: ReadonlyArray<ToolResultPart>;
}

/** A provider-neutral chat message. */
export type Message = SystemMessage | UserMessage | AssistantMessage | ToolMessage;

/** The role of a {@link Message}. */
export type MessageRole = Message["role"];

/**
 * Builds a user message from text.
 * @example userMessage("What is 2 + 2?")
 */
export function userMessage(text: string): UserMessage {
  return { role: "user", content: [{ type: "text", text }] };
}

/**
 * Builds a system message.
 * @example systemMessage("You are a helpful assistant.")
 */
export function systemMessage(text: string): SystemMessage {
  return { role: "system", content: text };
}

/** Joins the text parts of a message (reasoning and tool parts are left out). */
export function messageText(message: Message): string {
  if (typeof message.content === "string") return message.content;
  let text = "";
  for (const part of message.content) if (part.type === "text") text += part.text;
  return text;
}

/** The tool calls of an assistant message, in order; empty for other roles. */
export function toolCallsOf(message: Message): ToolCallPart[] {
  if (message.role !== "assistant") return [];
  return message.content.filter((part): part is ToolCallPart => part.type === "tool-call");
}
