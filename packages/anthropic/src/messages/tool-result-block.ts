import { toolResultValueText, type ToolResultPart } from "@baton/core";
import { providerCallId } from "@baton/core/provider-kit";
import type Anthropic from "@anthropic-ai/sdk";

/**
 * A `tool_result` block for one tool result: text results as they are, any other
 * value as JSON, and `is_error: true` for failed calls (so the model knows the
 * content is an error message). `tool_use_id` is the provider's own call id
 * ({@link providerCallId}), which the matching `tool_use` block carries too.
 *
 * @example toToolResultBlock({ type: "tool-result", toolCallId: "toolu_1", toolName: "add", result: { sum: 3 } })
 * // { type: "tool_result", tool_use_id: "toolu_1", content: '{"sum":3}' }
 */
export function toToolResultBlock(part: ToolResultPart): Anthropic.ToolResultBlockParam {
  const content = part.result === undefined ? undefined : toolResultValueText(part.result);
  return {
    type: "tool_result",
    tool_use_id: providerCallId(part),
    ...(content === undefined ? {} : { content }),
    ...(part.isError ? { is_error: true } : {}),
  };
}
