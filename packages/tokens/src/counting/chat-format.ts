import { toolCallArgumentsText, toolResultText, type Message } from "@baton/core";
import { imagePartTokens, type ImageDetail } from "./image-tokens.js";

/**
 * The chat format's overhead, as OpenAI's cookbook ("How to count tokens with
 * tiktoken") documents for gpt-3.5-turbo-0613 onwards: every message costs
 * 3 tokens (`<|start|>{role}\n … <|end|>` framing) plus its role and content;
 * a `name` adds 1; every reply is primed with 3 tokens (`<|start|>assistant<|message|>`).
 */
export const TOKENS_PER_MESSAGE = 3;
/** Tokens the reply priming adds once per request. */
export const REPLY_PRIMING_TOKENS = 3;
/** Tokens a tool call adds besides its name and argument text (function-call metadata). */
export const TOKENS_PER_TOOL_CALL = 3;

/** How to count one message. */
export interface MessageCountContext {
  /** Tokens of a plain text. */
  readonly count: (text: string) => number;
  readonly imageDetail: ImageDetail;
  /** Tokens of each role name (counted once per encoding). */
  readonly roleTokens: Readonly<Record<Message["role"], number>>;
}

/** Counts the role names once, so per-message counting does not re-encode them. */
export function roleTokenCounts(count: (text: string) => number): Readonly<Record<Message["role"], number>> {
  return { system: count("system"), user: count("user"), assistant: count("assistant"), tool: count("tool") };
}

/**
 * Tokens of one Baton message in an OpenAI chat request, mapped the way
 * `@baton/openai` sends it:
 * - system: 3 + role + content (`padSystem` appends the newline OpenAI adds when tools are present);
 * - user: 3 + role + each text part + each image by {@link imagePartTokens};
 * - assistant: 3 + role + text, plus for each tool call its name + argument JSON + 3;
 *   reasoning is not sent back to OpenAI and costs nothing; a message with neither
 *   text nor tool calls is left out of the request (0);
 * - tool: one `tool` message per result: 3 + role + the result text (a string as is,
 *   otherwise JSON; an error result starts with `Error: `).
 */
export function countOpenAIMessage(message: Message, context: MessageCountContext, padSystem = false): number {
  const { count, roleTokens } = context;
  switch (message.role) {
    case "system": {
      const content = padSystem && !message.content.endsWith("\n") && message.content.length > 0 ? `${message.content}\n` : message.content;
      return TOKENS_PER_MESSAGE + roleTokens.system + count(content);
    }
    case "user": {
      let tokens = TOKENS_PER_MESSAGE + roleTokens.user;
      for (const part of message.content) tokens += part.type === "text" ? count(part.text) : imagePartTokens(part, context.imageDetail);
      return tokens;
    }
    case "assistant": {
      let text = "";
      let calls = 0;
      for (const part of message.content) {
        if (part.type === "text") text += part.text;
        else if (part.type === "tool-call") calls += count(part.toolName) + count(toolCallArgumentsText(part)) + TOKENS_PER_TOOL_CALL;
      }
      if (text.length === 0 && calls === 0) return 0;
      return TOKENS_PER_MESSAGE + roleTokens.assistant + count(text) + calls;
    }
    case "tool": {
      let tokens = 0;
      for (const part of message.content) tokens += TOKENS_PER_MESSAGE + roleTokens.tool + count(toolResultText(part));
      return tokens;
    }
  }
}
