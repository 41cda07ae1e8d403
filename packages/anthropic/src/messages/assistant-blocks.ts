import type { AssistantMessage, ReasoningPart, ToolCallPart } from "@baton/core";
import { providerCallId } from "@baton/core/provider-kit";
import type Anthropic from "@anthropic-ai/sdk";

/** The blocks of one assistant message, split the way the API wants them ordered. */
export interface AssistantBlocks {
  /** `thinking` / `redacted_thinking` blocks: they must come first in the turn. */
  readonly reasoning: Anthropic.ContentBlockParam[];
  /** Text and `tool_use` blocks, in the order the model produced them. */
  readonly content: Anthropic.ContentBlockParam[];
}

/**
 * Reasoning sent back to the API: redacted reasoning as `redacted_thinking` with its
 * `data`, signed reasoning as `thinking` with its `signature` (both exactly as
 * received). Unsigned reasoning (from another provider, or cut off) is dropped,
 * since the API rejects thinking it cannot verify.
 */
export function toReasoningBlock(part: ReasoningPart): Anthropic.ContentBlockParam | undefined {
  if (part.redactedData !== undefined && part.redactedData !== "") return { type: "redacted_thinking", data: part.redactedData };
  if (part.signature !== undefined && part.signature !== "") return { type: "thinking", thinking: part.text, signature: part.signature };
  return undefined;
}

/**
 * A `tool_use` block with the provider's own call id ({@link providerCallId}); arguments
 * that are not a JSON object (a call whose JSON did not parse) are sent as `{}`.
 */
export function toToolUseBlock(part: ToolCallPart): Anthropic.ToolUseBlockParam {
  const input = part.arguments !== null && typeof part.arguments === "object" && !Array.isArray(part.arguments) ? part.arguments : {};
  return { type: "tool_use", id: providerCallId(part), name: part.toolName, input };
}

/**
 * Splits an assistant message into its reasoning blocks and its text and tool-use
 * blocks. Blank text is left out (the API rejects empty text blocks).
 */
export function toAssistantBlocks(message: AssistantMessage): AssistantBlocks {
  const reasoning: Anthropic.ContentBlockParam[] = [];
  const content: Anthropic.ContentBlockParam[] = [];
  for (const part of message.content) {
    switch (part.type) {
      case "reasoning": {
        const block = toReasoningBlock(part);
        if (block) reasoning.push(block);
        break;
      }
      case "text":
        if (part.text.trim() !== "") content.push({ type: "text", text: part.text });
        break;
      case "tool-call":
        content.push(toToolUseBlock(part));
        break;
    }
  }
  return { reasoning, content };
}
