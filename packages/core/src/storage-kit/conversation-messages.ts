import type { AssistantMessage, Message, ReasoningPart, ToolCallPart, ToolMessage, ToolResultPart } from "../messages/index.js";
import type { ConversationMessage, ConversationPart, NewConversationMessage, StoredProgressPart, StoredTextPart } from "../storage/conversation-store.js";

/** Extra facts about a run's turns, for {@link toConversationMessages}. */
export interface RunTurnDetails {
  readonly runId?: string;
  readonly agentPath?: string;
  readonly userId?: string;
  /** Tokens of each turn, in turn order (from the usage of each model call). */
  readonly turnTokens?: readonly ({ readonly output: number; readonly reasoning: number; readonly iteration?: number } | undefined)[];
  /** Progress groups reported by tool calls, placed after the turn that made the call. */
  readonly progress?: readonly StoredProgressPart[];
}

function textPartOf(message: AssistantMessage, tokens: RunTurnDetails["turnTokens"] extends readonly (infer T)[] | undefined ? T : never): StoredTextPart {
  const reasoning: ReasoningPart[] = [];
  const toolCalls: ToolCallPart[] = [];
  let text = "";
  for (const part of message.content) {
    if (part.type === "text") text += part.text;
    else if (part.type === "reasoning") reasoning.push(part);
    else toolCalls.push(part);
  }
  return {
    type: "text",
    text,
    ...(reasoning.length > 0 ? { reasoning } : {}),
    ...(toolCalls.length > 0 ? { toolCalls } : {}),
    ...(tokens
      ? { tokens: { output: tokens.output, reasoning: tokens.reasoning }, ...(tokens.iteration === undefined ? {} : { iteration: tokens.iteration }) }
      : {}),
  };
}

/**
 * Turns model messages into stored messages: each system and user message stays one
 * message; each run of consecutive assistant and tool messages becomes one `assistant`
 * message whose ordered parts are, per turn, the turn's text (with its reasoning,
 * tool calls and tokens), the progress of its tool calls and their results.
 * {@link toModelMessages} turns them back.
 */
export function toConversationMessages(messages: readonly Message[], details: RunTurnDetails = {}): NewConversationMessage[] {
  const stored: NewConversationMessage[] = [];
  const envelope = {
    ...(details.runId === undefined ? {} : { runId: details.runId }),
    ...(details.agentPath === undefined ? {} : { agentPath: details.agentPath }),
    ...(details.userId === undefined ? {} : { userId: details.userId }),
  };
  const progressByCall = new Map<string, StoredProgressPart[]>();
  for (const part of details.progress ?? []) {
    const list = progressByCall.get(part.toolCallId);
    if (list) list.push(part);
    else progressByCall.set(part.toolCallId, [part]);
  }
  let turn = 0;
  let parts: ConversationPart[] | undefined;
  for (const message of messages) {
    if (message.role === "system" || message.role === "user") {
      parts = undefined;
      stored.push({ role: message.role, parts: message.role === "system" ? [{ type: "text", text: message.content }] : [...message.content], ...envelope });
      continue;
    }
    if (!parts) {
      parts = [];
      stored.push({ role: "assistant", parts, ...envelope });
    }
    if (message.role === "assistant") {
      const part = textPartOf(message, details.turnTokens?.[turn]);
      turn++;
      parts.push(part);
      for (const call of part.toolCalls ?? []) parts.push(...(progressByCall.get(call.toolCallId) ?? []));
    } else {
      parts.push({ type: "tool-results", results: [...message.content] });
    }
  }
  return stored;
}

const NOT_STORED = "[This tool result was not stored.]";

/**
 * Turns stored messages back into model messages: a text part becomes an assistant
 * turn (reasoning, text, tool calls), a tool-results part a tool message; progress is
 * left out. Pairs stay valid for every provider: a stored tool call whose result was
 * not stored (a data policy) gets a result saying so, and a result whose call was not
 * stored is dropped.
 */
export function toModelMessages(stored: readonly Pick<ConversationMessage, "role" | "parts">[]): Message[] {
  const messages: Message[] = [];
  let openCalls: ToolCallPart[] = [];
  const closeOpenCalls = (answered: ReadonlySet<string>): void => {
    const missing = openCalls.filter((call) => !answered.has(call.toolCallId));
    if (missing.length > 0) {
      const content = missing.map(
        (call): ToolResultPart => ({ type: "tool-result", toolCallId: call.toolCallId, toolName: call.toolName, result: NOT_STORED }),
      );
      const last = messages.at(-1);
      if (last?.role === "tool") messages[messages.length - 1] = { role: "tool", content: [...last.content, ...content] };
      else messages.push({ role: "tool", content });
    }
    openCalls = [];
  };
  for (const message of stored) {
    if (message.role !== "assistant") {
      closeOpenCalls(new Set());
      if (message.role === "system") {
        messages.push({ role: "system", content: message.parts.map((part) => (part.type === "text" ? part.text : "")).join("") });
      } else {
        const content = message.parts
          .filter((part) => part.type === "text" || part.type === "image")
          .map((part) => (part.type === "text" ? { type: "text" as const, text: part.text } : part));
        messages.push({ role: "user", content });
      }
      continue;
    }
    for (const part of message.parts) {
      if (part.type === "text") {
        closeOpenCalls(new Set());
        const content: AssistantMessage["content"][number][] = [...(part.reasoning ?? [])];
        if (part.text.length > 0) content.push({ type: "text", text: part.text });
        content.push(...(part.toolCalls ?? []));
        if (content.length > 0) messages.push({ role: "assistant", content });
        openCalls = [...(part.toolCalls ?? [])];
      } else if (part.type === "tool-results") {
        const open = new Set(openCalls.map((call) => call.toolCallId));
        const results = part.results.filter((result) => open.has(result.toolCallId));
        if (results.length > 0) messages.push({ role: "tool", content: results } satisfies ToolMessage);
        closeOpenCalls(new Set(results.map((result) => result.toolCallId)));
      }
    }
  }
  closeOpenCalls(new Set());
  return messages;
}
