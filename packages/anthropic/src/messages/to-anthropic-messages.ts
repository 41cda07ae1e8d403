import type { Message } from "@baton/core";
import type Anthropic from "@anthropic-ai/sdk";
import { toAssistantBlocks } from "./assistant-blocks.js";
import { toImageBlock } from "./image-block.js";
import { toToolResultBlock } from "./tool-result-block.js";

/** A conversation in the Messages API's shape. */
export interface AnthropicConversation {
  /** Every system message, joined with blank lines; absent when there is none. */
  readonly system?: string;
  /** Strictly alternating user / assistant turns. */
  readonly messages: Anthropic.MessageParam[];
}

/** A turn being built: `lead` blocks must open it (tool results, or thinking). */
interface Turn {
  readonly role: "user" | "assistant";
  readonly lead: Anthropic.ContentBlockParam[];
  readonly rest: Anthropic.ContentBlockParam[];
}

/**
 * Converts Baton messages into a Messages API conversation:
 * - system messages, wherever they are, are merged into the top-level `system`;
 * - tool messages become user turns of `tool_result` blocks (`is_error` for failures);
 * - consecutive turns of one role are merged (the API wants strict alternation),
 *   keeping `tool_result` blocks first in a user turn and `thinking` /
 *   `redacted_thinking` blocks first in an assistant turn;
 * - signed reasoning is sent back with its signature, redacted reasoning with its data;
 * - images become `image` blocks (base64 or url); blank text and empty turns are left out.
 *
 * @example
 * toAnthropicMessages([systemMessage("Be brief."), userMessage("Hi")])
 * // { system: "Be brief.", messages: [{ role: "user", content: [{ type: "text", text: "Hi" }] }] }
 */
export function toAnthropicMessages(messages: readonly Message[]): AnthropicConversation {
  const system: string[] = [];
  const turns: Turn[] = [];
  const add = (role: Turn["role"], lead: Anthropic.ContentBlockParam[], rest: Anthropic.ContentBlockParam[]): void => {
    if (lead.length === 0 && rest.length === 0) return;
    const last = turns[turns.length - 1];
    if (last && last.role === role) {
      last.lead.push(...lead);
      last.rest.push(...rest);
    } else {
      turns.push({ role, lead: [...lead], rest: [...rest] });
    }
  };
  for (const message of messages) {
    switch (message.role) {
      case "system":
        if (message.content.trim() !== "") system.push(message.content);
        break;
      case "user":
        add(
          "user",
          [],
          message.content.flatMap((part): Anthropic.ContentBlockParam[] =>
            part.type === "image" ? [toImageBlock(part)] : part.text.trim() === "" ? [] : [{ type: "text", text: part.text }],
          ),
        );
        break;
      case "assistant": {
        const blocks = toAssistantBlocks(message);
        add("assistant", blocks.reasoning, blocks.content);
        break;
      }
      case "tool":
        add("user", message.content.map(toToolResultBlock), []);
        break;
    }
  }
  return {
    ...(system.length > 0 ? { system: system.join("\n\n") } : {}),
    messages: turns.map((turn) => ({ role: turn.role, content: [...turn.lead, ...turn.rest] })),
  };
}
